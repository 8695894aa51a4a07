import { lazy, Suspense } from 'react';
import { PhoneRemindersFrame } from './phone-reminders-frame';
import { loadWhenIdle } from '../../lib/idle';

const PhoneReminderSettings = lazy(() =>
  loadWhenIdle(() => import('./phone-reminder-settings')).then((module) => ({
    default: module.PhoneReminderSettings,
  })),
);

/**
 * Phone reminders (issue 31) load their code once the dashboard or the account is idle: the card
 * shows only its heading and introduction until the browser has asked the API and the service
 * worker, so the server renders that and the browser hydrates the card once its code is there
 * (about 2 KiB out of both pages' start-up). A page opened by a link before then shows the same
 * heading and introduction.
 */
export function PhoneReminders({ idPrefix }: { idPrefix: string }) {
  return (
    <Suspense fallback={<PhoneRemindersFrame />}>
      <PhoneReminderSettings idPrefix={idPrefix} />
    </Suspense>
  );
}
