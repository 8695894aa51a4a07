import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { AttemptDetail, FindAnswerResult } from '@drone-exam/shared/schemas/quiz';
import { call, callOk, signedInUser, testDb } from '../../test/helpers.ts';
import { queryRecorder } from '../db/instrument.ts';
import { learnerQuestions, questions } from '../db/schema.ts';
import { createModule } from '../study/test-modules.ts';
import { answerFind, findResults, median } from './find.ts';
import {
  age,
  answer,
  currentQuestion,
  finish,
  premiumLearner,
  seedBank,
  startAttempt,
} from './testing.ts';

const MODULE = 'airspace-basics';
const TAUGHT = { moduleSlug: MODULE, sectionId: 'airspace-classes' };
const ALSO = { moduleSlug: MODULE, sectionId: 'controlled-airspace' };
const ELSEWHERE = { moduleSlug: MODULE, sectionId: 'weather-minima' };

/**
 * A published module with three sections (French titles too), and a bank whose questions name
 * where they are taught, all but the last of `bank`'s categories' questions: that one has no
 * learnMore, so no drill may draw it.
 */
async function seedDrill(bank: Parameters<typeof seedBank>[0] = { airspace: 6 }) {
  await createModule({
    slug: MODULE,
    title: 'Airspace basics',
    body: '# Airspace basics\n\n## Airspace classes {#airspace-classes}\n\nA to G.\n\n## Controlled airspace {#controlled-airspace}\n\nClasses A to E.\n\n## Weather minima {#weather-minima}\n\nVisibility.',
    french: {
      title: "Notions d'espace aérien",
      description: 'Espace aérien',
      body: "# Notions d'espace aérien\n\n## Classes d'espace aérien {#airspace-classes}\n\nDe A à G.\n\n## Espace aérien contrôlé {#controlled-airspace}\n\nA à E.\n\n## Minimums météo {#weather-minima}\n\nVisibilité.",
    },
  });
  const rows = await seedBank(bank);
  const taught = rows.slice(0, -1).map((row) => row.id);
  await testDb()
    .update(questions)
    .set({ learnMoreJson: JSON.stringify({ learnMore: TAUGHT, alsoTaughtIn: [ALSO] }) })
    .where(inArray(questions.id, taught));
  return { taught, untaught: rows.at(-1)!.id };
}

const pick = (
  token: string,
  attemptId: string,
  body: { questionId: string; moduleSlug?: string; sectionId?: string; timeSpent?: number },
) => call<FindAnswerResult>(`/api/quiz/attempt/${attemptId}/answer`, { token, body });

const view = (token: string, attemptId: string) =>
  callOk<{ attempt: AttemptDetail }>(`/api/quiz/attempt/${attemptId}`, { token }).then(
    (data) => data.attempt,
  );

async function drill(count = 5) {
  const seeded = await seedDrill();
  const learner = await premiumLearner();
  const attempt = await startAttempt(learner.token, { mode: 'find', questionCount: count });
  // Started long enough ago that the times the tests send are not capped by the drill's age.
  await age(attempt.id, 10 * 60_000);
  const items = (await view(learner.token, attempt.id)).questions;
  return { ...seeded, learner, attempt, items };
}

