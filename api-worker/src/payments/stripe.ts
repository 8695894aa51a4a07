import type { Stripe } from 'stripe';
import { PAYMENTS_UNAVAILABLE } from '@drone-exam/shared';
import type { Bindings } from '../env.ts';
import { ApiError } from '../lib/http.ts';

/**
 * Stripe's SDK (about 270 modules) is loaded by the payment calls that use it, not with the app:
 * every other request, and every API test file's runtime, starts without it.
 */
const stripeSdk = async () => (await import('stripe')).Stripe;

/**
 * Stripe's SDK over fetch (workerd has no node:https). A client per request: the global fetch is
 * picked up when the client is made, which is also where a test stubs the HTTP boundary.
 */
export async function stripeClient(env: Bindings): Promise<Stripe | null> {
  if (!env.STRIPE_SECRET_KEY) return null;
  const Stripe = await stripeSdk();
  return new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
  });
}

/** Calls that only make sense against Stripe answer a clear 503 when no key is configured. */
export async function requireStripe(env: Bindings): Promise<Stripe> {
  const stripe = await stripeClient(env);
  if (!stripe) throw new ApiError(503, PAYMENTS_UNAVAILABLE, 'PAYMENTS_UNAVAILABLE');
  return stripe;
}

/** A Stripe API failure is logged in full and answered as a 502 with a message for people. */
export async function callStripe<T>(message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.error('Stripe call failed', error);
    throw new ApiError(502, message, 'STRIPE_ERROR');
  }
}

/** Verifies the Stripe-Signature header with Web Crypto and returns the event it signs. */
export async function verifyWebhook(
  payload: string,
  signature: string | undefined,
  secret: string,
): Promise<Stripe.Event | null> {
  if (!signature) return null;
  const Stripe = await stripeSdk();
  try {
    return await Stripe.webhooks.constructEventAsync(
      payload,
      signature,
      secret,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch {
    return null;
  }
}

/** Stripe fields that hold either an id or the expanded object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
