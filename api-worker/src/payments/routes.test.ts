import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHECKOUT_ERROR,
  PAYMENTS_UNAVAILABLE,
  type DevCheckout,
  type PaymentHistory,
  type PremiumStatus,
} from '@drone-exam/shared';
import { call, callOk, ORIGIN, signedInUser, testDb, waitForEmail } from '../../test/helpers.ts';
import { stubStripeApi, useStripeKeys } from '../../test/stripe.ts';
import { payments, users } from '../db/schema.ts';
import { PREMIUM_PERIOD_MS } from './fulfilment.ts';

const checkout = (overrides: Record<string, unknown> = {}) => ({
  priceId: 'practice_30d',
  successUrl: `${ORIGIN}/account?payment=success`,
  cancelUrl: `${ORIGIN}/account?payment=cancelled`,
  ...overrides,
});

type CheckoutAnswer = { id: string; url: string };

async function startDevCheckout(token: string) {
  return callOk<CheckoutAnswer>('/api/payments/create-checkout-session', {
    token,
    body: checkout(),
  });
}

async function setCustomer(userId: string, customerId: string) {
  await testDb().update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, userId));
}

describe('GET /api/payments/pricing', () => {
  it('offers the one practice pass from the shared definition', async () => {
    expect(await callOk('/api/payments/pricing')).toEqual({
      offers: [
        {
          priceId: 'practice_30d',
          name: '30-day Practice Pass',
          amountCents: 500,
          currency: 'CAD',
          durationDays: 30,
          recurring: false,
        },
      ],
    });
  });
});

