/**
 * Sending one reminder to one browser. In production (and in the workerd tests) it is a Web Push
 * request: the message encrypted to the browser's keys (RFC 8291, aes128gcm) and signed with the
 * server's VAPID key (RFC 8292) by @block65/webcrypto-web-push (docs/decisions/2026-11-29-web-push.md),
 * posted to the browser's push service. Locally (ENVIRONMENT "development", as `npm start` and the
 * browser and smoke suites run it) it goes to the dev outbox instead (GET /api/dev/pushes), as
 * emails do. A push service answering 404 or 410 says the subscription is gone: its row is deleted.
 */
import { buildPushPayload } from '@block65/webcrypto-web-push';
import { eq } from 'drizzle-orm';
import type { Bindings } from '../env.ts';
import type { Db } from '../db/client.ts';
import { pushOutbox, pushSubscriptions } from '../db/schema.ts';
import { PUSH_TTL_SECONDS } from './constants.ts';

/** What the service worker shows (learner/sw/sw.ts reads the same fields). */
export type ReminderMessage = {
  title: string;
  body: string;
  /** Opened when the notification is tapped; carries the opened token. */
  url: string;
  /** The notification's own "Settings" action: the account's reminder settings. */
  settingsUrl: string;
  settingsLabel: string;
};

export type Subscription = { endpoint: string; p256dh: string; auth: string };
export type Delivery = 'sent' | 'gone' | 'failed';

export class PushNotConfiguredError extends Error {
  constructor() {
    super('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set');
  }
}

/** The server's VAPID key pair (base64url), or null where none is configured. */
export function vapidKeys(env: Bindings) {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null;
  return {
    subject: `mailto:${env.CONTACT_INBOX}`,
    publicKey: env.VAPID_PUBLIC_KEY,
    privateKey: env.VAPID_PRIVATE_KEY,
  };
}

const usesOutbox = (env: Bindings) => env.ENVIRONMENT === 'development';

export async function deliverReminder(
  env: Bindings,
  db: Db,
  subscription: Subscription,
  message: ReminderMessage,
  now: number,
): Promise<Delivery> {
  if (usesOutbox(env)) {
    await db.insert(pushOutbox).values({
      endpoint: subscription.endpoint,
      title: message.title,
      body: message.body,
      url: message.url,
      sentAt: now,
    });
    return 'sent';
  }
  const vapid = vapidKeys(env);
  if (!vapid) throw new PushNotConfiguredError();
  const request = await buildPushPayload(
    { data: message, options: { ttl: PUSH_TTL_SECONDS, urgency: 'normal' } },
    {
      endpoint: subscription.endpoint,
      expirationTime: null,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    vapid,
  );
  const response = await fetch(subscription.endpoint, request);
  if (response.status === 404 || response.status === 410) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    return 'gone';
  }
  if (!response.ok) {
    console.error(
      `Push service answered ${response.status} for ${new URL(subscription.endpoint).host}`,
    );
    return 'failed';
  }
  return 'sent';
}
