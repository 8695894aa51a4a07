import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DevCheckout, PaymentHistory, PremiumStatus } from '@drone-exam/shared';
import type { ClassSummary, Roster } from '@drone-exam/shared/schemas/classes';
import {
  CLASS_NOT_FOUND,
  SEATS_MIN,
  SEATS_REQUIRED,
  SEATS_TOO_MANY,
  SEATS_WHOLE,
} from '@drone-exam/shared/schemas/classes-values';
import { call, callOk, signedInUser, testDb, waitForEmail } from '../../test/helpers.ts';
import {
  chargeRefundedEvent,
  checkoutCompletedEvent,
  postWebhook,
  stubStripeApi,
  useStripeKeys,
} from '../../test/stripe.ts';
import { classSeatPurchases, payments, users } from '../db/schema.ts';
import { readCounters } from '../lib/events.ts';
import { DAY_MS, PREMIUM_PERIOD_MS } from '../payments/fulfilment.ts';
import { VERIFIED_EMAIL_REQUIRED } from './service.ts';

type Learner = Awaited<ReturnType<typeof signedInUser>>;

async function newClass(token: string) {
  const data = await callOk<{ class: ClassSummary }>('/api/classes', {
    token,
    body: { name: 'Seat school', exam: 'basic' },
  });
  return data.class;
}

const join = (learner: Learner, code: string) =>
  callOk('/api/classes/join', { token: learner.token, body: { code, consent: true } });

const buy = (token: string | undefined, classId: string, body: unknown) =>
  call<{ id: string; url: string }>(`/api/classes/${classId}/seats/checkout`, { token, body });

const seatsOf = async (token: string, classId: string) =>
  (await callOk<Roster>(`/api/classes/${classId}/roster`, { token })).class.seats;

async function premiumUntil(userId: string) {
  const [row] = await testDb()
    .select({ premiumUntil: users.premiumUntil })
    .from(users)
    .where(eq(users.id, userId));
  return row!.premiumUntil;
}

const premiumStatus = (token: string) =>
  callOk<PremiumStatus>('/api/auth/premium-status', { token });

/** A paid Stripe checkout of `seats` seats, as startSeatCheckout names them in its metadata. */
function seatsPaidEvent(instructor: Learner, classId: string, seats: number) {
  const event = checkoutCompletedEvent(instructor, { amountTotal: seats * 500 });
  const metadata = {
    kind: 'class-seats',
    userId: instructor.id,
    classId,
    seats: String(seats),
    priceId: 'class_seat',
  };
  return { ...event, data: { object: { ...event.data.object, metadata } } };
}

/** An instructor, their class and two members already in it. */
async function classWithMembers() {
  const instructor = await signedInUser({ firstName: 'Ina' });
  const created = await newClass(instructor.token);
  const first = await signedInUser();
  const second = await signedInUser();
  await join(first, created.code);
  await join(second, created.code);
  return { instructor, created, first, second };
}