describe('POST /api/payments/create-checkout-session', () => {
  it('needs a signed-in, verified learner who is not an admin', async () => {
    expect((await call('/api/payments/create-checkout-session', { body: checkout() })).status).toBe(
      401,
    );
    const admin = await signedInUser({ role: 'admin' });
    const asAdmin = await call('/api/payments/create-checkout-session', {
      token: admin.token,
      body: checkout(),
    });
    expect(asAdmin.status).toBe(400);
    expect(asAdmin.json).toMatchObject({ code: 'ADMIN_HAS_PREMIUM' });
  });

  it('refuses an unknown price and return addresses off our own site', async () => {
    const user = await signedInUser();
    const unknownPrice = await call('/api/payments/create-checkout-session', {
      token: user.token,
      body: checkout({ priceId: 'lifetime_free' }),
    });
    expect(unknownPrice.status).toBe(400);
    expect(unknownPrice.json).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { priceId: 'Unknown price' },
    });
    for (const field of ['successUrl', 'cancelUrl']) {
      const foreign = await call('/api/payments/create-checkout-session', {
        token: user.token,
        body: checkout({ [field]: 'https://evil.example/phish' }),
      });
      expect(foreign.status).toBe(400);
      expect(foreign.json).toMatchObject({ code: 'INVALID_RETURN_URL' });
      const notAUrl = await call('/api/payments/create-checkout-session', {
        token: user.token,
        body: checkout({ [field]: 'javascript:alert(1)' }),
      });
      expect(notAUrl.json).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('sends a learner who has not verified their address to verify it first', async () => {
    // Registering signs the learner in before they verify.
    const { token } = await callOk<{ token: string }>('/api/auth/register', {
      body: {
        firstName: 'Una',
        lastName: 'Verified',
        email: 'unverified@example.com',
        password: 'long-enough-password',
      },
    });
    const { status, json } = await call('/api/payments/create-checkout-session', {
      token,
      body: checkout(),
    });
    expect(status).toBe(403);
    expect(json).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });

  it('goes to the local test checkout in development without a Stripe key', async () => {
    const user = await signedInUser();
    const { id, url } = await startDevCheckout(user.token);
    expect(id).toMatch(/^cs_dev_/);
    expect(url).toBe(`${ORIGIN}/dev/checkout?session=${id}`);
  });

  describe('in production without a Stripe key', () => {
    afterEach(() => {
      (env as { ENVIRONMENT: string }).ENVIRONMENT = 'test';
    });

    it('refuses with a clear 503', async () => {
      const user = await signedInUser();
      (env as { ENVIRONMENT: string }).ENVIRONMENT = 'production';
      const { status, json } = await call('/api/payments/create-checkout-session', {
        token: user.token,
        body: checkout(),
      });
      expect(status).toBe(503);
      expect(json).toEqual({
        success: false,
        error: PAYMENTS_UNAVAILABLE,
        code: 'PAYMENTS_UNAVAILABLE',
      });
    });
  });

  describe('with Stripe', () => {
    useStripeKeys();

    it('creates a CAD payment-mode Checkout with the email prefilled and the user in metadata', async () => {
      const user = await signedInUser();
      const calls = stubStripeApi(() => ({
        id: 'cs_test_created',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_test_created',
      }));
      const data = await callOk<CheckoutAnswer>('/api/payments/create-checkout-session', {
        token: user.token,
        body: checkout(),
      });
      expect(data).toEqual({
        id: 'cs_test_created',
        url: 'https://checkout.stripe.com/c/pay/cs_test_created',
      });
      expect(calls).toHaveLength(1);
      const [request] = calls;
      expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
      const form = Object.fromEntries(request!.form);
      expect(form).toMatchObject({
        mode: 'payment',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'cad',
        'line_items[0][price_data][unit_amount]': '500',
        'line_items[0][price_data][product_data][name]': '30-day Practice Pass',
        customer_email: user.email,
        customer_creation: 'always',
        client_reference_id: user.id,
        'metadata[userId]': user.id,
        'metadata[priceId]': 'practice_30d',
        success_url: `${ORIGIN}/account?payment=success`,
        cancel_url: `${ORIGIN}/account?payment=cancelled`,
      });
    });

    it('reuses the Stripe customer of a returning buyer', async () => {
      const user = await signedInUser();
      await setCustomer(user.id, 'cus_test_returning');
      const calls = stubStripeApi(() => ({
        id: 'cs_test_again',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_test_again',
      }));
      await callOk('/api/payments/create-checkout-session', {
        token: user.token,
        body: checkout(),
      });
      expect(calls[0]!.form.get('customer')).toBe('cus_test_returning');
      expect(calls[0]!.form.has('customer_email')).toBe(false);
    });

    it("answers the spec's checkout error when Stripe refuses", async () => {
      const user = await signedInUser();
      stubStripeApi(() => [
        400,
        { error: { type: 'invalid_request_error', message: 'No such price' } },
      ]);
      const { status, json } = await call('/api/payments/create-checkout-session', {
        token: user.token,
        body: checkout(),
      });
      expect(status).toBe(502);
      expect(json).toMatchObject({ error: CHECKOUT_ERROR, code: 'STRIPE_ERROR' });
    });
  });
});

describe('the local test checkout', () => {
  it('shows the pending checkout to its learner only', async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    const { id } = await startDevCheckout(user.token);
    expect(
      await callOk<DevCheckout>(`/api/payments/dev-checkout/${id}`, { token: user.token }),
    ).toMatchObject({
      id,
      email: user.email,
      paid: false,
      offer: { priceId: 'practice_30d', amountCents: 500 },
      cancelUrl: `${ORIGIN}/account?payment=cancelled`,
    });
    expect((await call(`/api/payments/dev-checkout/${id}`, { token: other.token })).status).toBe(
      404,
    );
    expect(
      (await call(`/api/payments/dev-checkout/${id}/pay`, { token: other.token, method: 'POST' }))
        .status,
    ).toBe(404);
    expect(
      (await call('/api/payments/dev-checkout/cs_dev_not-a-real-session', { token: user.token }))
        .status,
    ).toBe(404);
  });

  it('Pay runs the fulfilment once and returns to the success address', async () => {
    const user = await signedInUser();
    const { id } = await startDevCheckout(user.token);
    const before = Date.now();
    const paid = await callOk<{ redirectTo: string }>(`/api/payments/dev-checkout/${id}/pay`, {
      token: user.token,
      method: 'POST',
    });
    expect(paid.redirectTo).toBe(`${ORIGIN}/account?payment=success`);
    const status = await callOk<PremiumStatus>('/api/auth/premium-status', { token: user.token });
    expect(status.hasPremium).toBe(true);
    expect(Date.parse(status.expiresAt!)).toBeGreaterThanOrEqual(before + PREMIUM_PERIOD_MS);
    await waitForEmail(user.email, 'subscription-confirmation');

    // A second click on Pay is harmless.
    await callOk(`/api/payments/dev-checkout/${id}/pay`, { token: user.token, method: 'POST' });
    const rows = await testDb().select().from(payments).where(eq(payments.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'dev', checkoutSessionId: id, amountCents: 500 });
    expect(
      await callOk<DevCheckout>(`/api/payments/dev-checkout/${id}`, { token: user.token }),
    ).toMatchObject({ paid: true });
  });

  it('Cancel returns to the cancel address and grants nothing', async () => {
    const user = await signedInUser();
    const { id } = await startDevCheckout(user.token);
    const cancelled = await callOk<{ redirectTo: string }>(
      `/api/payments/dev-checkout/${id}/cancel`,
      { token: user.token, method: 'POST' },
    );
    expect(cancelled.redirectTo).toBe(`${ORIGIN}/account?payment=cancelled`);
    expect(
      (await call(`/api/payments/dev-checkout/${id}/pay`, { token: user.token, method: 'POST' }))
        .status,
    ).toBe(404);
    expect(
      (await callOk<PremiumStatus>('/api/auth/premium-status', { token: user.token })).hasPremium,
    ).toBe(false);
  });

  describe('in production', () => {
    afterEach(() => {
      (env as { ENVIRONMENT: string }).ENVIRONMENT = 'test';
    });

    it('does not exist', async () => {
      const user = await signedInUser();
      const { id } = await startDevCheckout(user.token);
      (env as { ENVIRONMENT: string }).ENVIRONMENT = 'production';
      const pay = await call(`/api/payments/dev-checkout/${id}/pay`, {
        token: user.token,
        method: 'POST',
      });
      expect(pay.status).toBe(404);
    });
  });
});

