import { useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/react';
import { useFormat } from '../i18n/hooks';

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
  const { t } = useTranslation();
  const format = useFormat();
  const local = useSyncExternalStore(
    noSubscription,
    () => format.date(value, { withTime }),
    () => null,
  );
  return (
    <time dateTime={value} className={className}>
      {local ??
        (withTime
          ? t('dates.utc', { date: format.date(value, { withTime, timeZone: 'UTC' }) })
          : format.date(value, { timeZone: 'UTC' }))}
    </time>
  );
}