describe('POST /api/classes/:id/seats/checkout', () => {
  it('opens the local test checkout for the seats, priced as premium, and paying it seats members', async () => {
    const { instructor, created, first } = await classWithMembers();
    const response = await buy(instructor.token, created.id, { seats: 3 });
    expect(response.status).toBe(200);
    if (!response.json.success) throw new Error(response.json.error);
    const { id, url } = response.json.data;
    expect(url).toMatch(new RegExp(`/dev/checkout\\?session=${id}$`));

    const checkout = await callOk<DevCheckout>(`/api/payments/dev-checkout/${id}`, {
      token: instructor.token,
    });
    expect(checkout.offer).toMatchObject({
      priceId: 'class_seat',
      name: '3 premium seats for Seat school',
      amountCents: 1500,
      currency: 'CAD',
      durationDays: 30,
    });
    expect(checkout.paid).toBe(false);
    expect((await call(`/api/payments/dev-checkout/${id}`, { token: first.token })).status).toBe(
      404,
    );

    const paid = await callOk<{ redirectTo: string }>(`/api/payments/dev-checkout/${id}/pay`, {
      token: instructor.token,
      body: {},
    });
    expect(paid.redirectTo).toMatch(new RegExp(`/classes/${created.id}\\?seats=success$`));
    expect(await seatsOf(instructor.token, created.id)).toEqual({ bought: 3, used: 2, left: 1 });
    expect((await premiumStatus(first.token)).hasPremium).toBe(true);
    const again = await callOk<DevCheckout>(`/api/payments/dev-checkout/${id}`, {
      token: instructor.token,
    });
    expect(again.paid).toBe(true);
  });

  describe('with Stripe', () => {
    useStripeKeys();

    it('creates a Checkout Session of N seats at the premium price, naming the class', async () => {
      const instructor = await signedInUser();
      const created = await newClass(instructor.token);
      const calls = stubStripeApi(() => ({
        id: 'cs_test_seats',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_test_seats',
      }));
      const response = await buy(instructor.token, created.id, { seats: 4 });
      expect(response.json).toEqual({
        success: true,
        data: { id: 'cs_test_seats', url: 'https://checkout.stripe.com/c/pay/cs_test_seats' },
      });
      expect(calls).toHaveLength(1);
      const form = calls[0]!.form;
      expect(calls[0]!.path).toBe('/v1/checkout/sessions');
      expect(form.get('mode')).toBe('payment');
      expect(form.get('line_items[0][quantity]')).toBe('4');
      expect(form.get('line_items[0][price_data][unit_amount]')).toBe('500');
      expect(form.get('line_items[0][price_data][currency]')).toBe('cad');
      expect(form.get('metadata[classId]')).toBe(created.id);
      expect(form.get('metadata[seats]')).toBe('4');
      expect(form.get('metadata[kind]')).toBe('class-seats');
      expect(form.get('payment_intent_data[metadata][classId]')).toBe(created.id);
      expect(form.get('success_url')).toMatch(
        new RegExp(`/classes/${created.id}\\?seats=success$`),
      );
    });
  });

  it('refuses visitors, members, other instructors, unverified instructors and bad seats', async () => {
    const { instructor, created, first } = await classWithMembers();
    const other = await signedInUser();
    await newClass(other.token);

    expect((await buy(undefined, created.id, { seats: 1 })).status).toBe(401);
    for (const stranger of [first, other]) {
      const refused = await buy(stranger.token, created.id, { seats: 1 });
      expect(refused.status).toBe(404);
      expect(refused.json).toMatchObject({ success: false, error: CLASS_NOT_FOUND });
    }

    const bad: Array<[unknown, string]> = [
      [{}, SEATS_REQUIRED],
      [{ seats: '2' }, SEATS_REQUIRED],
      [{ seats: 0 }, SEATS_MIN],
      [{ seats: -3 }, SEATS_MIN],
      [{ seats: 1.5 }, SEATS_WHOLE],
      [{ seats: 201 }, SEATS_TOO_MANY],
    ];
    for (const [body, error] of bad) {
      const refused = await buy(instructor.token, created.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json).toMatchObject({ success: false, error });
    }
    expect((await buy(instructor.token, created.id, { seats: 2, price: 1 })).status).toBe(400);

    await testDb().update(users).set({ emailVerified: false }).where(eq(users.id, instructor.id));
    const unverified = await buy(instructor.token, created.id, { seats: 1 });
    expect(unverified.status).toBe(403);
    expect(unverified.json).toMatchObject({ success: false, error: VERIFIED_EMAIL_REQUIRED });
    expect(await seatsOf(instructor.token, created.id)).toEqual({ bought: 0, used: 0, left: 0 });
  });
});

