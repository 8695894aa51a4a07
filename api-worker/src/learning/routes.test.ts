import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import type { PracticePools, Readiness } from '@drone-exam/shared/schemas/learning';
import type { AttemptDetail } from '@drone-exam/shared/schemas/quiz';
import { call, callOk, signedInUser } from '../../test/helpers.ts';
import { expectWithinBudget } from '../../test/budget.ts';
import { answerAll, finish, premiumLearner, seedBank, startAttempt } from '../quiz/testing.ts';
import { contentChanged } from '../content/public-cache.ts';
import { answerWeight } from './model.ts';

const readiness = (token: string) => callOk<Readiness>('/api/learning/readiness', { token });
const pools = (token: string, categories = '') =>
  callOk<PracticePools>(`/api/learning/pools${categories ? `?categories=${categories}` : ''}`, {
    token,
  });
const questionsOf = (attempt: AttemptDetail) => attempt.questions.map((q) => q.questionId);
const humanFactors = (r: Readiness) =>
  r.areas.find((area) => area.category === 'human-factors')!.mastery;

/** Answers a whole quiz of one source, right or wrong as asked, and returns its questions. */
async function play(
  token: string,
  body: Parameters<typeof startAttempt>[1],
  right: (i: number) => boolean,
) {
  const attempt = await startAttempt(token, body);
  await answerAll(token, attempt.id, right);
  return finish(token, attempt.id);
}