describe('Find it: starting a drill', () => {
  it('draws only questions that name where they are taught, and shows each without its options', async () => {
    const { attempt, items, untaught, learner } = await drill(5);
    expect(attempt).toMatchObject({ mode: 'find', questionCount: 5, timeLimit: null });
    expect(items.map((item) => item.questionId)).not.toContain(untaught);
    for (const item of items) {
      expect(item).toMatchObject({ choices: [], correctAnswer: null, explanation: null });
      expect(item.found).toBeNull();
    }
    const current = await currentQuestion(learner.token, attempt.id);
    expect(current.question.choices).toEqual([]);
    expect(current.answer).toBeNull();
    expect(JSON.stringify(current)).not.toContain('airspace-classes');
  });

  it('refuses more items than the bank can find, a time limit and a pool other than the bank', async () => {
    await seedDrill();
    const learner = await premiumLearner();
    const tooMany = await call('/api/quiz/attempt', {
      token: learner.token,
      body: { mode: 'find', questionCount: 6 },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toMatchObject({ success: false, code: 'NOT_ENOUGH_QUESTIONS' });
    for (const body of [
      { mode: 'find', questionCount: 5, timeLimit: 90 },
      { mode: 'find', questionCount: 5, source: 'flagged' },
    ]) {
      const refused = await call('/api/quiz/attempt', { token: learner.token, body });
      expect(refused.status).toBe(400);
    }
  });

  it('is for premium learners only', async () => {
    await seedDrill();
    const free = await signedInUser();
    const refused = await call('/api/quiz/attempt', {
      token: free.token,
      body: { mode: 'find', questionCount: 5 },
    });
    expect(refused.status).toBe(403);
  });
});

describe('Find it: answering with a section', () => {
  it('the learnMore section is right and names the section with its title', async () => {
    const { learner, attempt, items } = await drill();
    const result = await pick(learner.token, attempt.id, {
      questionId: items[0]!.questionId,
      ...TAUGHT,
      timeSpent: 12,
    });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({
      success: true,
      data: {
        correct: true,
        learnMore: { ...TAUGHT, title: 'Airspace classes' },
        timeSpent: 12,
        answeredCount: 1,
        totalQuestions: 5,
      },
    });
  });

  it('a section the question lists as also teaching it is right too; another section is wrong', async () => {
    const { learner, attempt, items } = await drill();
    const also = await pick(learner.token, attempt.id, {
      questionId: items[0]!.questionId,
      ...ALSO,
    });
    expect(also.json).toMatchObject({ data: { correct: true } });
    const wrong = await pick(learner.token, attempt.id, {
      questionId: items[1]!.questionId,
      ...ELSEWHERE,
    });
    expect(wrong.json).toMatchObject({ data: { correct: false, learnMore: TAUGHT } });
    const after = await view(learner.token, attempt.id);
    expect(after).toMatchObject({ answeredCount: 2, correctCount: 1 });
    expect(after.questions[1]!.found).toMatchObject({
      correct: false,
      picked: { ...ELSEWHERE, title: 'Weather minima' },
      learnMore: { ...TAUGHT, title: 'Airspace classes' },
    });
  });

  it('titles the section in French for a French reader', async () => {
    const { learner, attempt, items } = await drill();
    const result = await call<FindAnswerResult>(`/api/quiz/attempt/${attempt.id}/answer`, {
      token: learner.token,
      body: { questionId: items[0]!.questionId, ...ELSEWHERE },
      headers: { 'Accept-Language': 'fr' },
    });
    expect(result.json).toMatchObject({
      data: { learnMore: { title: "Classes d'espace aérien" } },
    });
  });

  it('refuses a section the module does not have, or a module that does not exist, with a 400', async () => {
    const { learner, attempt, items } = await drill();
    for (const section of [
      { moduleSlug: MODULE, sectionId: 'no-such-section' },
      { moduleSlug: 'no-such-module', sectionId: 'airspace-classes' },
    ]) {
      const refused = await pick(learner.token, attempt.id, {
        questionId: items[0]!.questionId,
        ...section,
      });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({
        success: false,
        fields: { sectionId: expect.any(String) },
      });
    }
    expect((await view(learner.token, attempt.id)).answeredCount).toBe(0);
  });

  it('an answer is final: a second pick is a 409 and changes nothing', async () => {
    const { learner, attempt, items } = await drill();
    const questionId = items[0]!.questionId;
    await pick(learner.token, attempt.id, { questionId, ...ELSEWHERE });
    const again = await pick(learner.token, attempt.id, { questionId, ...TAUGHT });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ success: false, code: 'ALREADY_ANSWERED' });
    expect(await view(learner.token, attempt.id)).toMatchObject({
      answeredCount: 1,
      correctCount: 0,
    });
  });

  it('a drill refuses an option, another attempt refuses a section, and a body naming both is refused', async () => {
    const { learner, attempt, items } = await drill();
    const option = await answer(learner.token, attempt.id, {
      questionId: items[0]!.questionId,
      selectedIndex: 0,
    });
    expect(option.status).toBe(400);
    expect(option.json).toMatchObject({
      fields: { sectionId: expect.stringContaining('Find-it') },
    });

    const study = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    const question = await currentQuestion(learner.token, study.id);
    const section = await pick(learner.token, study.id, {
      questionId: question.question.id,
      ...TAUGHT,
    });
    expect(section.status).toBe(400);
    expect(section.json).toMatchObject({ fields: { selectedIndex: expect.any(String) } });

    const both = await call(`/api/quiz/attempt/${attempt.id}/answer`, {
      token: learner.token,
      body: { questionId: items[0]!.questionId, selectedIndex: 0, ...TAUGHT },
    });
    expect(both.status).toBe(400);
    const half = await call(`/api/quiz/attempt/${attempt.id}/answer`, {
      token: learner.token,
      body: { questionId: items[0]!.questionId, moduleSlug: MODULE },
    });
    expect(half.status).toBe(400);
    expect(half.json).toMatchObject({ fields: { sectionId: expect.any(String) } });
  });

  it('reads in one round trip and writes in one, and feeds no learner record', async () => {
    const { learner, attempt, items } = await drill();
    queryRecorder.start();
    const result = await answerFind(testDb(), {
      attemptId: attempt.id,
      userId: learner.id,
      questionId: items[0]!.questionId,
      section: TAUGHT,
      timeSpent: 5,
      locale: 'en',
      now: Date.now(),
    });
    const log = queryRecorder.stop()!;
    expect(log.roundTrips).toBe(2);
    expect(result.correct).toBe(true);
    const records = await testDb()
      .select()
      .from(learnerQuestions)
      .where(eq(learnerQuestions.userId, learner.id));
    expect(records.every((record) => record.timesAnswered === 0)).toBe(true);
  });
});

