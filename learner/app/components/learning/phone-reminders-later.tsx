import { lazy, Suspense } from 'react';
import { RemindersSection } from './reminders-section';
import { loadWhenIdle } from '../../lib/idle';

/**
 * Phone reminders load their code once the page is idle: nothing in them works before the device's
 * subscription and the learner's settings are read, and their code (the push subscription, the hour
 * list) kept the dashboard over its 140 KiB budget. The server renders them whole, in their first
 * state, and the browser hydrates them when the code comes; a page reached by a link before then
 * shows the same section, its title and introduction, in the meantime.
 */
const LazyPhoneReminders = lazy(() =>
  loadWhenIdle(() => import('./phone-reminders')).then((module) => ({
    default: module.PhoneReminders,
  })),
);

export function PhoneRemindersLater({ idPrefix }: { idPrefix: string }) {
  return (
    <Suspense fallback={<RemindersSection />}>
      <LazyPhoneReminders idPrefix={idPrefix} />
    </Suspense>
  );
}
