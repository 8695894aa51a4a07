import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { testDb } from '../../test/helpers.ts';
import { queryRecorder } from '../db/instrument.ts';
import { counters } from '../db/schema.ts';
import type { AnswerFeature, DecidedAnswer } from '../lib/answer-feature.ts';
import { answerQuestion, type AnswerRequest } from './answer.ts';
import {
  age,
  currentQuestion,
  premiumLearner,
  rightChoice,
  seedBank,
  startAttempt,
  wrongChoice,
} from './testing.ts';

/**
 * A feature that reads a counter in the answer's first round trip and adds one to another in the
 * answer's batch, keeping what the service handed it, so a test sees what a feature is given.
 */
function probe(key: string) {
  const seen: { read: unknown[][]; decided: DecidedAnswer[]; recorded: unknown[] } = {
    read: [],
    decided: [],
    recorded: [],
  };
  const feature: AnswerFeature = {
    reads: (db) => [db.select().from(counters).where(eq(counters.key, 'probe.read'))],
    writes: (db, answer, read) => {
      seen.read.push(read);
      seen.decided.push(answer);
      return [
        db
          .insert(counters)
          .select(sql`select ${key}, 1, ${answer.now} where ${answer.when}`)
          .onConflictDoUpdate({
            target: counters.key,
            set: { value: sql`${counters.value} + 1` },
          }),
      ];
    },
    recorded: async (answer) => {
      seen.recorded.push(answer);
    },
  };
  return { feature, seen };
}

async function counter(key: string) {
  const [row] = await testDb().select().from(counters).where(eq(counters.key, key));
  return row?.value ?? 0;
}

async function oneQuestion(mode: 'study' | 'timed' = 'study') {
  await seedBank({ airspace: 6 });
  const learner = await premiumLearner();
  const attempt = await startAttempt(learner.token, { mode, questionCount: 5 });
  const question = await currentQuestion(learner.token, attempt.id);
  const request = (selectedIndex: number): AnswerRequest => ({
    attemptId: attempt.id,
    userId: learner.id,
    questionId: question.question.id,
    selectedIndex,
    timeSpent: 4,
    locale: 'en',
    now: Date.now(),
  });
  return { learner, attempt, question, request };
}

describe('answering a question (the answer service)', () => {
  it('reads in one round trip and writes in one batch, handing each feature its own reads and the decided answer', async () => {
    const { question, request } = await oneQuestion();
    await testDb().insert(counters).values({ key: 'probe.read', value: 7, updatedAt: 0 });
    const first = probe('probe.first');
    const second = probe('probe.second');
    queryRecorder.start();
    const result = await answerQuestion(
      testDb(),
      [first.feature, second.feature],
      request(rightChoice(question)),
    );
    const log = queryRecorder.stop()!;

    expect(log.roundTrips).toBe(2);
    expect(result).toMatchObject({
      correct: true,
      selectedIndex: rightChoice(question),
      correctAnswer: rightChoice(question),
      questionId: question.question.id,
      answeredCount: 1,
      totalQuestions: 5,
    });
    for (const { seen } of [first, second]) {
      expect(seen.read).toEqual([[[expect.objectContaining({ key: 'probe.read', value: 7 })]]]);
      expect(seen.decided[0]).toMatchObject({
        questionId: question.question.id,
        category: 'airspace',
        position: 0,
        correct: true,
        seconds: expect.any(Number),
      });
      expect(seen.recorded).toHaveLength(1);
      expect(seen.recorded[0]).not.toHaveProperty('when');
    }
    expect(await counter('probe.first')).toBe(1);
    expect(await counter('probe.second')).toBe(1);
  });

  it('an answer is final: a second one is refused and no feature writes or hears of it', async () => {
    const { question, request } = await oneQuestion();
    const { feature, seen } = probe('probe.answers');
    await answerQuestion(testDb(), [feature], request(rightChoice(question)));
    await expect(
      answerQuestion(testDb(), [feature], request(wrongChoice(question))),
    ).rejects.toMatchObject({ status: 409, code: 'ALREADY_ANSWERED' });
    expect(await counter('probe.answers')).toBe(1);
    expect(seen.recorded).toHaveLength(1);
  });

  it('of two answers arriving at once, one is stored and the features count it once', async () => {
    const { question, request } = await oneQuestion();
    const { feature, seen } = probe('probe.race');
    const outcomes = await Promise.allSettled([
      answerQuestion(testDb(), [feature], request(rightChoice(question))),
      answerQuestion(testDb(), [feature], request(wrongChoice(question))),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({
      reason: { status: 409, code: 'ALREADY_ANSWERED' },
    });
    expect(await counter('probe.race')).toBe(1);
    expect(seen.recorded).toHaveLength(1);
  });

  it('an exam attempt past its deadline is closed and the answer refused, with nothing written', async () => {
    const { attempt, question, request } = await oneQuestion('timed');
    await age(attempt.id, 91 * 60_000);
    const { feature, seen } = probe('probe.late');
    await expect(
      answerQuestion(testDb(), [feature], request(rightChoice(question))),
    ).rejects.toMatchObject({ status: 409, code: 'TIME_UP' });
    expect(await counter('probe.late')).toBe(0);
    expect(seen.recorded).toHaveLength(0);
  });

  it('refuses a choice the question does not have, and another learner’s attempt', async () => {
    const { question, request } = await oneQuestion();
    const { feature } = probe('probe.refused');
    await expect(
      answerQuestion(testDb(), [feature], { ...request(0), selectedIndex: 4 }),
    ).rejects.toMatchObject({
      status: 400,
      fields: { selectedIndex: 'Choose one of the answers' },
    });
    const stranger = await premiumLearner();
    await expect(
      answerQuestion(testDb(), [feature], {
        ...request(rightChoice(question)),
        userId: stranger.id,
      }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await counter('probe.refused')).toBe(0);
  });
});
