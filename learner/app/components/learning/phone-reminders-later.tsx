import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/react';
import { loadWhenIdle } from '../../lib/idle';

/**
 * Phone reminders load their code once the page is idle: nothing in them works before the device's
 * subscription and the learner's settings are read, and their code (the push subscription, the hour
 * list) kept the dashboard over its 140 KiB budget. The server renders them whole, in their first
 * state, and the browser hydrates them when the code comes; a page reached by a link before then
 * shows their title and introduction in the meantime.
 */
const LazyPhoneReminders = lazy(() =>
  loadWhenIdle(() => import('./phone-reminders')).then((module) => ({
    default: module.PhoneReminders,
  })),
);

export function PhoneRemindersLater({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation('learning');
  return (
    <Suspense
      fallback={
        <section>
          <h3 className="text-sm font-semibold text-slate-900">{t('push.title')}</h3>
          <p className="mt-1 text-sm text-slate-600">{t('push.intro')}</p>
        </section>
      }
    >
      <LazyPhoneReminders idPrefix={idPrefix} />
    </Suspense>
  );
}
