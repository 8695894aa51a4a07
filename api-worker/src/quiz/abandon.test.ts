import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AttemptDetail } from '@drone-exam/shared/schemas/quiz';
import { callOk, testDb } from '../../test/helpers.ts';
import { quizAttempts } from '../db/schema.ts';
import { runDailyTasks } from '../jobs/cron.ts';
import type { Bindings } from '../env.ts';
import {
  age,
  answer,
  counterValues,
  currentQuestion,
  finish,
  premiumLearner,
  rightChoice,
  seedBank,
  startAttempt,
} from './testing.ts';
import { ATTEMPT_ABANDON_AFTER_MS } from './constants.ts';

const statusOf = async (id: string) =>
  (await testDb().select().from(quizAttempts).where(eq(quizAttempts.id, id)))[0]!.status;

describe('the daily cron', () => {
  it('abandons only in-progress attempts untouched for 24 hours', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const stale = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    const fresh = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    const finished = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    const touched = await startAttempt(learner.token, { mode: 'timed' });
    await finish(learner.token, finished.id);
    await age(stale.id, ATTEMPT_ABANDON_AFTER_MS + 60_000);
    await age(finished.id, ATTEMPT_ABANDON_AFTER_MS + 60_000);
    await age(fresh.id, ATTEMPT_ABANDON_AFTER_MS - 60_000);
    // Started long ago, but answered a minute ago: still in use.
    await age(touched.id, ATTEMPT_ABANDON_AFTER_MS + 60_000);
    await testDb()
      .update(quizAttempts)
      .set({ lastActivityAt: Date.now() - 60_000 })
      .where(eq(quizAttempts.id, touched.id));

    const results = await runDailyTasks(env as unknown as Bindings);
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    expect(await statusOf(stale.id)).toBe('abandoned');
    expect(await statusOf(fresh.id)).toBe('in-progress');
    expect(await statusOf(finished.id)).toBe('completed');
    expect(await statusOf(touched.id)).toBe('in-progress');
    expect((await counterValues())['attempts.abandoned']).toBe(1);

    await runDailyTasks(env as unknown as Bindings);
    expect((await counterValues())['attempts.abandoned']).toBe(1);
  });

  it('leaves an abandoned attempt closed: no answers, and finishing does not score it', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    const question = await currentQuestion(learner.token, attempt.id);
    await age(attempt.id, ATTEMPT_ABANDON_AFTER_MS + 60_000);
    await runDailyTasks(env as unknown as Bindings);

    const late = await answer(learner.token, attempt.id, {
      questionId: question.question.id,
      selectedIndex: rightChoice(question),
    });
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ code: 'ATTEMPT_CLOSED' });
    const finished = await finish(learner.token, attempt.id);
    expect(finished).toMatchObject({ status: 'abandoned', score: null, passed: null });
    const read = await callOk<{ attempt: AttemptDetail }>(`/api/quiz/attempt/${attempt.id}`, {
      token: learner.token,
    });
    expect(read.attempt.status).toBe('abandoned');
    expect((await counterValues())['attempts.completed']).toBeUndefined();
  });
});
