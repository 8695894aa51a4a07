/**
 * `npm run stripe:event -- <type> --email <address>`: posts a correctly signed Stripe event to the
 * running product's webhook (`npm start`), so the real fulfilment path runs without Stripe.
 *
 *   checkout.session.completed            premium for the learner with that address
 *   checkout.session.async_payment_succeeded
 *   charge.refunded --payment-intent pi_… a full refund of that purchase
 *
 * Options: --id evt_… sends that event id again (a replay: Stripe resends the same event),
 * --url http://127.0.0.1:3000 (default: PORT), --state .wrangler/state (default: STATE_DIR).
 * The signature uses the local development secret the API falls back to when no
 * STRIPE_WEBHOOK_SECRET is set (or the one in .dev.vars when it is).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/content.ts';
import { queryLocal } from './lib/d1.ts';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../api-worker/src/payments/dev-webhook-secret.ts';
import { PREMIUM_OFFER } from '../shared/src/schemas/payments-values.ts';

const TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'charge.refunded',
] as const;
type EventType = (typeof TYPES)[number];

function usage(message: string): never {
  console.error(
    `${message}\nUsage: npm run stripe:event -- <${TYPES.join('|')}> --email <address> [--id evt_…] [--payment-intent pi_…] [--url …]`,
  );
  process.exit(2);
}

/** The secret the local API verifies with: .dev.vars when it sets one, else the local default. */
function webhookSecret(): string {
  const file = path.join(ROOT, '.dev.vars');
  const configured = existsSync(file)
    ? /^STRIPE_WEBHOOK_SECRET=(.+)$/m.exec(readFileSync(file, 'utf8'))?.[1]?.trim()
    : undefined;
  return configured || LOCAL_STRIPE_WEBHOOK_SECRET;
}

/** Stripe's signature scheme: t=<seconds>,v1=HMAC-SHA256(secret, "<t>.<payload>"). */
export function signature(payload: string, secret: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** Ids derived from the event id, so sending the same event again is a true replay. */
const derived = (prefix: string, eventId: string) => `${prefix}_local_${eventId.slice(4)}`;

function eventObject(
  type: EventType,
  eventId: string,
  user: { id: string; email: string },
  paymentIntent?: string,
) {
  if (type === 'charge.refunded') {
    if (!paymentIntent)
      usage('charge.refunded needs --payment-intent pi_… (shown when the purchase was sent)');
    return {
      id: derived('ch', eventId),
      object: 'charge',
      amount: PREMIUM_OFFER.amountCents,
      amount_refunded: PREMIUM_OFFER.amountCents,
      currency: PREMIUM_OFFER.currency.toLowerCase(),
      paid: true,
      payment_intent: paymentIntent,
      refunded: true,
      status: 'succeeded',
    };
  }
  return {
    id: derived('cs', eventId),
    object: 'checkout.session',
    amount_total: PREMIUM_OFFER.amountCents,
    client_reference_id: user.id,
    currency: PREMIUM_OFFER.currency.toLowerCase(),
    customer: null,
    customer_details: { email: user.email },
    metadata: { userId: user.id, priceId: PREMIUM_OFFER.priceId },
    mode: 'payment',
    payment_intent: derived('pi', eventId),
    payment_status: 'paid',
    status: 'complete',
  };
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    id: { type: 'string' },
    'payment-intent': { type: 'string' },
    url: { type: 'string' },
    state: { type: 'string' },
  },
});
const type = positionals[0] as EventType | undefined;
if (!type || !TYPES.includes(type)) usage(`Choose an event type.`);
if (!values.email) usage('Name the learner with --email.');

const stateDir = path.resolve(ROOT, values.state ?? process.env.STATE_DIR ?? '.wrangler/state');
const email = values.email.trim().toLowerCase();
const [user] = queryLocal<{ id: string; email: string }>(
  stateDir,
  `SELECT id, email FROM users WHERE email = '${email.replace(/'/g, "''")}'`,
);
if (!user) usage(`No account for ${email} in the local database (${stateDir}).`);

const eventId = values.id ?? `evt_${randomBytes(12).toString('hex')}`;
const event = {
  id: eventId,
  object: 'event',
  api_version: '2025-01-27.acacia',
  created: Math.floor(Date.now() / 1000),
  data: { object: eventObject(type, eventId, user, values['payment-intent']) },
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
};
const payload = JSON.stringify(event);
const url = `${values.url ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`}/api/payments/webhook`;
const response = await fetch(url, {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    'stripe-signature': signature(payload, webhookSecret(), Math.floor(Date.now() / 1000)),
  },
  body: payload,
});
const answer = await response.text();
console.info(`${type} ${eventId} for ${user.email} → ${response.status} ${answer}`);
if (type !== 'charge.refunded') {
  console.info(`Replay it: npm run stripe:event -- ${type} --email ${user.email} --id ${eventId}`);
  console.info(
    `Refund it: npm run stripe:event -- charge.refunded --email ${user.email} --payment-intent ${derived('pi', eventId)}`,
  );
}
process.exit(response.ok ? 0 : 1);
