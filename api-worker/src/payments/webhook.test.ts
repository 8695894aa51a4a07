import { eq } from 'drizzle-orm';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import type { PremiumStatus } from '@drone-exam/shared';
import { call, callOk, signedInUser, testDb, waitForEmail } from '../../test/helpers.ts';
import {
  chargeRefundedEvent,
  checkoutCompletedEvent,
  postWebhook,
  useStripeKeys,
  WEBHOOK_SECRET,
} from '../../test/stripe.ts';
import {
  activities,
  analyticsEvents,
  dailyMetrics,
  emails,
  payments,
  stripeEvents,
  users,
} from '../db/schema.ts';
import { readCounters } from '../lib/events.ts';
import { DAY_MS, PREMIUM_PERIOD_MS } from './fulfilment.ts';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from './dev-webhook-secret.ts';

const db = testDb;

async function userRow(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  return row!;
}

async function paymentsOf(userId: string) {
  return db()
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(payments.createdAt);
}

async function snapshot(userId: string) {
  return {
    user: await userRow(userId),
    payments: await paymentsOf(userId),
    events: await db().select().from(stripeEvents),
    counters: await readCounters(db(), [
      'payments.count',
      'payments.revenue_cents',
      'payments.refunded',
    ]),
    confirmations: await db()
      .select({ id: emails.id })
      .from(emails)
      .where(eq(emails.template, 'subscription-confirmation')),
  };
}

const premiumStatus = (token: string) =>
  callOk<PremiumStatus>('/api/auth/premium-status', { token });

/** POST /api/quiz/attempt, the first thing premium unlocks: its status and error code. */
async function startQuiz(token: string) {
  const { status, json } = await call('/api/quiz/attempt', {
    token,
    body: { mode: 'study', questionCount: 5 },
  });
  return { status, code: json.success ? null : json.code };
}

