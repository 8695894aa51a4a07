import { lazy, Suspense, useId } from 'react';
import { useTranslation } from '../../i18n/react';
import { loadWhenIdle } from '../../lib/idle';

/**
 * The settings' code loads once the page is idle: they show nothing until the browser has read
 * the learner's settings, so no click can reach them sooner, and the dashboard and the account
 * page start without it.
 */
const LazyReminderSettings = lazy(() =>
  loadWhenIdle(() => import('./reminder-settings')).then((module) => ({
    default: module.ReminderSettings,
  })),
);

/** Phone reminders (issue 31), on the dashboard and the account: what they are, then their settings. */
export function PhoneReminders({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation('learning');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="phone-reminders">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('push.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t('push.intro')}</p>
      <Suspense fallback={null}>
        <LazyReminderSettings idPrefix={idPrefix} />
      </Suspense>
    </section>
  );
}
