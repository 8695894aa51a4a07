import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * The browser's time zone as a hidden field, so "today", "tomorrow" and the exam countdown follow
 * the learner's own days. The server cannot know it: the field is empty until the page hydrates,
 * and the API keeps the zone it already has.
 */
export function TimeZoneField() {
  const zone = useSyncExternalStore(
    noSubscription,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => '',
  );
  return <input type="hidden" name="timeZone" value={zone} />;
}
