import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

let zone: string | undefined;

/**
 * The browser's time zone, read once: React asks a store for its value several times a render, and
 * every form of the plan carries the field, so reading it anew cost tens of milliseconds on a
 * phone's processor at hydration.
 */
export const browserTimeZone = () => (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * The browser's time zone as a hidden field, so "today", "tomorrow" and the exam countdown follow
 * the learner's own days. The server cannot know it: the field is empty until the page hydrates,
 * and the API keeps the zone it already has.
 */
export function TimeZoneField() {
  const value = useSyncExternalStore(noSubscription, browserTimeZone, () => '');
  return <input type="hidden" name="timeZone" value={value} />;
}