describe('GET /api/payments/history', () => {
  it("lists the learner's own purchases, newest first, a page at a time", async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    for (let i = 0; i < 3; i++) {
      const { id } = await startDevCheckout(user.token);
      await callOk(`/api/payments/dev-checkout/${id}/pay`, { token: user.token, method: 'POST' });
    }
    const { id } = await startDevCheckout(other.token);
    await callOk(`/api/payments/dev-checkout/${id}/pay`, { token: other.token, method: 'POST' });

    const first = await callOk<PaymentHistory>('/api/payments/history?limit=2', {
      token: user.token,
    });
    expect(first.payments).toHaveLength(2);
    expect(first.pagination).toMatchObject({
      currentPage: 1,
      totalPages: 2,
      totalItems: 3,
      hasNextPage: true,
    });
    expect(first.portalAvailable).toBe(false);
    expect(first.payments[0]).toMatchObject({
      description: '30-day Practice Pass',
      amountCents: 500,
      currency: 'CAD',
      status: 'paid',
      provider: 'dev',
    });
    expect(Date.parse(first.payments[0]!.periodStart)).toBeGreaterThan(
      Date.parse(first.payments[1]!.periodStart),
    );
    const second = await callOk<PaymentHistory>('/api/payments/history?limit=2&page=2', {
      token: user.token,
    });
    expect(second.payments).toHaveLength(1);
    expect(second.pagination.hasNextPage).toBe(false);
    expect((await call('/api/payments/history')).status).toBe(401);
  });
});

