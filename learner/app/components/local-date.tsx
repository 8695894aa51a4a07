import { useSyncExternalStore } from 'react';
import { formatDate } from '@drone-exam/shared/text';

const noSubscription = () => () => {};

/**
 * A date in the reader's own time zone. The server cannot know it, so the server (and hydration)
 * render UTC, marked as such, and the browser then shows local time without a hydration mismatch.
 */
export function LocalDate({ value, withTime = false }: { value: string; withTime?: boolean }) {
  const local = useSyncExternalStore(
    noSubscription,
    () => formatDate(value, { withTime }),
    () => null,
  );
  return (
    <time dateTime={value}>
      {local ?? `${formatDate(value, { withTime, timeZone: 'UTC' })}${withTime ? ' UTC' : ''}`}
    </time>
  );
}
