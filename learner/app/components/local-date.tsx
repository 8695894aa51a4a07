import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * A date in the reader's own time zone. The server cannot know that zone, so it renders the UTC
 * date and the browser swaps in the local one after hydration, without a hydration mismatch.
 */
export function LocalDate({
  iso,
  withTime = false,
  className,
}: {
  iso: string;
  withTime?: boolean;
  className?: string;
}) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const text = new Intl.DateTimeFormat('en-CA', {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
    ...(hydrated ? {} : { timeZone: 'UTC' }),
  }).format(new Date(iso));
  return (
    <time dateTime={iso} className={className}>
      {text}
    </time>
  );
}