describe('POST /api/payments/webhook', () => {
  useStripeKeys();

  it('grants 30 days on the first delivery of a paid checkout, with all its bookkeeping', async () => {
    const user = await signedInUser();
    expect((await premiumStatus(user.token)).hasPremium).toBe(false);
    const event = checkoutCompletedEvent(user, { customerId: 'cus_test_first' });
    const before = Date.now();

    const { status, json } = await postWebhook(event);
    expect(status).toBe(200);
    expect(json).toEqual({ success: true, data: { received: true, outcome: 'fulfilled' } });

    const row = await userRow(user.id);
    expect(row.premiumUntil! - before).toBeGreaterThanOrEqual(PREMIUM_PERIOD_MS);
    expect(row.premiumUntil! - Date.now()).toBeLessThanOrEqual(PREMIUM_PERIOD_MS);
    expect(row.stripeCustomerId).toBe('cus_test_first');

    const [payment] = await paymentsOf(user.id);
    const session = event.data.object;
    expect(payment).toMatchObject({
      provider: 'stripe',
      checkoutSessionId: session.id,
      paymentIntentId: session.payment_intent,
      customerId: 'cus_test_first',
      priceId: 'practice_30d',
      amountCents: 500,
      currency: 'CAD',
      status: 'paid',
      periodEnd: row.premiumUntil,
    });
    expect(payment!.periodEnd - payment!.periodStart).toBe(PREMIUM_PERIOD_MS);

    // The session the learner already holds sees the new expiry at once.
    expect(await premiumStatus(user.token)).toEqual({
      hasPremium: true,
      expiresAt: new Date(row.premiumUntil!).toISOString(),
      isAdmin: false,
    });

    const confirmation = await waitForEmail(user.email, 'subscription-confirmation');
    expect(confirmation.text).toContain('CA$5.00');
    expect(confirmation.text).toContain('http://app.test/practice');
    expect(
      await readCounters(db(), ['payments.count', 'payments.revenue_cents', 'payments.refunded']),
    ).toEqual({ 'payments.count': 1, 'payments.revenue_cents': 500, 'payments.refunded': 0 });
    const [purchase] = await db()
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, 'purchase'));
    expect(purchase).toMatchObject({ userId: user.id });
    expect(JSON.parse(purchase!.propertiesJson!)).toMatchObject({
      amountCents: 500,
      currency: 'CAD',
    });
    const revenue = await db()
      .select()
      .from(dailyMetrics)
      .where(eq(dailyMetrics.name, 'revenue_cents'));
    expect(revenue.map((r) => r.value)).toEqual([500]);
    const feed = await db().select().from(activities).where(eq(activities.userId, user.id));
    expect(feed.map((a) => a.type)).toContain('purchase');
    expect(await db().select().from(stripeEvents)).toEqual([
      expect.objectContaining({ id: event.id, type: 'checkout.session.completed' }),
    ]);
  });

  it('changes nothing when the same event, or another event for the same checkout, arrives again', async () => {
    const user = await signedInUser();
    const event = checkoutCompletedEvent(user);
    await postWebhook(event);
    await waitForEmail(user.email, 'subscription-confirmation');
    const after = await snapshot(user.id);

    const replay = await postWebhook(event);
    expect(replay.json).toMatchObject({ success: true, data: { outcome: 'duplicate' } });
    const sameSession = checkoutCompletedEvent(user, {
      type: 'checkout.session.async_payment_succeeded',
      sessionId: event.data.object.id,
    });
    const second = await postWebhook(sameSession);
    expect(second.json).toMatchObject({ success: true, data: { outcome: 'duplicate' } });

    const now = await snapshot(user.id);
    expect(now.user.premiumUntil).toBe(after.user.premiumUntil);
    expect(now.payments).toEqual(after.payments);
    expect(now.counters).toEqual(after.counters);
    expect(now.confirmations).toHaveLength(1);
    expect(now.events.map((e) => e.id).sort()).toEqual([event.id, sameSession.id].sort());
  });

  it('extends a second purchase from the current expiry, and a lapsed one from now', async () => {
    const runningUntil = Date.now() + 10 * DAY_MS;
    const running = await signedInUser({ premiumUntil: runningUntil });
    await postWebhook(checkoutCompletedEvent(running));
    expect((await userRow(running.id)).premiumUntil).toBe(runningUntil + PREMIUM_PERIOD_MS);
    const [payment] = await paymentsOf(running.id);
    expect(payment).toMatchObject({
      periodStart: runningUntil,
      periodEnd: runningUntil + PREMIUM_PERIOD_MS,
    });

    const lapsed = await signedInUser({ premiumUntil: Date.now() - 5 * DAY_MS });
    const before = Date.now();
    await postWebhook(checkoutCompletedEvent(lapsed));
    const renewed = (await userRow(lapsed.id)).premiumUntil!;
    expect(renewed).toBeGreaterThanOrEqual(before + PREMIUM_PERIOD_MS);
    expect(renewed).toBeLessThanOrEqual(Date.now() + PREMIUM_PERIOD_MS);

    // Two purchases in a row stack: the second starts where the first ends.
    await postWebhook(checkoutCompletedEvent(lapsed));
    expect((await userRow(lapsed.id)).premiumUntil).toBe(renewed + PREMIUM_PERIOD_MS);
  });

  it('counts both of two purchases delivered at the same moment, one after the other', async () => {
    const user = await signedInUser();
    const before = Date.now();
    const results = await Promise.all([
      postWebhook(checkoutCompletedEvent(user)),
      postWebhook(checkoutCompletedEvent(user)),
      postWebhook(checkoutCompletedEvent(user)),
    ]);
    expect(results.map((r) => r.json)).toEqual(
      Array.from({ length: 3 }, () => ({
        success: true,
        data: { received: true, outcome: 'fulfilled' },
      })),
    );
    const [first, second, third] = await db()
      .select()
      .from(payments)
      .where(eq(payments.userId, user.id))
      .orderBy(payments.periodStart);
    expect(second!.periodStart).toBe(first!.periodEnd);
    expect(third!.periodStart).toBe(second!.periodEnd);
    const until = (await userRow(user.id)).premiumUntil!;
    expect(until).toBe(third!.periodEnd);
    expect(until).toBeGreaterThanOrEqual(before + 3 * PREMIUM_PERIOD_MS);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const user = await signedInUser();
    const event = checkoutCompletedEvent(user);
    const before = await snapshot(user.id);

    const wrongSecret = await postWebhook(event, { secret: 'whsec_someone_else_entirely' });
    const tampered = await postWebhook(event, {
      tamper: (payload) => payload.replace('"amount_total": 500', '"amount_total": 1'),
    });
    const unsigned = await postWebhook(event, { signature: null });
    const garbage = await postWebhook(event, { signature: 't=1,v1=deadbeef' });
    for (const attempt of [wrongSecret, tampered, unsigned, garbage]) {
      expect(attempt.status).toBe(400);
      expect(attempt.json).toMatchObject({ success: false, code: 'INVALID_SIGNATURE' });
    }
    expect(await snapshot(user.id)).toEqual(before);
    expect((await premiumStatus(user.token)).hasPremium).toBe(false);
  });

  it('ends the period a refunded payment bought, and the learner loses premium at once', async () => {
    const user = await signedInUser();
    const paid = checkoutCompletedEvent(user, { paymentIntentId: 'pi_test_refund_me' });
    await postWebhook(paid);
    expect((await premiumStatus(user.token)).hasPremium).toBe(true);

    const refund = chargeRefundedEvent('pi_test_refund_me');
    const { json } = await postWebhook(refund);
    expect(json).toMatchObject({ success: true, data: { outcome: 'refunded' } });

    expect((await premiumStatus(user.token)).hasPremium).toBe(false);
    expect(await startQuiz(user.token)).toMatchObject({ status: 403, code: 'PREMIUM_REQUIRED' });
    const row = await userRow(user.id);
    expect(row.premiumUntil!).toBeLessThanOrEqual(Date.now());
    const [payment] = await paymentsOf(user.id);
    expect(payment).toMatchObject({ status: 'refunded', periodEnd: row.premiumUntil });
    expect(payment!.refundedAt).not.toBeNull();
    expect(
      await readCounters(db(), ['payments.count', 'payments.revenue_cents', 'payments.refunded']),
    ).toEqual({ 'payments.count': 0, 'payments.revenue_cents': 0, 'payments.refunded': 1 });

    const replay = await postWebhook(refund);
    expect(replay.json).toMatchObject({ success: true, data: { outcome: 'duplicate' } });
    expect((await userRow(user.id)).premiumUntil).toBe(row.premiumUntil);
  });

  it('takes back only what the refunded period had left, moving a later period earlier', async () => {
    const user = await signedInUser();
    await postWebhook(checkoutCompletedEvent(user, { paymentIntentId: 'pi_test_first' }));
    await postWebhook(checkoutCompletedEvent(user, { paymentIntentId: 'pi_test_second' }));
    const stacked = (await userRow(user.id)).premiumUntil!;
    const before = Date.now();

    await postWebhook(chargeRefundedEvent('pi_test_first'));

    const row = await userRow(user.id);
    expect(row.premiumUntil!).toBeLessThan(stacked);
    expect(row.premiumUntil!).toBeGreaterThanOrEqual(before + PREMIUM_PERIOD_MS - 5_000);
    const [first, second] = await paymentsOf(user.id);
    expect(first!.status).toBe('refunded');
    expect(second).toMatchObject({ status: 'paid', periodEnd: row.premiumUntil });
    expect(second!.periodEnd - second!.periodStart).toBe(PREMIUM_PERIOD_MS);
    expect((await premiumStatus(user.token)).hasPremium).toBe(true);
  });

  it('leaves premium alone on a partial refund', async () => {
    const user = await signedInUser();
    await postWebhook(checkoutCompletedEvent(user, { paymentIntentId: 'pi_test_partial' }));
    const before = await snapshot(user.id);
    const { json } = await postWebhook(
      chargeRefundedEvent('pi_test_partial', { amountRefunded: 200 }),
    );
    expect(json).toMatchObject({ success: true, data: { outcome: 'ignored' } });
    const after = await snapshot(user.id);
    expect(after.user.premiumUntil).toBe(before.user.premiumUntil);
    expect(after.payments).toEqual(before.payments);
  });

  it('waits for the payment of a delayed method, then grants premium once it succeeds', async () => {
    const user = await signedInUser();
    const completed = checkoutCompletedEvent(user, { paymentStatus: 'unpaid' });
    expect((await postWebhook(completed)).json).toMatchObject({ data: { outcome: 'pending' } });
    expect(await paymentsOf(user.id)).toEqual([]);

    const succeeded = checkoutCompletedEvent(user, {
      type: 'checkout.session.async_payment_succeeded',
      sessionId: completed.data.object.id,
    });
    expect((await postWebhook(succeeded)).json).toMatchObject({ data: { outcome: 'fulfilled' } });
    expect(await paymentsOf(user.id)).toHaveLength(1);
  });

  it('acknowledges events it does not act on', async () => {
    const { status, json } = await postWebhook({
      ...checkoutCompletedEvent({ id: 'x', email: 'x@example.com' }),
      type: 'customer.created',
      data: { object: { id: 'cus_test_other', object: 'customer' } },
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ data: { outcome: 'ignored' } });
  });
});