describe('seat fulfilment and refunds (Stripe webhook)', () => {
  useStripeKeys();

  it('seats the members already in from the purchase, extending premium they already have', async () => {
    const instructor = await signedInUser({ firstName: 'Ina' });
    const created = await newClass(instructor.token);
    const fresh = await signedInUser();
    const ownUntil = Date.now() + 10 * DAY_MS;
    const subscribed = await signedInUser({ premiumUntil: ownUntil });
    await join(fresh, created.code);
    await join(subscribed, created.code);
    const revenueBefore = (await readCounters(testDb(), ['payments.revenue_cents']))[
      'payments.revenue_cents'
    ];

    const before = Date.now();
    const posted = await postWebhook(seatsPaidEvent(instructor, created.id, 2));
    expect(posted.json).toEqual({ success: true, data: { received: true, outcome: 'fulfilled' } });
    const after = Date.now();

    const freshUntil = await premiumUntil(fresh.id);
    expect(freshUntil).toBeGreaterThanOrEqual(before + PREMIUM_PERIOD_MS);
    expect(freshUntil).toBeLessThanOrEqual(after + PREMIUM_PERIOD_MS);
    expect(await premiumUntil(subscribed.id)).toBe(ownUntil + PREMIUM_PERIOD_MS);
    expect((await premiumStatus(fresh.token)).hasPremium).toBe(true);
    expect(await seatsOf(instructor.token, created.id)).toEqual({ bought: 2, used: 2, left: 0 });

    const history = await callOk<PaymentHistory>('/api/payments/history', { token: fresh.token });
    expect(history.premiumFrom).toBe('class');
    expect(history.payments).toMatchObject([
      {
        provider: 'class',
        description: 'Premium from your class',
        amountCents: 0,
        status: 'granted',
      },
    ]);
    const own = await callOk<PaymentHistory>('/api/payments/history', { token: subscribed.token });
    // Their own premium runs first; the seat's 30 days follow it.
    expect(own.premiumFrom).toBeNull();

    const counters = await readCounters(testDb(), ['payments.revenue_cents']);
    expect(counters['payments.revenue_cents'] - revenueBefore).toBe(1000);
    const receipt = await waitForEmail(instructor.email, 'class-seats-purchased');
    expect(receipt.subject).toBe('2 premium seats for Seat school');
    expect(receipt.text).toContain('Thank you for your payment of CA$10.00');
    expect(receipt.text).toContain(`/classes/${created.id}`);
  });

  it('seats later joiners on join until the seats run out, and counts one delivery once', async () => {
    const instructor = await signedInUser();
    await testDb().update(users).set({ locale: 'fr' }).where(eq(users.id, instructor.id));
    const created = await newClass(instructor.token);
    const event = seatsPaidEvent(instructor, created.id, 1);
    expect((await postWebhook(event)).json).toMatchObject({ data: { outcome: 'fulfilled' } });
    expect((await postWebhook(event)).json).toMatchObject({ data: { outcome: 'duplicate' } });
    const otherDelivery = { ...event, id: `${event.id}_again` };
    expect((await postWebhook(otherDelivery)).json).toMatchObject({
      data: { outcome: 'duplicate' },
    });
    expect(await seatsOf(instructor.token, created.id)).toEqual({ bought: 1, used: 0, left: 1 });
    const receipt = await waitForEmail(instructor.email, 'class-seats-purchased');
    expect(receipt.subject).toBe('1 place premium pour Seat school');

    const joiner = await signedInUser();
    const late = await signedInUser();
    const before = Date.now();
    await join(joiner, created.code);
    const joinerUntil = await premiumUntil(joiner.id);
    expect(joinerUntil).toBeGreaterThanOrEqual(before + PREMIUM_PERIOD_MS);
    expect(joinerUntil).toBeLessThanOrEqual(Date.now() + PREMIUM_PERIOD_MS);
    expect((await premiumStatus(joiner.token)).hasPremium).toBe(true);

    await join(late, created.code);
    expect(await premiumUntil(late.id)).toBeNull();
    expect((await premiumStatus(late.token)).hasPremium).toBe(false);
    expect(await seatsOf(instructor.token, created.id)).toEqual({ bought: 1, used: 1, left: 0 });

    // Leaving and joining again gives no second seat, even once more seats are bought.
    await callOk(`/api/classes/${created.id}/membership`, {
      method: 'DELETE',
      token: joiner.token,
    });
    await postWebhook(seatsPaidEvent(instructor, created.id, 2));
    expect(await premiumUntil(late.id)).not.toBeNull();
    await join(joiner, created.code);
    expect(await premiumUntil(joiner.id)).toBe(joinerUntil);
    expect(await seatsOf(instructor.token, created.id)).toEqual({ bought: 3, used: 2, left: 1 });
    const seatRows = await testDb()
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.classId, created.id));
    expect(seatRows).toHaveLength(2);
  });

  it('a refund takes back the unused seats only, once', async () => {
    const { instructor, created, first, second } = await classWithMembers();
    const paid = seatsPaidEvent(instructor, created.id, 5);
    const intent = paid.data.object.payment_intent;
    await postWebhook(paid);
    const firstUntil = await premiumUntil(first.id);
    expect(await seatsOf(instructor.token, created.id)).toEqual({ bought: 5, used: 2, left: 3 });

    const refund = chargeRefundedEvent(intent, { amountRefunded: 2500 });
    refund.data.object.amount = 2500;
    expect((await postWebhook(refund)).json).toMatchObject({ data: { outcome: 'refunded' } });
    expect(await seatsOf(instructor.token, created.id)).toEqual({ bought: 2, used: 2, left: 0 });
    expect(await premiumUntil(first.id)).toBe(firstUntil);
    expect((await premiumStatus(second.token)).hasPremium).toBe(true);
    const [purchase] = await testDb()
      .select()
      .from(classSeatPurchases)
      .where(eq(classSeatPurchases.classId, created.id));
    expect(purchase).toMatchObject({ status: 'refunded', seats: 5, seatsRefunded: 3 });

    expect((await postWebhook(refund)).json).toMatchObject({ data: { outcome: 'duplicate' } });
    const another = chargeRefundedEvent(intent, { amountRefunded: 2500 });
    another.data.object.amount = 2500;
    expect((await postWebhook(another)).json).toMatchObject({ data: { outcome: 'duplicate' } });
    expect(await seatsOf(instructor.token, created.id)).toEqual({ bought: 2, used: 2, left: 0 });

    const newcomer = await signedInUser();
    await join(newcomer, created.code);
    expect(await premiumUntil(newcomer.id)).toBeNull();
  });
});
