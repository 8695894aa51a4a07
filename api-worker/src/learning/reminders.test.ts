import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LearningPlan } from '@drone-exam/shared/schemas/learning';
import { call, callOk, signedInUser, testDb, waitForEmail } from '../../test/helpers.ts';
import { emails, learnerPlans } from '../db/schema.ts';
import { runDailyTasks } from '../jobs/cron.ts';
import { age, answerAll, premiumLearner, seedBank, startAttempt } from '../quiz/testing.ts';
import { addDays, localDay } from './days.ts';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe.ts';

const ZONE = 'America/Toronto';
const tokenIn = (text: string) => /unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

const sentTo = (address: string) =>
  testDb().select().from(emails).where(eq(emails.toAddress, address));

describe('the daily review reminder', () => {
  it('goes once a day to an opted-in learner with cards due, and its link unsubscribes without signing in', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const quiet = await premiumLearner();
    const west = await premiumLearner();
    const empty = await premiumLearner();
    for (const who of [learner, quiet, west]) {
      const attempt = await startAttempt(who.token, { mode: 'study', questionCount: 5 });
      await age(attempt.id, 10 * 60_000);
      await answerAll(who.token, attempt.id, () => true);
    }
    await callOk('/api/learning/reminders', {
      method: 'PUT',
      token: learner.token,
      body: { reviewEmails: true, timeZone: ZONE },
    });
    for (const [who, zone] of [
      [west, 'America/Vancouver'],
      [empty, ZONE],
    ] as const)
      await callOk('/api/learning/reminders', {
        method: 'PUT',
        token: who.token,
        body: { reviewEmails: true, timeZone: zone },
      });
    await runDailyTasks(env);
    const email = await waitForEmail(learner.email, 'review-reminder');
    expect(email.subject).toBe('5 review cards due today');
    expect(email.text).toContain('/dashboard');
    expect((await waitForEmail(west.email, 'review-reminder')).subject).toBe(
      '5 review cards due today',
    );
    // Not opted in, or nothing due: no email.
    expect(await sentTo(quiet.email)).toEqual([]);
    expect(await sentTo(empty.email)).toEqual([]);

    await runDailyTasks(env);
    expect(
      (await sentTo(learner.email)).filter((e) => e.template === 'review-reminder'),
    ).toHaveLength(1);

    const token = tokenIn(email.text)!;
    expect(await readUnsubscribeToken(env.JWT_SECRET, token)).toEqual({
      kind: 'review',
      userId: learner.id,
    });
    const forged = token.replace(learner.id, quiet.id);
    expect((await call('/api/learning/unsubscribe', { body: { token: forged } })).status).toBe(400);
    const done = await call('/api/learning/unsubscribe', { body: { token } });
    expect(done.json).toEqual({ success: true, data: { kind: 'review' } });
    const plan = await callOk<LearningPlan>('/api/learning/plan', { token: learner.token });
    expect(plan.reviewEmails).toBe(false);
  });
});

describe('the recency reminders', () => {
  it('go 60 and then 14 days before the recency date, once each', async () => {
    const learner = await signedInUser();
    const today = localDay(Date.now(), 'UTC');
    // Recency runs out in 50 days: certificate issued 24 months before that.
    const dueOn = addDays(today, 50);
    const [y, m, d] = dueOn.split('-').map(Number) as [number, number, number];
    const issued = `${y - 2}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    const plan = await callOk<LearningPlan>('/api/learning/certificate', {
      method: 'PUT',
      token: learner.token,
      body: { certificateDate: issued, timeZone: 'UTC' },
    });
    expect(plan.recencyDueDate).toBe(dueOn);

    await runDailyTasks(env);
    const first = await waitForEmail(learner.email, 'recency-reminder');
    expect(first.subject).toBe('Your drone pilot recency runs out in 50 days');
    expect(first.text).toContain('CARs 901.56');
    await runDailyTasks(env);
    expect(await sentTo(learner.email)).toHaveLength(1);

    // 14 days before: the second one.
    await runDailyTasks(env, Date.now() + 37 * 86_400_000);
    await expect.poll(async () => (await sentTo(learner.email)).length, { timeout: 5000 }).toBe(2);
    const [row] = await testDb()
      .select()
      .from(learnerPlans)
      .where(eq(learnerPlans.userId, learner.id));
    expect(row!.recencyReminded).toBe(2);

    const token = await unsubscribeToken(env.JWT_SECRET, 'recency', learner.id);
    await callOk('/api/learning/unsubscribe', { body: { token } });
    expect(
      (await callOk<LearningPlan>('/api/learning/plan', { token: learner.token })).recencyEmails,
    ).toBe(false);
  });
});