describe('premium expiry', () => {
  it('reads a lapsed period as no premium, and the API refuses to start a quiz', async () => {
    const lapsed = await signedInUser({ premiumUntil: Date.now() - 1000 });
    expect(await premiumStatus(lapsed.token)).toMatchObject({ hasPremium: false });
    expect(await startQuiz(lapsed.token)).toMatchObject({ status: 403, code: 'PREMIUM_REQUIRED' });
  });
});

describe('POST /api/payments/webhook without a configured signing secret', () => {
  afterEach(() => {
    (env as { ENVIRONMENT: string }).ENVIRONMENT = 'test';
  });

  it('answers 503 in production and records nothing', async () => {
    const user = await signedInUser();
    (env as { ENVIRONMENT: string }).ENVIRONMENT = 'production';
    const { status, json } = await postWebhook(checkoutCompletedEvent(user), {
      secret: WEBHOOK_SECRET,
    });
    expect(status).toBe(503);
    expect(json).toMatchObject({ success: false, code: 'WEBHOOK_UNAVAILABLE' });
    expect(await paymentsOf(user.id)).toEqual([]);
  });

  it('checks signatures with the local secret in development: a bad one is a 400, a good one fulfils', async () => {
    const user = await signedInUser();
    const event = checkoutCompletedEvent(user);
    const forged = await postWebhook(event, { secret: WEBHOOK_SECRET });
    expect(forged.status).toBe(400);
    expect(forged.json).toMatchObject({ success: false, code: 'INVALID_SIGNATURE' });
    expect(await paymentsOf(user.id)).toEqual([]);
    const signed = await postWebhook(event, { secret: LOCAL_STRIPE_WEBHOOK_SECRET });
    expect(signed.status).toBe(200);
    expect(await paymentsOf(user.id)).toHaveLength(1);
  });
});
