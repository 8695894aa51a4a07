import { describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { AdminQuestion } from '@drone-exam/shared/schemas/content';
import type { ItemAnalysisPage, QuestionAnalysis } from '@drone-exam/shared/schemas/quality';
import { callOk, testDb } from '../../test/helpers.ts';
import { attemptQuestions, questions, questionVersions, quizAttempts } from '../db/schema.ts';
import { originalIndex } from '../quiz/queries.ts';
import { age, answerAll, finish, premiumLearner, seedBank, startAttempt } from '../quiz/testing.ts';
import { admin } from './testing.ts';
import {
  ANSWER_TIME_BUCKET_MAX_SECONDS,
  ITEM_FLAG_MIN_ATTEMPTS,
  type ItemFlag,
} from '@drone-exam/shared/schemas/quality-values';

/** mulberry32: a small seeded generator, so the simulated answers are the same every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const analysis = (token: string, id: string) =>
  callOk<QuestionAnalysis>(`/api/admin/questions/${id}/analysis`, { token });
const table = (token: string, query: string) =>
  callOk<ItemAnalysisPage>(`/api/admin/item-analysis?limit=100&${query}`, { token });

/** How the simulated learners treat a question (the rest are answered right at their ability). */
const BEHAVIOUR: Record<string, 'easy' | 'hard' | 'miskeyed' | 'unused'> = {
  'airspace-001': 'easy',
  'operations-001': 'hard',
  // The stronger the learner, the likelier they pick what is really right, which is not the key.
  'airspace-002': 'miskeyed',
  // Nobody picks its last distractor.
  'operations-002': 'unused',
};

type Answer = { x: number; y: number; original: number; seconds: number };

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** The figures computed directly from the answers, by the textbook formulas. */
function direct(answers: Answer[]) {
  const n = answers.length;
  const p = mean(answers.map((a) => a.x));
  const ys = answers.map((a) => a.y);
  const my = mean(ys);
  const sy = Math.sqrt(mean(ys.map((y) => (y - my) ** 2)));
  const right = answers.filter((a) => a.x === 1).map((a) => a.y);
  const wrong = answers.filter((a) => a.x === 0).map((a) => a.y);
  // Point-biserial: (M1 − M0) / s · √(pq), with s the population deviation of the rest scores.
  const discrimination =
    right.length && wrong.length && sy > 0
      ? ((mean(right) - mean(wrong)) / sy) * Math.sqrt(p * (1 - p))
      : null;
  const times = answers
    .map((a) => Math.min(a.seconds, ANSWER_TIME_BUCKET_MAX_SECONDS))
    .sort((a, b) => a - b);
  const optionCounts = [0, 1, 2, 3].map((o) => answers.filter((a) => a.original === o).length);
  return { n, facility: p, discrimination, median: times[Math.ceil(n / 2) - 1]!, optionCounts };
}

/** An attempt's questions as stored: the question, its key and how its options were shuffled. */
const storedQuestions = (attemptId: string) =>
  testDb()
    .select({
      position: attemptQuestions.position,
      optionOrder: attemptQuestions.optionOrder,
      questionId: questionVersions.questionId,
      snapshotJson: questionVersions.snapshotJson,
    })
    .from(attemptQuestions)
    .innerJoin(questionVersions, eq(questionVersions.id, attemptQuestions.versionId))
    .where(
      eq(
        attemptQuestions.attemptSeq,
        sql`(select ${quizAttempts.seq} from ${quizAttempts} where ${quizAttempts.id} = ${attemptId})`,
      ),
    )
    .orderBy(asc(attemptQuestions.position));

describe('item statistics kept on write', () => {
  it(
    'match a direct computation over 200 seeded attempts (facility and discrimination to 1e-6)',
    {
      timeout: 240_000,
    },
    async () => {
      await seedBank({ airspace: 6, operations: 6, 'human-factors': 6 });
      const random = seeded(18);
      const learners = [];
      for (const ability of [0.25, 0.35, 0.45, 0.55, 0.65, 0.75, 0.85, 0.95])
        learners.push({ ...(await premiumLearner()), ability });
      const byQuestion = new Map<string, Answer[]>();
      const counts = [5, 10, 18];

      // 200 attempts completed (one in ten closed by its exam deadline), and five left in progress
      // with answers, which must count nowhere.
      for (let k = 0; k < 205; k++) {
        const learner = learners[k % learners.length]!;
        const timed = k % 10 === 9;
        const attempt = await startAttempt(learner.token, {
          mode: timed ? 'timed' : 'study',
          questionCount: counts[k % counts.length],
          ...(timed ? { timeLimit: 90 } : {}),
        });
        const rows = await storedQuestions(attempt.id);
        const given: Array<{ questionId: string; x: number; original: number; seconds: number }> =
          [];
        const db = testDb();
        const writes = [];
        for (const row of rows) {
          if (random() < 0.1) continue; // left unanswered
          const { correctAnswer, options } = JSON.parse(row.snapshotJson) as {
            correctAnswer: number;
            options: string[];
          };
          const behaviour = BEHAVIOUR[row.questionId];
          const chance =
            behaviour === 'easy'
              ? 0.995
              : behaviour === 'hard'
                ? 0.12
                : behaviour === 'miskeyed'
                  ? 1 - learner.ability
                  : learner.ability;
          const distractors = options
            .map((_, i) => i)
            .filter((i) => i !== correctAnswer)
            .slice(0, behaviour === 'unused' ? -1 : undefined);
          const original =
            random() < chance
              ? correctAnswer
              : behaviour === 'miskeyed'
                ? distractors[0]!
                : distractors[Math.floor(random() * distractors.length)]!;
          const position = options.findIndex(
            (_, p) => originalIndex(row.optionOrder, p) === original,
          );
          const seconds = random() < 0.05 ? 400 : 2 + Math.floor(random() * 80);
          const x = original === correctAnswer ? 1 : 0;
          given.push({ questionId: row.questionId, x, original, seconds });
          writes.push(
            db
              .update(attemptQuestions)
              .set({
                selectedIndex: position,
                isCorrect: x === 1,
                timeSpentSeconds: seconds,
                answeredAt: Date.now(),
              })
              .where(
                sql`${attemptQuestions.attemptSeq} = (select seq from quiz_attempts where id = ${attempt.id}) and ${attemptQuestions.position} = ${row.position}`,
              ),
          );
        }
        const right = given.reduce((sum, a) => sum + a.x, 0);
        writes.push(
          db
            .update(quizAttempts)
            .set({ answeredCount: given.length, correctCount: right })
            .where(eq(quizAttempts.id, attempt.id)),
        );
        await db.batch(writes as [(typeof writes)[number], ...typeof writes]);
        if (k >= 200) continue;
        if (timed) {
          await age(attempt.id, 91 * 60_000);
          const closed = await callOk<{ attempt: { status: string } }>(
            `/api/quiz/attempt/${attempt.id}`,
            { token: learner.token },
          );
          expect(closed.attempt.status).toBe('completed');
        } else {
          await finish(learner.token, attempt.id);
        }
        for (const answer of given) {
          const list = byQuestion.get(answer.questionId) ?? [];
          list.push({ ...answer, y: (right - answer.x) / (rows.length - 1) });
          byQuestion.set(answer.questionId, list);
        }
      }

      const { token } = await admin();
      const listed = await table(token, 'sort=-attempts');
      expect(listed.items).toHaveLength(18);
      let compared = 0;
      let correlated = 0;
      for (const [questionId, answers] of byQuestion) {
        const expected = direct(answers);
        const { current, history } = await analysis(token, questionId);
        expect(history).toEqual([]);
        expect(current.attempts, questionId).toBe(expected.n);
        expect(current.facility!, questionId).toBeCloseTo(expected.facility, 6);
        const row = listed.items.find((item) => item.questionId === questionId)!;
        if (expected.discrimination === null) {
          // Everyone right (the easy one): nothing to correlate, on both sides.
          expect(current.discrimination, questionId).toBeNull();
        } else {
          expect(current.discrimination!, questionId).toBeCloseTo(expected.discrimination, 6);
          expect(row.discrimination!, questionId).toBeCloseTo(expected.discrimination, 6);
          correlated += 1;
        }
        expect(current.optionCounts, questionId).toEqual(expected.optionCounts);
        expect(current.medianSeconds, questionId).toBe(expected.median);
        compared += 1;
      }
      expect(compared).toBe(18);
      expect(correlated).toBeGreaterThanOrEqual(17);

      // The simulated behaviours show up as the flags and orders an admin looks for.
      const flagged = async (filter: ItemFlag) =>
        (await table(token, `filter=${filter}`)).items.map((item) => item.questionId);
      expect(await flagged('too-easy')).toEqual(['airspace-001']);
      expect(await flagged('too-hard')).toEqual(['operations-001']);
      expect(await flagged('low-discrimination')).toContain('airspace-002');
      // Nobody picks one of its distractors; the easy and miskeyed ones leave some unpicked too.
      const unused = await flagged('unused-distractor');
      expect(unused).toContain('operations-002');
      for (const id of unused) expect(Object.keys(BEHAVIOUR)).toContain(id);
      const byDiscrimination = (await table(token, 'sort=discrimination')).items;
      expect(byDiscrimination[0]!.questionId).toBe('airspace-002');
      expect(byDiscrimination[0]!.discrimination!).toBeLessThan(0);
      // Ascending, with any discrimination that cannot be told (everyone right) last.
      const values = byDiscrimination.map((item) => item.discrimination);
      const told = values.filter((value) => value !== null);
      expect(values).toEqual([
        ...told.sort((a, b) => a - b),
        ...values.filter((value) => value === null),
      ]);
      const byFacility = (await table(token, 'sort=-facility&category=operations')).items;
      expect(byFacility.map((item) => item.category)).toEqual(Array(6).fill('operations'));
      expect(byFacility.at(-1)!.questionId).toBe('operations-001');
      // By exam (issue 28): a question made Basic-only leaves the Advanced list, not the Basic one.
      await testDb()
        .update(questions)
        .set({ examsMask: 1 })
        .where(eq(questions.id, 'operations-001'));
      const ofExam = async (exam: string) =>
        (await table(token, `exam=${exam}`)).items.map((item) => item.questionId);
      const [basic, advanced] = [await ofExam('basic'), await ofExam('advanced')];
      expect(basic).toContain('operations-001');
      expect(advanced).not.toContain('operations-001');
      expect(basic.filter((id) => id !== 'operations-001')).toEqual(advanced);
      const attempts = listed.items.map((item) => item.attempts);
      expect(attempts).toEqual([...attempts].sort((a, b) => b - a));
      expect(Math.min(...attempts)).toBeGreaterThanOrEqual(ITEM_FLAG_MIN_ATTEMPTS);
    },
  );
});

/** A fresh learner shown every question of a five-question airspace bank. */
async function takeAll() {
  const learner = await premiumLearner();
  const attempt = await startAttempt(learner.token, {
    mode: 'study',
    questionCount: 5,
    categories: ['airspace'],
  });
  return { learner, attempt };
}

describe('statistics start afresh when the options or the key change', () => {
  it('keeps other edits in the same statistics, and the old ones as history', async () => {
    await seedBank({ airspace: 5 });
    const { token } = await admin();
    const target = 'airspace-001';
    const complete = async (taken: Awaited<ReturnType<typeof takeAll>>) => {
      await answerAll(taken.learner.token, taken.attempt.id, (i) => i % 2 === 0, 12);
      await finish(taken.learner.token, taken.attempt.id);
    };
    const edit = async (changes: Partial<AdminQuestion>) => {
      const { question } = await callOk<{ question: AdminQuestion }>(
        `/api/admin/questions/${target}`,
        { token },
      );
      const body = {
        question: question.question,
        options: question.options,
        correctAnswer: question.correctAnswer,
        explanation: question.explanation,
        category: question.category,
        difficulty: question.difficulty,
        tags: question.tags,
        regulationReference: question.regulationReference ?? undefined,
        isActive: question.isActive,
        ...changes,
      };
      return callOk<{ question: AdminQuestion }>(`/api/admin/questions/${target}`, {
        token,
        method: 'PUT',
        body,
      }).then((d) => d.question);
    };

    await complete(await takeAll());
    expect((await analysis(token, target)).current).toMatchObject({ sinceVersion: 1, attempts: 1 });
    // Started on version 1, finished after the options change below.
    const inFlight = await takeAll();
    await answerAll(inFlight.learner.token, inFlight.attempt.id, () => true, 5);

    // A new explanation is a new version, but the same options and key: the same statistics.
    expect(await edit({ explanation: 'A clearer explanation.' })).toMatchObject({
      version: 2,
      statsSinceVersion: 1,
    });
    await complete(await takeAll());
    expect((await analysis(token, target)).current).toMatchObject({ sinceVersion: 1, attempts: 2 });

    // Reworded options start afresh; the answers so far are kept as history with their options.
    const before = await callOk<{ question: AdminQuestion }>(`/api/admin/questions/${target}`, {
      token,
    });
    const reworded = before.question.options.map((option) => `${option} (reworded)`);
    expect(await edit({ options: reworded })).toMatchObject({ version: 3, statsSinceVersion: 3 });
    let now = await analysis(token, target);
    expect(now.current).toMatchObject({ sinceVersion: 3, attempts: 0, facility: null });
    expect(now.history).toMatchObject([
      { sinceVersion: 1, attempts: 2, options: before.question.options },
    ]);
    expect((await table(token, 'sort=attempts')).items.map((i) => i.questionId)).not.toContain(
      target,
    );

    // The attempt that showed version 1 finishes now: its answer joins the history, not the new.
    await finish(inFlight.learner.token, inFlight.attempt.id);
    now = await analysis(token, target);
    expect(now.current.attempts).toBe(0);
    expect(now.history[0]).toMatchObject({ sinceVersion: 1, attempts: 3 });

    await complete(await takeAll());
    now = await analysis(token, target);
    expect(now.current).toMatchObject({ sinceVersion: 3, attempts: 1 });

    // A new key alone starts afresh too; a new category does not, and the table follows it.
    const key = (now.question.correctAnswer + 1) % 4;
    expect(await edit({ correctAnswer: key })).toMatchObject({ version: 4, statsSinceVersion: 4 });
    await complete(await takeAll());
    expect(await edit({ category: 'operations' })).toMatchObject({ statsSinceVersion: 4 });
    now = await analysis(token, target);
    expect(now.current).toMatchObject({ sinceVersion: 4, attempts: 1, correctAnswer: key });
    expect(now.history.map((h) => [h.sinceVersion, h.attempts])).toEqual([
      [3, 1],
      [1, 3],
    ]);
    expect((await table(token, 'category=operations')).items.map((i) => i.questionId)).toEqual([
      target,
    ]);
  });
});
