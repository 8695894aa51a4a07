import { z } from 'zod';
import { TimeZoneSchema } from './learning.ts';
import { PUSH_HOUR_MAX, PUSH_HOUR_MIN } from './push-values.ts';

const HOUR_MESSAGE = `Choose an hour from ${PUSH_HOUR_MIN} to ${PUSH_HOUR_MAX}`;
const ENDPOINT_MESSAGE = 'The subscription endpoint must be an https address';
/** The bytes of a base64url string, or null when it is not one. */
function base64urlBytes(value: string): Uint8Array | null {
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, ''));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** base64url, as PushSubscription.toJSON() gives the keys, holding what RFC 8291 needs. */
const key = (name: string, message: string, fits: (bytes: Uint8Array) => boolean) =>
  z
    .string({ error: `keys.${name} is required` })
    .min(1, `keys.${name} is required`)
    .max(200, message)
    .refine((value) => {
      const bytes = base64urlBytes(value);
      return bytes !== null && fits(bytes);
    }, message);

/** The push service's address of one browser (RFC 8030): always https. */
const EndpointSchema = z
  .string({ error: ENDPOINT_MESSAGE })
  .trim()
  .max(1000, 'The subscription endpoint is too long')
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, ENDPOINT_MESSAGE);

/**
 * POST /api/push/subscriptions: what PushSubscription.toJSON() gives (endpoint and keys), plus the
 * learner's hour; expirationTime, when the browser sends it, is ignored by the push service too.
 */
export const PushSubscriptionSchema = z.strictObject({
  endpoint: EndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject(
    {
      p256dh: key(
        'p256dh',
        'keys.p256dh must be an uncompressed P-256 public key, base64url',
        (bytes) => bytes.length === 65 && bytes[0] === 4,
      ),
      auth: key(
        'auth',
        'keys.auth must be a 16-byte secret, base64url',
        (bytes) => bytes.length === 16,
      ),
    },
    { error: 'keys (p256dh and auth) are required' },
  ),
  hour: z
    .number({ error: HOUR_MESSAGE })
    .int(HOUR_MESSAGE)
    .min(PUSH_HOUR_MIN, HOUR_MESSAGE)
    .max(PUSH_HOUR_MAX, HOUR_MESSAGE),
  /** The browser's time zone, so the hour is the learner's own. */
  timeZone: TimeZoneSchema.optional(),
});
export type PushSubscriptionInput = z.input<typeof PushSubscriptionSchema>;

/** DELETE /api/push/subscriptions: the browser that stops. */
export const PushUnsubscribeSchema = z.strictObject({ endpoint: EndpointSchema });

/** POST /api/push/opened: the token a reminder's link carried. */
export const PushOpenedSchema = z.strictObject({
  token: z
    .string({ error: 'The reminder link is incomplete' })
    .trim()
    .min(1, 'The reminder link is incomplete')
    .max(300, 'The reminder link is not valid'),
});

/** GET /api/push/public-key: the server's VAPID key (RFC 8292), a base64url P-256 point. */
export type PushPublicKey = { publicKey: string };

/** GET /api/push/settings: the learner's reminder hour and whether ignored reminders paused them. */
export type PushSettings = {
  /** The chosen local hour, or null when no browser of theirs is subscribed. */
  hour: number | null;
  devices: number;
  paused: boolean;
};
