import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, callOk, testDb, waitForEmail } from '../../test/helpers.ts';
import { emails } from '../db/schema.ts';
import { runDailyTasks } from '../jobs/cron.ts';
import { age, answerAll, premiumLearner, seedBank, startAttempt } from '../quiz/testing.ts';
import { noonZone } from '../../../tests/noon-zone.ts';

const weeklyTo = async (address: string) =>
  (await testDb().select().from(emails).where(eq(emails.toAddress, address))).filter(
    (email) => email.template === 'weekly-progress',
  );

describe('the weekly progress email', () => {
  it('goes to an opted-in learner once a week with the week, the streak and what is due, and its link stops it', async () => {
    await seedBank();
    const zone = noonZone();
    const learner = await premiumLearner();
    const quiet = await premiumLearner();
    await callOk('/api/learning/goal', {
      method: 'PUT',
      token: learner.token,
      body: { dailyQuestions: 5, timeZone: zone },
    });
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    await age(attempt.id, 10 * 60_000);
    await answerAll(learner.token, attempt.id, () => true);
    const plan = await callOk<{ weeklyEmails: boolean }>('/api/learning/reminders', {
      method: 'PUT',
      token: learner.token,
      body: { weeklyEmails: true },
    });
    expect(plan.weeklyEmails).toBe(true);

    await runDailyTasks(env);
    const email = await waitForEmail(learner.email, 'weekly-progress');
    expect(email.subject).toBe('Your week of drone exam practice');
    expect(email.text).toContain(
      'You answered 5 questions in the last 7 days, and met your daily goal on 1 of them.',
    );
    expect(email.text).toContain('Your streak: 1 day.');
    expect(email.text).toContain('5 review cards are due today.');
    expect(await weeklyTo(quiet.email)).toEqual([]);

    await runDailyTasks(env);
    expect(await weeklyTo(learner.email)).toHaveLength(1);

    const token = /unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(email.text)![1]!;
    const done = await call('/api/learning/unsubscribe', { body: { token } });
    expect(done.json).toEqual({ success: true, data: { kind: 'weekly' } });
    const after = await callOk<{ weeklyEmails: boolean }>('/api/learning/plan', {
      token: learner.token,
    });
    expect(after.weeklyEmails).toBe(false);
  });
});
