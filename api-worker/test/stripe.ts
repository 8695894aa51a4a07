import { env, exports } from 'cloudflare:workers';
import { Stripe } from 'stripe';
import { afterEach, beforeEach, vi } from 'vitest';
import type { ApiResult } from '@drone-exam/shared';
import { ORIGIN } from './helpers.ts';

export const WEBHOOK_SECRET = 'whsec_test_dronecert_0123456789abcdef';
export const SECRET_KEY = 'sk_test_dronecert_0123456789abcdef';

type MutableEnv = { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string };

/** Configures Stripe keys for the tests of a describe block (the default test env has none). */
export function useStripeKeys() {
  beforeEach(() => {
    (env as MutableEnv).STRIPE_SECRET_KEY = SECRET_KEY;
    (env as MutableEnv).STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  });
  afterEach(() => {
    delete (env as MutableEnv).STRIPE_SECRET_KEY;
    delete (env as MutableEnv).STRIPE_WEBHOOK_SECRET;
  });
}

export type StripeRequest = { method: string; path: string; form: URLSearchParams };

/**
 * Stubs the HTTP boundary to api.stripe.com: each call is recorded and answered by `respond`
 * (a JSON body, or a [status, body] pair); every other URL goes to the real fetch.
 */
export function stubStripeApi(
  respond: (request: StripeRequest) => unknown | [number, unknown],
): StripeRequest[] {
  const calls: StripeRequest[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.hostname !== 'api.stripe.com') return realFetch(input, init);
    const body =
      request.method === 'GET'
        ? url.search.slice(1)
        : new TextDecoder().decode(await request.arrayBuffer());
    const call = { method: request.method, path: url.pathname, form: new URLSearchParams(body) };
    calls.push(call);
    const answer = respond(call);
    const [status, json] =
      Array.isArray(answer) && typeof answer[0] === 'number' ? answer : [200, answer];
    return new Response(JSON.stringify(json), {
      status,
      headers: { 'content-type': 'application/json', 'request-id': `req_${calls.length}` },
    });
  });
  return calls;
}

let sequence = 0;
const stripeId = (prefix: string) =>
  `${prefix}_test_${Date.now().toString(36)}${(++sequence).toString(36).padStart(4, '0')}`;

function eventEnvelope<T extends Record<string, unknown>>(
  type: string,
  object: T,
  id = stripeId('evt'),
) {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: stripeId('req'), idempotency_key: crypto.randomUUID() },
    type,
  };
}

/** A checkout.session.completed event as Stripe sends it for a paid one-time Checkout. */
export function checkoutCompletedEvent(
  user: { id: string; email: string },
  overrides: Partial<{
    type: string;
    sessionId: string;
    paymentIntentId: string;
    customerId: string;
    paymentStatus: 'paid' | 'unpaid';
    amountTotal: number;
  }> = {},
) {
  const sessionId = overrides.sessionId ?? stripeId('cs');
  const amount = overrides.amountTotal ?? 500;
  const created = Math.floor(Date.now() / 1000) - 60;
  return eventEnvelope(overrides.type ?? 'checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_address_collection: null,
    cancel_url: `${ORIGIN}/account?payment=cancelled`,
    client_reference_id: user.id,
    consent: null,
    created,
    currency: 'cad',
    customer: overrides.customerId ?? stripeId('cus'),
    customer_creation: 'always',
    customer_details: {
      address: null,
      email: user.email,
      name: 'Test Pilot',
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
    customer_email: user.email,
    expires_at: created + 86_400,
    invoice: null,
    livemode: false,
    locale: null,
    metadata: { userId: user.id, priceId: 'practice_30d' },
    mode: 'payment',
    payment_intent: overrides.paymentIntentId ?? stripeId('pi'),
    payment_method_types: ['card'],
    payment_status: overrides.paymentStatus ?? 'paid',
    status: 'complete',
    submit_type: null,
    subscription: null,
    success_url: `${ORIGIN}/account?payment=success`,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: null,
  });
}

/** A charge.refunded event for the charge of a payment intent. */
export function chargeRefundedEvent(
  paymentIntentId: string,
  overrides: Partial<{ amountRefunded: number; customerId: string }> = {},
) {
  const refunded = overrides.amountRefunded ?? 500;
  return eventEnvelope('charge.refunded', {
    id: stripeId('ch'),
    object: 'charge',
    amount: 500,
    amount_captured: 500,
    amount_refunded: refunded,
    captured: true,
    created: Math.floor(Date.now() / 1000) - 3600,
    currency: 'cad',
    customer: overrides.customerId ?? null,
    description: null,
    disputed: false,
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: paymentIntentId,
    payment_method: stripeId('pm'),
    receipt_url: 'https://pay.stripe.com/receipts/payment/test',
    refunded: refunded >= 500,
    status: 'succeeded',
  });
}

/** Posts an event to the webhook as Stripe does: the raw JSON body, signed with Stripe's helper. */
export async function postWebhook(
  event: object,
  options: {
    secret?: string;
    tamper?: (payload: string) => string;
    signature?: string | null;
  } = {},
) {
  const payload = JSON.stringify(event, null, 2);
  const signature =
    options.signature === undefined
      ? await Stripe.webhooks.generateTestHeaderStringAsync({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
          cryptoProvider: Stripe.createSubtleCryptoProvider(),
        })
      : options.signature;
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
  };
  if (signature !== null) headers['stripe-signature'] = signature;
  const response = await exports.default.fetch(
    new Request(`${ORIGIN}/api/payments/webhook`, {
      method: 'POST',
      headers,
      body: options.tamper ? options.tamper(payload) : payload,
    }),
  );
  return {
    status: response.status,
    json: (await response.json()) as ApiResult<{ received: boolean; outcome: string }>,
  };
}
