import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { DailyGoal, Streak } from '@drone-exam/shared/schemas/learning';
import { call, callOk, signedInUser, testDb } from '../../test/helpers.ts';
import {
  learnerDays,
  learnerPlans,
  learnerQuestions,
  learnerStreaks,
  questionVersions,
  questions,
} from '../db/schema.ts';
import { answerQuestion } from '../quiz/answer.ts';
import {
  answerAll,
  currentQuestion,
  navigate,
  premiumLearner,
  rightChoice,
  seedBank,
  startAttempt,
} from '../quiz/testing.ts';
import { learnerRecords } from './answer-records.ts';
import { addDays, localDay } from './days.ts';
import { dailyGoal, readStreak } from './goal.ts';

const HOUR = 3_600_000;
const ZONE = 'America/Toronto';
const streak = (token: string) => callOk<Streak>('/api/learning/streak', { token });
const putGoal = (token: string, body: unknown) =>
  call<DailyGoal>('/api/learning/goal', { token, method: 'PUT', body });

/** Noon in Toronto on a day (EST, UTC-5, before 14 March 2027). */
const noonOf = (day: string) => Date.parse(`${day}T17:00:00Z`);

type Learner = Awaited<ReturnType<typeof premiumLearner>>;

/**
 * Answers `count` questions of a new study quiz through the answer service at instant `at` (the
 * route stamps Date.now(); the service takes the instant, so a test walks the learner's days).
 */
async function answerAt(learner: Learner, at: number, count = 5) {
  const attempt = await startAttempt(learner.token, {
    mode: 'study',
    questionCount: 5,
    categories: ['airspace'],
  });
  let question = await currentQuestion(learner.token, attempt.id);
  for (let i = 0; i < count; i++) {
    await answerQuestion(testDb(), [learnerRecords, dailyGoal], {
      attemptId: attempt.id,
      userId: learner.id,
      questionId: question.question.id,
      selectedIndex: rightChoice(question),
      timeSpent: 5,
      locale: 'en',
      now: at,
    });
    if (i + 1 < count) question = await navigate(learner.token, attempt.id, i + 1);
  }
}

/**
 * A learner with a goal, in a zone, holding one review long overdue in an area their quizzes leave
 * out: no answer of theirs clears the day's reviews, so only the goal meets a day.
 */
async function learnerWithGoal(goal = 5, timeZone = ZONE, { seed = true } = {}) {
  if (seed) await seedBank({ airspace: 10, 'human-factors': 1 });
  const learner = await premiumLearner();
  const db = testDb();
  const [overdue] = await db
    .select({ seq: questions.seq })
    .from(questions)
    .where(eq(questions.category, 'human-factors'));
  await db.batch([
    db.insert(learnerPlans).values({ userId: learner.id, timeZone, dailyGoal: goal, updatedAt: 0 }),
    db.insert(learnerQuestions).values({
      userId: learner.id,
      questionSeq: overdue!.seq!,
      cardState: 2,
      cardDueAt: 0,
      cardStability: 10,
      cardDifficulty: 5,
      cardReps: 3,
    }),
  ]);
  return learner;
}

async function dayRow(userId: string, day: string) {
  const [row] = await testDb()
    .select()
    .from(learnerDays)
    .where(and(eq(learnerDays.userId, userId), eq(learnerDays.day, day)));
  return row;
}

describe('GET and PUT /api/learning/goal', () => {
  it('starts at 10 questions in the learner’s zone and keeps a goal from 5 to 100', async () => {
    const learner = await signedInUser();
    expect(await callOk<DailyGoal>('/api/learning/goal', { token: learner.token })).toEqual({
      dailyQuestions: 10,
      timeZone: 'America/Toronto',
    });
    const saved = await putGoal(learner.token, { dailyQuestions: 25, timeZone: 'Europe/Paris' });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      success: true,
      data: { dailyQuestions: 25, timeZone: 'Europe/Paris' },
    });
    for (const dailyQuestions of [5, 100]) {
      expect((await putGoal(learner.token, { dailyQuestions })).status).toBe(200);
    }
    // What GET answers goes back as it came.
    const read = await callOk<DailyGoal>('/api/learning/goal', { token: learner.token });
    expect(read).toEqual({ dailyQuestions: 100, timeZone: 'Europe/Paris' });
    expect((await putGoal(learner.token, read)).status).toBe(200);
  });

  it('refuses a goal out of range with the range, a non-integer, an unknown key and a visitor', async () => {
    const learner = await signedInUser();
    for (const dailyQuestions of [4, 101, 0, 7.5, '10', null]) {
      const refused = await putGoal(learner.token, { dailyQuestions });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({
        success: false,
        fields: { dailyQuestions: 'Choose a daily goal from 5 to 100 questions' },
      });
    }
    expect((await putGoal(learner.token, {})).status).toBe(400);
    const unknown = await putGoal(learner.token, { dailyQuestions: 10, reminders: true });
    expect(unknown.status).toBe(400);
    expect(
      (await putGoal(learner.token, { dailyQuestions: 10, timeZone: 'Mars/Olympus' })).status,
    ).toBe(400);
    expect(await callOk<DailyGoal>('/api/learning/goal', { token: learner.token })).toMatchObject({
      dailyQuestions: 10,
    });
    expect((await call('/api/learning/goal')).status).toBe(401);
    expect((await putGoal('', { dailyQuestions: 10 })).status).toBe(401);
    expect((await call('/api/learning/streak')).status).toBe(401);
  });
});