describe('the Stripe customer calls', () => {
  it('answer a clear 503 without a Stripe key', async () => {
    const user = await signedInUser();
    for (const [path, method] of [
      ['/api/payments/create-portal-session', 'POST'],
      ['/api/payments/payment-methods', 'GET'],
      ['/api/payments/setup-intent', 'POST'],
    ] as const) {
      const { status, json } = await call(path, {
        token: user.token,
        method,
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expect(status, path).toBe(503);
      expect(json).toMatchObject({ error: PAYMENTS_UNAVAILABLE });
    }
  });

  describe('with Stripe', () => {
    useStripeKeys();

    it('opens the billing portal for a learner with a Stripe customer, back to our own site', async () => {
      const user = await signedInUser();
      const none = await call('/api/payments/create-portal-session', {
        token: user.token,
        body: {},
      });
      expect(none.status).toBe(404);
      await setCustomer(user.id, 'cus_test_portal');
      const history = await callOk<PaymentHistory>('/api/payments/history', { token: user.token });
      expect(history.portalAvailable).toBe(true);
      const calls = stubStripeApi(() => ({
        id: 'bps_test_1',
        object: 'billing_portal.session',
        url: 'https://billing.stripe.com/p/session/test_1',
      }));
      const { url } = await callOk<{ url: string }>('/api/payments/create-portal-session', {
        token: user.token,
        body: {},
      });
      expect(url).toBe('https://billing.stripe.com/p/session/test_1');
      expect(calls[0]).toMatchObject({ method: 'POST', path: '/v1/billing_portal/sessions' });
      expect(Object.fromEntries(calls[0]!.form)).toEqual({
        customer: 'cus_test_portal',
        return_url: 'http://app.test/account',
      });
      const foreign = await call('/api/payments/create-portal-session', {
        token: user.token,
        body: { returnUrl: 'https://evil.example/' },
      });
      expect(foreign.json).toMatchObject({ code: 'INVALID_RETURN_URL' });
    });

    it("lists the customer's saved cards", async () => {
      const user = await signedInUser();
      expect(await callOk('/api/payments/payment-methods', { token: user.token })).toEqual({
        paymentMethods: [],
      });
      await setCustomer(user.id, 'cus_test_cards');
      const calls = stubStripeApi(() => ({
        object: 'list',
        url: '/v1/customers/cus_test_cards/payment_methods',
        has_more: false,
        data: [
          {
            id: 'pm_test_visa',
            object: 'payment_method',
            type: 'card',
            card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
          },
        ],
      }));
      expect(await callOk('/api/payments/payment-methods', { token: user.token })).toEqual({
        paymentMethods: [
          { id: 'pm_test_visa', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
        ],
      });
      expect(calls[0]).toMatchObject({
        method: 'GET',
        path: '/v1/customers/cus_test_cards/payment_methods',
      });
    });

    it('creates a setup intent, making the Stripe customer first when there is none', async () => {
      const user = await signedInUser();
      const calls = stubStripeApi((request) =>
        request.path === '/v1/customers'
          ? { id: 'cus_test_new', object: 'customer' }
          : { id: 'seti_test_1', object: 'setup_intent', client_secret: 'seti_test_1_secret_x' },
      );
      expect(
        await callOk('/api/payments/setup-intent', { token: user.token, method: 'POST', body: {} }),
      ).toEqual({ id: 'seti_test_1', clientSecret: 'seti_test_1_secret_x' });
      expect(calls.map((c) => c.path)).toEqual(['/v1/customers', '/v1/setup_intents']);
      expect(calls[0]!.form.get('email')).toBe(user.email);
      expect(calls[1]!.form.get('customer')).toBe('cus_test_new');
      const [row] = await testDb().select().from(users).where(eq(users.id, user.id));
      expect(row!.stripeCustomerId).toBe('cus_test_new');
    });
  });
});
