import type { Bindings } from '../env.ts';
import { randomToken } from '../lib/ids.ts';

/**
 * The local test checkout (ARCHITECTURE.md: development without STRIPE_SECRET_KEY). A pending
 * checkout lives an hour in KV, like a Stripe Checkout Session does at Stripe; paying it runs
 * the same fulfilment as the webhook.
 */
export type DevCheckoutRecord = {
  userId: string;
  email: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  /** Set when the checkout sells a class's seats (issue 30) rather than a premium pass. */
  seats?: { classId: string; className: string; count: number };
};

const TTL_SECONDS = 60 * 60;
const key = (id: string) => `dev-checkout:${id}`;

export async function createDevCheckout(env: Bindings, record: DevCheckoutRecord) {
  const id = `cs_dev_${randomToken()}`;
  await env.SESSIONS.put(key(id), JSON.stringify(record), { expirationTtl: TTL_SECONDS });
  return id;
}

/** The pending checkout, only for the learner who started it. */
export async function readDevCheckout(env: Bindings, id: string, userId: string) {
  const record = await env.SESSIONS.get<DevCheckoutRecord>(key(id), 'json');
  return record && record.userId === userId ? record : null;
}

export async function closeDevCheckout(env: Bindings, id: string) {
  await env.SESSIONS.delete(key(id));
}