describe('GET /api/learning/readiness', () => {
  it('gives no figure before 30 distinct questions over 5 areas, only what is still needed', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const empty = await readiness(learner.token);
    expect(empty).toMatchObject({
      passProbability: null,
      range: null,
      expectedScore: null,
      answered: 0,
      minimumAnswered: 30,
      categoriesAnswered: 0,
      minimumCategories: 5,
      weakest: [],
    });
    expect(empty.areas).toHaveLength(7);
    expect(empty.areas.every((area) => area.mastery === null && area.answered === 0)).toBe(true);

    await play(learner.token, { mode: 'study', questionCount: 20 }, () => true);
    const partway = await readiness(learner.token);
    expect(partway.answered).toBe(20);
    expect(partway.passProbability).toBeNull();
    expect(partway.areas.filter((area) => area.mastery !== null).length).toBe(
      partway.categoriesAnswered,
    );
  });

  it('answers the whole contract once there are enough answers, and refuses visitors', async () => {
    await seedBank();
    const learner = await premiumLearner();
    await play(learner.token, { mode: 'study', questionCount: 50 }, (i) => i % 4 !== 0);
    const result = await readiness(learner.token);
    expect(result.answered).toBe(50);
    expect(result.categoriesAnswered).toBeGreaterThanOrEqual(5);
    expect(result.passProbability).toBeGreaterThan(0);
    expect(result.passProbability).toBeLessThan(1);
    const [lo, hi] = result.range!;
    expect(lo).toBeLessThanOrEqual(result.passProbability!);
    expect(hi).toBeGreaterThanOrEqual(result.passProbability!);
    expect(result.expectedScore).toBeGreaterThan(50);
    expect(result.expectedScore).toBeLessThan(100);
    const total = result.areas.reduce((sum, area) => sum + area.answered, 0);
    expect(total).toBe(50);
    expect(result.areas.reduce((sum, area) => sum + area.correct, 0)).toBe(50 - 13);
    expect((await call('/api/learning/readiness')).status).toBe(401);
  });

  it('stays within the budget with 2,000 answers: one round trip, no scan, rows ≤ areas + 3', async () => {
    await seedBank();
    const learner = await premiumLearner();
    await play(learner.token, { mode: 'study', questionCount: 10 }, () => true);
    // 2,000 answers in the learner's history: 80 attempts of 25 answered questions, and the same
    // answers in the area rows, as the answer path keeps them (counted, weighted).
    const now = Date.now();
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 80)
       INSERT INTO quiz_attempts (id, user_id, mode, status, question_count, answered_count, correct_count, started_at, last_activity_at, created_at)
       SELECT 'history-' || i, ?1, 'study', 'completed', 25, 25, 20, ?2, ?2, ?2 FROM n`,
    )
      .bind(learner.id, now)
      .run();
    await env.DB.prepare(
      `INSERT INTO attempt_questions (attempt_seq, position, version_id, option_order, selected_index, is_correct, answered_at)
       SELECT a.seq, p.i, 1 + (a.seq * 25 + p.i) % 89, 228, 0, p.i % 5 <> 0, ?2
       FROM quiz_attempts a, (WITH RECURSIVE q(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM q WHERE i < 24) SELECT i FROM q) p
       WHERE a.user_id = ?1 AND a.id LIKE 'history-%'`,
    )
      .bind(learner.id, now)
      .run();
    const stored = await env.DB.prepare(
      `SELECT count(*) AS n FROM attempt_questions aq JOIN quiz_attempts a ON a.seq = aq.attempt_seq WHERE a.user_id = ? AND aq.selected_index IS NOT NULL`,
    )
      .bind(learner.id)
      .first<{ n: number }>();
    expect(stored!.n).toBe(2010);
    const weight = answerWeight(now);
    await env.DB.prepare(
      `UPDATE learner_categories SET answers = answers + 285, correct = correct + 200,
         weighted_answers = weighted_answers + 285 * ?1, weighted_correct = weighted_correct + 200 * ?1
       WHERE user_id = ?2`,
    )
      .bind(weight, learner.id)
      .run();
    await readiness(learner.token);
    const cost = await expectWithinBudget(() => readiness(learner.token), 1);
    // The seven areas, the exam's row and the learner's target exam (issue 28).
    expect(cost.rowsRead).toBeLessThanOrEqual(10);

    // The forecast takes the exam's blueprint, not the bank's counts: a content change costs
    // nothing more.
    await contentChanged(env);
    await expectWithinBudget(() => readiness(learner.token), 1);
  });
});

describe('practice pools', () => {
  it('after a whole area answered wrong: incorrect draws only those, unseen never repeats, weakest includes it, its mastery and the chance of passing drop', async () => {
    await seedBank();
    const learner = await premiumLearner();
    // A first pass of six questions in each of five other areas, all right: enough for a readiness
    // figure (30 over 5 areas). One draw of 30 from the five left an area out about once in 114.
    for (const category of [
      'air-law-regulations',
      'airspace',
      'weather-notams',
      'rpas-theory',
      'operations',
    ] as const)
      await play(
        learner.token,
        { mode: 'study', questionCount: 6, categories: [category] },
        () => true,
      );
    const before = await readiness(learner.token);
    expect(before.passProbability).not.toBeNull();
    // Then every human-factors question (7 in the test bank), all wrong.
    const wrong = await play(
      learner.token,
      { mode: 'study', questionCount: 7, categories: ['human-factors'] },
      () => false,
    );
    const after = await readiness(learner.token);
    expect(humanFactors(before)).toBeNull();
    expect(humanFactors(after)!).toBeLessThan(0.5);
    expect(after.weakest[0]).toBe('human-factors');
    // The exam draws human-factors questions too: the chance of passing and the expected score fall.
    expect(after.passProbability!).toBeLessThan(before.passProbability!);
    expect(after.expectedScore!).toBeLessThan(before.expectedScore!);

    const incorrect = await startAttempt(learner.token, { mode: 'study', source: 'incorrect' });
    const detail = (
      await callOk<{ attempt: AttemptDetail }>(`/api/quiz/attempt/${incorrect.id}`, {
        token: learner.token,
      })
    ).attempt;
    expect(detail.questionCount).toBe(7);
    expect(new Set(questionsOf(detail))).toEqual(new Set(questionsOf(wrong)));

    const answered = new Set(questionsOf(wrong));
    for (let round = 0; round < 3; round++) {
      const unseen = await play(
        learner.token,
        { mode: 'study', questionCount: 10, source: 'unseen' },
        () => true,
      );
      for (const id of questionsOf(unseen)) {
        expect(answered.has(id), `${id} was answered before`).toBe(false);
        answered.add(id);
      }
    }

    const weakest = await startAttempt(learner.token, {
      mode: 'study',
      questionCount: 5,
      source: 'weakest',
    });
    expect(weakest.categories).toContain('human-factors');

    const counts = await pools(learner.token, 'human-factors');
    expect(counts).toEqual({ all: 7, unseen: 0, incorrect: 7, flagged: 0 });
  });

  it('takes what there is when fewer are available, and says why when there are none', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const none = await call('/api/quiz/attempt', {
      token: learner.token,
      body: { mode: 'study', source: 'incorrect' },
    });
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({
      success: false,
      error: 'You have no incorrect questions to review',
    });
    expect(
      (
        await call('/api/quiz/attempt', {
          token: learner.token,
          body: { mode: 'study', source: 'flagged' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('/api/quiz/attempt', {
          token: learner.token,
          body: { mode: 'study', source: 'weakest' },
        })
      ).status,
    ).toBe(400);

    await play(
      learner.token,
      { mode: 'study', questionCount: 5, categories: ['operations'] },
      (i) => i < 3,
    );
    const two = await startAttempt(learner.token, {
      mode: 'study',
      questionCount: 10,
      source: 'incorrect',
    });
    expect(two.questionCount).toBe(2);
  });

  it('retakes the questions an attempt missed or flagged, for its owner only', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const first = await startAttempt(learner.token, { mode: 'study', questionCount: 10 });
    await callOk(`/api/quiz/attempt/${first.id}/flag`, {
      token: learner.token,
      body: {
        questionId: (
          await callOk<{ question: { id: string } }>(`/api/quiz/attempt/${first.id}/question`, {
            token: learner.token,
          })
        ).question.id,
        flagged: true,
      },
    });
    await answerAll(learner.token, first.id, (i) => i >= 4);
    const done = await finish(learner.token, first.id);
    const missed = done.questions.filter((q) => !q.isCorrect).map((q) => q.questionId);
    expect(missed).toHaveLength(4);

    const retake = await startAttempt(learner.token, {
      mode: 'study',
      source: 'attempt',
      attemptId: first.id,
    });
    const retaken = (
      await callOk<{ attempt: AttemptDetail }>(`/api/quiz/attempt/${retake.id}`, {
        token: learner.token,
      })
    ).attempt;
    expect(new Set(questionsOf(retaken))).toEqual(new Set(missed));
    const flagged = await startAttempt(learner.token, {
      mode: 'study',
      source: 'attempt',
      attemptId: first.id,
      only: 'flagged',
    });
    expect(flagged.questionCount).toBe(1);
    const everything = await startAttempt(learner.token, {
      mode: 'study',
      source: 'attempt',
      attemptId: first.id,
      only: 'all',
    });
    expect(everything.questionCount).toBe(10);

    const other = await premiumLearner();
    const stolen = await call('/api/quiz/attempt', {
      token: other.token,
      body: { mode: 'study', source: 'attempt', attemptId: first.id },
    });
    expect(stolen.status).toBe(404);
    const unnamed = await call('/api/quiz/attempt', {
      token: learner.token,
      body: { mode: 'study', source: 'attempt' },
    });
    expect(unnamed.status).toBe(400);
  });

  it('shows each question’s history in the review', async () => {
    await seedBank({ operations: 5 });
    const learner = await premiumLearner();
    await play(learner.token, { mode: 'study', questionCount: 5 }, () => false);
    await play(learner.token, { mode: 'study', questionCount: 5 }, () => true);
    const third = await play(learner.token, { mode: 'study', questionCount: 5 }, () => true);
    for (const question of third.questions) {
      expect(question.history).toEqual({ answered: 3, outcomes: [false, true, true] });
    }
  });

  it('counts pools for premium learners only, in the categories asked', async () => {
    await seedBank();
    const learner = await premiumLearner();
    expect(await pools(learner.token)).toEqual({ all: 89, unseen: 89, incorrect: 0, flagged: 0 });
    const free = await signedInUser();
    expect((await call('/api/learning/pools', { token: free.token })).status).toBe(403);
    expect(
      (await call('/api/learning/pools?categories=astrology', { token: learner.token })).status,
    ).toBe(400);
    await expectWithinBudget(() => pools(learner.token, 'airspace,operations'));
  });

  it('starts a quiz from any pool within the budget', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const first = await play(
      learner.token,
      { mode: 'study', questionCount: 10 },
      (i) => i % 2 === 0,
    );
    for (const body of [
      { mode: 'study' as const, source: 'unseen' as const },
      { mode: 'study' as const, source: 'incorrect' as const },
      { mode: 'study' as const, source: 'weakest' as const },
      { mode: 'study' as const, source: 'attempt' as const, attemptId: first.id },
    ])
      await expectWithinBudget(() => startAttempt(learner.token, body));
  });
});