describe('GET /api/learning/streak', () => {
  it('answering the goal’s number of questions meets today and starts the streak', async () => {
    await seedBank({ airspace: 10 });
    const learner = await premiumLearner();
    expect((await putGoal(learner.token, { dailyQuestions: 5 })).status).toBe(200);
    const before = await streak(learner.token);
    expect(before).toMatchObject({
      current: 0,
      longest: 0,
      freezesHeld: 0,
      todayMet: false,
      todayAnswered: 0,
      goal: 5,
    });
    expect(before.days).toHaveLength(35);
    expect(before.days.every((day) => !day.met && !day.frozen)).toBe(true);

    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    await answerAll(learner.token, attempt.id, () => true);
    const after = await streak(learner.token);
    const today = localDay(Date.now(), ZONE);
    expect(after).toMatchObject({
      current: 1,
      longest: 1,
      todayMet: true,
      todayAnswered: 5,
      goal: 5,
    });
    expect(after.days[0]!.date).toBe(addDays(today, -34));
    expect(after.days.at(-1)).toEqual({ date: today, met: true, frozen: false });
    expect(after.days.filter((day) => day.met)).toHaveLength(1);
  });

  it('six answers of a goal of 10 leave today unmet; lowering the goal to 5 meets it there and then', async () => {
    await seedBank({ airspace: 10 });
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 10 });
    let question = await currentQuestion(learner.token, attempt.id);
    for (let i = 0; i < 6; i++) {
      await callOk(`/api/quiz/attempt/${attempt.id}/answer`, {
        token: learner.token,
        body: {
          questionId: question.question.id,
          selectedIndex: rightChoice(question),
          timeSpent: 3,
        },
      });
      if (i < 5) question = await navigate(learner.token, attempt.id, i + 1);
    }
    expect(await streak(learner.token)).toMatchObject({
      todayAnswered: 6,
      todayMet: false,
      current: 0,
      goal: 10,
    });
    expect((await putGoal(learner.token, { dailyQuestions: 5 })).status).toBe(200);
    expect(await streak(learner.token)).toMatchObject({ todayMet: true, current: 1, goal: 5 });
  });

  it('clearing every review due today meets the day with fewer answers than the goal', async () => {
    await seedBank({ airspace: 10 });
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    const first = await currentQuestion(learner.token, attempt.id);
    const second = await navigate(learner.token, attempt.id, 1);
    // Two of the quiz's questions are reviews due an hour ago; nothing else is due.
    const db = testDb();
    const due = await db
      .select({ seq: questionVersions.questionSeq })
      .from(questionVersions)
      .where(inArray(questionVersions.questionId, [first.question.id, second.question.id]));
    await db
      .update(learnerQuestions)
      .set({
        cardState: 2,
        cardDueAt: Date.now() - HOUR,
        cardStability: 10,
        cardDifficulty: 5,
        cardReps: 2,
      })
      .where(
        and(
          eq(learnerQuestions.userId, learner.id),
          inArray(
            learnerQuestions.questionSeq,
            due.map((row) => row.seq),
          ),
        ),
      );

    const answerRight = (q: typeof first) =>
      callOk(`/api/quiz/attempt/${attempt.id}/answer`, {
        token: learner.token,
        body: { questionId: q.question.id, selectedIndex: rightChoice(q), timeSpent: 3 },
      });
    await answerRight(second);
    expect(await streak(learner.token)).toMatchObject({ todayAnswered: 1, todayMet: false });
    await answerRight(first);
    expect(await streak(learner.token)).toMatchObject({
      todayAnswered: 2,
      todayMet: true,
      goal: 10,
      current: 1,
    });
  });
});

