import { env } from 'cloudflare:workers';
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDb } from '../../test/helpers.ts';
import worker from '../index.ts';
import type { Job } from '../jobs/types.ts';
import { answerAll, premiumLearner, seedBank, startAttempt } from '../quiz/testing.ts';
import { SWEEP_AFTER_MS, sweepQuestionCounts, type AnswerKey } from './answer-counts.ts';

/** Each question's counters beside a direct count over its stored answers. */
async function countersAndAnswers() {
  return testDb().all<{
    id: string;
    times_answered: number;
    times_correct: number;
    answered: number;
    correct: number;
  }>(
    sql`select q.id, q.times_answered, q.times_correct,
      (select count(*) from attempt_questions aq join question_versions v on v.id = aq.version_id
        where v.question_id = q.id and aq.selected_index is not null) as answered,
      (select count(*) from attempt_questions aq join question_versions v on v.id = aq.version_id
        where v.question_id = q.id and aq.is_correct = 1) as correct
      from questions q order by q.id`,
  );
}

const pendingAnswers = () =>
  testDb().all<{ attempt_seq: number; position: number }>(
    sql`select attempt_seq, position from attempt_questions where counts_pending = 1`,
  );

/** Delivers messages to the worker's own queue handler, as the Queue would, and returns its verdict. */
async function deliver(bodies: Job[]) {
  const batch = createMessageBatch<Job>(
    'drone-exam-jobs',
    bodies.map((body, i) => ({ id: `m${i}`, timestamp: Date.now(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

const message = (answers: AnswerKey[]): Job => ({ type: 'question-counts', answers });

/**
 * Three learners take overlapping quizzes on a small bank, answering some right and some wrong;
 * then, whatever the live consumer did meanwhile, the counters are set back to where they were
 * before any message arrived: zero, every answer pending.
 */
async function answeredQuizzes() {
  await seedBank({ airspace: 8 });
  for (const rightWhen of [(i: number) => i % 2 === 0, () => true, (i: number) => i < 2]) {
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 6 });
    await answerAll(learner.token, attempt.id, rightWhen);
  }
  const db = testDb();
  await db.batch([
    db.run(sql`update questions set times_answered = 0, times_correct = 0`),
    db.run(sql`update attempt_questions set counts_pending = 1 where selected_index is not null`),
  ]);
}

describe("a question's counters, applied by the Queue consumer", () => {
  it('after the queue drains, every question counts exactly its stored answers, a redelivered message nothing more', async () => {
    await answeredQuizzes();
    const answers = (
      await testDb().all<{ attempt_seq: number; position: number }>(
        sql`select attempt_seq, position from attempt_questions where selected_index is not null`,
      )
    ).map((row): AnswerKey => [row.attempt_seq, row.position]);
    expect(answers).toHaveLength(18);
    expect((await countersAndAnswers()).every((row) => row.times_answered === 0)).toBe(true);

    const bodies = answers.map((key) => message([key]));
    const result = await deliver([...bodies, bodies[0]!, message(answers.slice(0, 5))]);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toHaveLength(bodies.length + 2);
    expect(await pendingAnswers()).toEqual([]);

    const rows = await countersAndAnswers();
    expect(rows.reduce((sum, row) => sum + row.answered, 0)).toBe(18);
    for (const row of rows) {
      expect(row.times_answered).toBe(row.answered);
      expect(row.times_correct).toBe(row.correct);
    }

    // The same batch delivered again (the Queue delivers at least once) changes nothing.
    await deliver(bodies);
    expect(await countersAndAnswers()).toEqual(rows);
  });

  it('the daily sweep counts answers whose message never came, once', async () => {
    await answeredQuizzes();
    expect(await sweepQuestionCounts({ db: testDb(), now: Date.now() })).toBe(0);
    const later = Date.now() + SWEEP_AFTER_MS + 1;
    expect(await sweepQuestionCounts({ db: testDb(), now: later })).toBe(18);
    expect(await sweepQuestionCounts({ db: testDb(), now: later })).toBe(0);
    expect(await pendingAnswers()).toEqual([]);
    for (const row of await countersAndAnswers()) {
      expect(row.times_answered).toBe(row.answered);
      expect(row.times_correct).toBe(row.correct);
    }
  });
});
