/// <reference lib="webworker" />
/**
 * Phone reminders (issue 31) in the service worker: a push shows the reminder the API encrypted
 * for this browser (api-worker/src/push/delivery.ts ReminderMessage), with a "Settings" action
 * that opens the account's reminder settings. Tapping it, or its action, posts the link's signed
 * token to POST /api/push/opened (it was opened, not ignored) and opens the page.
 */
import { PUSH_OPENED_PARAM } from '@drone-exam/shared/schemas/push-values';

type Reminder = {
  title: string;
  body: string;
  url: string;
  settingsUrl: string;
  settingsLabel: string;
};

const SETTINGS_ACTION = 'settings';

/** Only our own origin's pages open from a reminder. */
function sameOrigin(self: ServiceWorkerGlobalScope, address: string) {
  const url = new URL(address, self.location.origin);
  return url.origin === self.location.origin ? url.href : self.location.origin;
}

async function opened(self: ServiceWorkerGlobalScope, reminder: Reminder, action: string) {
  const token = new URL(reminder.url, self.location.origin).searchParams.get(PUSH_OPENED_PARAM);
  if (token)
    await fetch('/api/push/opened', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    }).catch(() => undefined);
  const target = sameOrigin(self, action === SETTINGS_ACTION ? reminder.settingsUrl : reminder.url);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).pathname === new URL(target).pathname);
  if (open) {
    await open.focus();
    return;
  }
  await self.clients.openWindow(target);
}

export function handleReminders(self: ServiceWorkerGlobalScope) {
  self.addEventListener('push', (event) => {
    const reminder = event.data?.json() as Reminder | undefined;
    if (!reminder?.title) return;
    event.waitUntil(
      self.registration.showNotification(reminder.title, {
        body: reminder.body,
        icon: '/icons/icon-192.png',
        tag: 'daily-reminder',
        data: reminder,
        actions: [{ action: SETTINGS_ACTION, title: reminder.settingsLabel }],
      } as NotificationOptions),
    );
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const reminder = event.notification.data as Reminder | undefined;
    if (!reminder?.url) return;
    event.waitUntil(opened(self, reminder, event.action));
  });
}