describe('Find it: results', () => {
  it('the median time to find and the slowest topics, over the items picked; the drill is unscored', async () => {
    await seedDrill({ airspace: 3, operations: 3 });
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'find', questionCount: 5 });
    await age(attempt.id, 10 * 60_000);
    const items = (await view(learner.token, attempt.id)).questions;
    const seconds = [40, 10, 30, 20];
    for (const [i, timeSpent] of seconds.entries()) {
      await pick(learner.token, attempt.id, {
        questionId: items[i]!.questionId,
        ...(i % 2 ? ELSEWHERE : TAUGHT),
        timeSpent,
      });
    }
    const done = await finish(learner.token, attempt.id);
    expect(done).toMatchObject({ status: 'completed', score: null, passed: null, correctCount: 2 });
    expect(done.findResults!.medianSeconds).toBe(25);
    const byTopic = new Map<string, number[]>();
    for (const [i, timeSpent] of seconds.entries()) {
      byTopic.set(items[i]!.category, [...(byTopic.get(items[i]!.category) ?? []), timeSpent]);
    }
    const expected = [...byTopic]
      .map(([category, times]) => ({ category, medianSeconds: median(times), items: times.length }))
      .sort((a, b) => b.medianSeconds! - a.medianSeconds! || a.category.localeCompare(b.category));
    expect(done.findResults!.slowestTopics).toEqual(expected);
    // The item never picked counts as not found, and shows where it is taught.
    expect(done.questions[4]!.found).toMatchObject({
      correct: false,
      picked: null,
      learnMore: TAUGHT,
    });
    expect(done.questions[4]!.explanation).toEqual(expect.any(String));
  });

  it('median and slowest topics, computed', () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const results = findResults([
      { category: 'airspace', seconds: 30, answered: true },
      { category: 'airspace', seconds: 50, answered: true },
      { category: 'operations', seconds: 10, answered: true },
      { category: 'operations', seconds: 999, answered: false },
      { category: 'human-factors', seconds: 45, answered: true },
      { category: 'rpas-theory', seconds: 5, answered: true },
    ]);
    expect(results.medianSeconds).toBe(30);
    expect(results.slowestTopics).toEqual([
      { category: 'human-factors', medianSeconds: 45, items: 1 },
      { category: 'airspace', medianSeconds: 40, items: 2 },
      { category: 'operations', medianSeconds: 10, items: 1 },
    ]);
  });
});
