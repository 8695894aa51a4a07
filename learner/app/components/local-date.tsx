import { useSyncExternalStore } from 'react';
import { formatDate } from '@drone-exam/shared/text';

const noSubscription = () => () => {};

/**
 * A date in the reader's own time zone. The server cannot know it, so the server (and hydration)
 * render UTC, marked as such, and the browser then shows local time without a hydration mismatch.
 */
export function LocalDate({
  value,
  withTime = false,
  className,
}: {
  value: string;
  withTime?: boolean;
  className?: string;
}) {
  const local = useSyncExternalStore(
    noSubscription,
    () => formatDate(value, { withTime }),
    () => null,
  );
  return (
    <time dateTime={value} className={className}>
      {local ?? `${formatDate(value, { withTime, timeZone: 'UTC' })}${withTime ? ' UTC' : ''}`}
    </time>
  );
}
