import { useEffect, useRef } from 'react';

let zone: string | undefined;

/**
 * The browser's time zone, read once: every form of the plan carries the field, and reading it
 * anew cost tens of milliseconds on a phone's processor.
 */
export const browserTimeZone = () => (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * The browser's time zone as a hidden field, so "today", "tomorrow" and the exam countdown follow
 * the learner's own days. The server cannot know it, and the browser reads it only as the form's
 * data is gathered on submit: reading it builds the page's first Intl date formatter, tens of
 * milliseconds of a phone's processor, which at hydration every page with a plan form paid. A form
 * sent before the page hydrates carries it empty, and the API keeps the zone it already has.
 */
export function TimeZoneField() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = field.current?.form;
    if (!form) return;
    const fill = (event: FormDataEvent) => event.formData.set('timeZone', browserTimeZone());
    form.addEventListener('formdata', fill);
    return () => form.removeEventListener('formdata', fill);
  }, []);
  return <input ref={field} type="hidden" name="timeZone" defaultValue="" />;
}