describe('the learner’s days and the streak over time (the answer service at a chosen instant)', () => {
  it('counts in the learner’s zone: answers either side of local midnight fall on two days', async () => {
    const learner = await learnerWithGoal(5);
    const midnight = Date.parse('2027-03-03T05:00:00Z'); // 00:00 on 3 March in Toronto
    await answerAt(learner, midnight - 60_000, 3);
    await answerAt(learner, midnight + 60_000, 3);
    expect(await dayRow(learner.id, '2027-03-02')).toMatchObject({ answered: 3, met: false });
    expect(await dayRow(learner.id, '2027-03-03')).toMatchObject({ answered: 3, met: false });
    // The same instants are one day in UTC: a learner in London would have met 3 March.
    const london = await learnerWithGoal(5, 'Europe/London', { seed: false });
    await answerAt(london, midnight - 60_000, 3);
    await answerAt(london, midnight + 60_000, 3);
    expect(await dayRow(london.id, '2027-03-03')).toMatchObject({ answered: 6, met: true });
  });

  it('the day clocks spring forward is one day, and the streak runs across it', async () => {
    const learner = await learnerWithGoal(5);
    await answerAt(learner, noonOf('2027-03-13'), 5);
    // 14 March 2027 in Toronto: 00:30 EST (05:30 UTC) and 23:30 EDT (03:30 UTC on the 15th).
    await answerAt(learner, Date.parse('2027-03-14T05:30:00Z'), 3);
    await answerAt(learner, Date.parse('2027-03-15T03:30:00Z'), 2);
    expect(await dayRow(learner.id, '2027-03-14')).toMatchObject({ answered: 5, met: true });
    const seen = await readStreak(testDb(), learner.id, Date.parse('2027-03-15T03:45:00Z'));
    expect(seen).toMatchObject({ current: 2, todayMet: true, todayAnswered: 5 });
    expect(seen.days.at(-1)!.date).toBe('2027-03-14');
  });

  it('earns a freeze in 7 met days, uses it on a missed day, and the calendar shows it', async () => {
    const learner = await learnerWithGoal(5);
    for (let i = 0; i < 7; i++) await answerAt(learner, noonOf(addDays('2027-03-01', i)));
    const week = await readStreak(testDb(), learner.id, noonOf('2027-03-07'));
    expect(week).toMatchObject({ current: 7, longest: 7, freezesHeld: 1, todayMet: true });
    expect(week.days.filter((day) => day.met).map((day) => day.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays('2027-03-01', i)),
    );

    // 8 March missed: on the 9th, before any answer, the freeze already covers it.
    const ninth = await readStreak(testDb(), learner.id, noonOf('2027-03-09'));
    expect(ninth).toMatchObject({ current: 7, freezesHeld: 0, todayMet: false, todayAnswered: 0 });
    expect(ninth.days.find((day) => day.date === '2027-03-08')).toEqual({
      date: '2027-03-08',
      met: false,
      frozen: true,
    });
    await answerAt(learner, noonOf('2027-03-09'));
    const met = await readStreak(testDb(), learner.id, noonOf('2027-03-09'));
    expect(met).toMatchObject({ current: 8, longest: 8, freezesHeld: 0, todayMet: true });
    expect(await dayRow(learner.id, '2027-03-08')).toMatchObject({ frozen: true, met: false });
  });

  it('two missed days with one freeze break the streak; the longest stays', async () => {
    const learner = await learnerWithGoal(5);
    await testDb().insert(learnerStreaks).values({
      userId: learner.id,
      current: 7,
      longest: 7,
      freezes: 1,
      lastMetDay: '2027-03-07',
      updatedAt: 0,
    });
    const broken = await readStreak(testDb(), learner.id, noonOf('2027-03-10'));
    expect(broken).toMatchObject({ current: 0, longest: 7, freezesHeld: 0 });
    await answerAt(learner, noonOf('2027-03-10'));
    const after = await readStreak(testDb(), learner.id, noonOf('2027-03-10'));
    expect(after).toMatchObject({ current: 1, longest: 7, freezesHeld: 0, todayMet: true });
    const marks = Object.fromEntries(
      after.days
        .slice(-4)
        .map((day) => [day.date, day.met ? 'met' : day.frozen ? 'frozen' : 'missed']),
    );
    expect(marks).toEqual({
      '2027-03-07': 'missed',
      '2027-03-08': 'frozen',
      '2027-03-09': 'missed',
      '2027-03-10': 'met',
    });
  });

  it('answering past the goal moves the streak once', async () => {
    const learner = await learnerWithGoal(5);
    await answerAt(learner, noonOf('2027-03-01'), 5);
    await answerAt(learner, noonOf('2027-03-01'), 5);
    const [state] = await testDb()
      .select()
      .from(learnerStreaks)
      .where(eq(learnerStreaks.userId, learner.id));
    expect(state).toMatchObject({ current: 1, longest: 1, lastMetDay: '2027-03-01' });
    expect(await dayRow(learner.id, '2027-03-01')).toMatchObject({ answered: 10, met: true });
  });
});
