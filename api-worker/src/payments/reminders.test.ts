import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callOk, signedInUser, testDb, waitForEmail } from '../../test/helpers.ts';
import {
  chargeRefundedEvent,
  checkoutCompletedEvent,
  postWebhook,
  useStripeKeys,
} from '../../test/stripe.ts';
import { emails, payments, users } from '../db/schema.ts';
import { runDailyTasks } from '../jobs/cron.ts';
import { DAY_MS } from './fulfilment.ts';

/** Buys the practice pass through the local test checkout, as the learner would. */
async function buy(token: string) {
  const { id } = await callOk<{ id: string }>('/api/payments/create-checkout-session', {
    token,
    body: {
      priceId: 'practice_30d',
      successUrl: 'http://app.test/account?payment=success',
      cancelUrl: 'http://app.test/account?payment=cancelled',
    },
  });
  await callOk(`/api/payments/dev-checkout/${id}/pay`, { token, method: 'POST' });
}

async function premiumUntil(userId: string) {
  const [row] = await testDb().select().from(users).where(eq(users.id, userId));
  return row!.premiumUntil!;
}

async function remindersTo(address: string) {
  return testDb()
    .select()
    .from(emails)
    .where(and(eq(emails.toAddress, address), eq(emails.template, 'expiry-reminder')));
}

describe('the daily expiry reminder', () => {
  it('sends exactly one reminder for a period ending in 7 days, however often the cron runs', async () => {
    const learner = await signedInUser({ firstName: 'Rémi' });
    await buy(learner.token);
    const expiry = await premiumUntil(learner.id);
    const sevenDaysBefore = expiry - 7 * DAY_MS;

    await runDailyTasks(env, sevenDaysBefore - 60_000);
    expect(await remindersTo(learner.email)).toHaveLength(0);

    await runDailyTasks(env, sevenDaysBefore);
    const reminder = await waitForEmail(learner.email, 'expiry-reminder');
    expect(reminder.subject).toBe('Your premium access ends in 7 days');
    expect(reminder.text).toContain('Hello Rémi,');
    expect(reminder.text).toContain('http://app.test/pricing');

    await runDailyTasks(env, sevenDaysBefore + DAY_MS);
    await runDailyTasks(env, expiry - 60_000);
    expect(await remindersTo(learner.email)).toHaveLength(1);
    const [payment] = await testDb().select().from(payments).where(eq(payments.userId, learner.id));
    expect(payment!.reminderSentAt).toBe(sevenDaysBefore);
  });

  it('reminds only about the period that ends access, and never too early', async () => {
    const extended = await signedInUser();
    await buy(extended.token);
    await buy(extended.token);
    const single = await signedInUser();
    await buy(single.token);
    const shortened = await signedInUser();
    await buy(shortened.token);
    const periodEnd = await premiumUntil(single.id);

    // Twenty days before the first periods end: too early for anyone.
    await runDailyTasks(env, periodEnd - 20 * DAY_MS);
    for (const learner of [extended, single, shortened]) {
      expect(await remindersTo(learner.email)).toHaveLength(0);
    }

    // Three days before: `extended` bought a second period, so its access does not end, and
    // `shortened` no longer ends with its period (its access was cut short by hand).
    const now = periodEnd - 3 * DAY_MS;
    await testDb()
      .update(users)
      .set({ premiumUntil: now - DAY_MS })
      .where(eq(users.id, shortened.id));
    await runDailyTasks(env, now);
    expect((await waitForEmail(single.email, 'expiry-reminder')).subject).toBe(
      'Your premium access ends in 3 days',
    );
    expect(await remindersTo(extended.email)).toHaveLength(0);
    expect(await remindersTo(shortened.email)).toHaveLength(0);

    await runDailyTasks(env, (await premiumUntil(extended.id)) - 2 * DAY_MS);
    const reminder = await waitForEmail(extended.email, 'expiry-reminder');
    expect(reminder.subject).toBe('Your premium access ends in 2 days');
  });

  describe('after a refund', () => {
    useStripeKeys();

    it('sends none for the refunded period', async () => {
      const learner = await signedInUser();
      await postWebhook(checkoutCompletedEvent(learner, { paymentIntentId: 'pi_test_reminder' }));
      const [payment] = await testDb()
        .select()
        .from(payments)
        .where(eq(payments.userId, learner.id));
      await postWebhook(chargeRefundedEvent('pi_test_reminder'));
      await runDailyTasks(env, payment!.periodEnd - DAY_MS);
      expect(await remindersTo(learner.email)).toHaveLength(0);
    });
  });
});
