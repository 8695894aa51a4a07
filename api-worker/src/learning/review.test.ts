import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AttemptSummary } from '@drone-exam/shared/schemas/quiz';
import type { QuizAnalytics } from '@drone-exam/shared/schemas/admin';
import type { LearningPlan, ReviewSummary } from '@drone-exam/shared/schemas/learning';
import { call, callOk, signedInUser, testDb } from '../../test/helpers.ts';
import { learnerPlans, learnerQuestions, questions, quizAttempts } from '../db/schema.ts';
import {
  age,
  answer,
  counterValues,
  currentQuestion,
  finish,
  navigate,
  premiumLearner,
  rightChoice,
  seedBank,
  startAttempt,
  wrongChoice,
} from '../quiz/testing.ts';
import { addDays, dayStart, localDay } from './days.ts';
import { examMaskOf } from '@drone-exam/shared/schemas/exam-values';
import { State } from './scheduler.ts';
import { QUESTION_WITHDRAWAL_REPORTS } from '@drone-exam/shared/schemas/quality-values';
import {
  RECENCY_PROGRAM_TAG,
  REVIEW_SESSION_MAX,
} from '@drone-exam/shared/schemas/learning-values';
import { noonZone } from '../../../tests/noon-zone.ts';

const MINUTE = 60_000;
// A zone where it is about noon: cards due in minutes are due today at any hour the suite runs.
const ZONE = noonZone();

const cardsOf = (userId: string) =>
  testDb()
    .select()
    .from(learnerQuestions)
    .where(and(eq(learnerQuestions.userId, userId), isNotNull(learnerQuestions.cardState)));

const summaryOf = (token: string) => callOk<ReviewSummary>('/api/learning/review', { token });

/**
 * Answers every question of an attempt, right or wrong and taking the given seconds by position,
 * and returns what was answered, by question id.
 */
async function answerAttempt(
  token: string,
  attemptId: string,
  plan: (index: number) => { right: boolean; seconds: number },
) {
  const answered = new Map<string, { right: boolean; seconds: number; at: number }>();
  let question = await currentQuestion(token, attemptId);
  for (;;) {
    const { right, seconds } = plan(question.questionIndex);
    const at = Date.now();
    const result = await answer(token, attemptId, {
      questionId: question.question.id,
      selectedIndex: right ? rightChoice(question) : wrongChoice(question),
      timeSpent: seconds,
    });
    expect(result.status).toBe(200);
    answered.set(question.question.id, { right, seconds, at });
    if (!question.canGoForward) return answered;
    question = await navigate(token, attemptId, question.questionIndex + 1);
  }
}

describe('review cards', () => {
  it('20 answers make 20 cards whose due dates follow the ratings; a review session of the due ones moves them on', async () => {
    const bank = await seedBank();
    const learner = await premiumLearner();
    await callOk('/api/learning/reminders', {
      method: 'PUT',
      token: learner.token,
      body: { reviewEmails: false, timeZone: ZONE },
    });
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 20 });
    // The server caps an answer's time at the attempt's age: start it a while ago.
    await age(attempt.id, 30 * MINUTE);
    // Wrong every fourth; slow (more than twice the median of 10 s) at positions 10 and 14.
    const answered = await answerAttempt(learner.token, attempt.id, (i) => ({
      right: i % 4 !== 3,
      seconds: i === 10 || i === 14 ? 40 : 10,
    }));
    const seqs = new Map(bank.map((row, i) => [row.id, i]));
    const db = testDb();
    const rows = await db.select({ id: questions.id, seq: questions.seq }).from(questions);
    const idBySeq = new Map(rows.map((row) => [row.seq, row.id]));
    const cards = await cardsOf(learner.id);
    expect(cards).toHaveLength(20);
    expect(seqs.size).toBeGreaterThan(0);
    for (const card of cards) {
      const given = answered.get(idBySeq.get(card.questionSeq)!)!;
      const wait = card.cardDueAt! - card.lastAnsweredAt!;
      // New cards go through FSRS's learning steps: Again 1 min, Hard 6 min, Good 10 min. The
      // first five answers have no median yet, so they are Good whatever their time.
      const expected = !given.right ? 1 : given.seconds === 40 ? 6 : 10;
      expect(wait, `card of a ${given.right ? 'right' : 'wrong'} ${given.seconds}s answer`).toBe(
        expected * MINUTE,
      );
      expect(card.cardState).toBe(State.Learning);
      expect(card.cardReps).toBe(1);
    }
    await finish(learner.token, attempt.id);

    const before = await summaryOf(learner.token);
    expect(before).toMatchObject({ dueToday: 20, cards: 20, examDate: null });
    expect(before.dueNext7Days).toEqual([20, 0, 0, 0, 0, 0, 0]);
    // The learner's today, in their time zone: the forecast's first day.
    expect(before.today).toBe(localDay(Date.now(), ZONE));

    const session = await callOk<{ attempt: AttemptSummary }>('/api/learning/review/session', {
      token: learner.token,
      body: {},
    });
    expect(session.attempt).toMatchObject({ mode: 'review', questionCount: 20, timeLimit: null });
    // Oldest due first: the wrong answers (1 min) lead.
    const first = await currentQuestion(learner.token, session.attempt.id);
    expect(answered.get(first.question.id)!.right).toBe(false);

    // Half-way: the first 10 answered right, then the session is left.
    let question = first;
    for (let n = 0; n < 10; n++) {
      const result = await answer(learner.token, session.attempt.id, {
        questionId: question.question.id,
        selectedIndex: rightChoice(question),
        timeSpent: 10,
      });
      expect(result.status).toBe(200);
      question = await navigate(learner.token, session.attempt.id, n + 1);
    }
    const after = await cardsOf(learner.id);
    const moved = after.filter((card) => card.cardReps === 2);
    expect(moved).toHaveLength(10);
    const today = localDay(Date.now(), ZONE);
    const endOfToday = dayStart(addDays(today, 1), ZONE);
    for (const card of moved) {
      // A learning card answered right: a lapse's relearning step or graduating to review days on.
      if (card.cardState === State.Review) expect(card.cardDueAt!).toBeGreaterThan(endOfToday - 1);
      else expect(card.cardDueAt! - card.lastAnsweredAt!).toBeLessThan(15 * MINUTE);
    }
    const dueToday = after.filter((card) => card.cardDueAt! < endOfToday).length;
    const summary = await summaryOf(learner.token);
    expect(summary.dueToday).toBe(dueToday);
    expect(summary.dueToday).toBeLessThan(20);
    expect(summary.cards).toBe(20);
    const week = dayStart(addDays(today, 7), ZONE);
    expect(summary.dueNext7Days.reduce((a, b) => a + b, 0)).toBe(
      after.filter((card) => card.cardDueAt! < week).length,
    );
    expect((await counterValues())['attempts.review.started']).toBe(1);
    // The admin's per-mode figures report review sessions on their own.
    const admin = await signedInUser({ role: 'admin' });
    const analytics = await callOk<QuizAnalytics>('/api/admin/quiz-analytics', {
      token: admin.token,
    });
    expect(analytics.performanceByMode.review).toMatchObject({ attempts: 1, completed: 0 });
    expect(analytics.performanceByMode.study).toMatchObject({ attempts: 1, completed: 1 });
  });

  it('leaves a question withdrawn by reports out of the due count and the session', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    await age(attempt.id, 30 * MINUTE);
    const answered = await answerAttempt(learner.token, attempt.id, () => ({
      right: false,
      seconds: 10,
    }));
    await finish(learner.token, attempt.id);
    expect(await summaryOf(learner.token)).toMatchObject({ dueToday: 5, cards: 5 });

    const [withdrawnId] = [...answered.keys()];
    await testDb()
      .update(questions)
      .set({ openWrongAnswerReports: QUESTION_WITHDRAWAL_REPORTS })
      .where(eq(questions.id, withdrawnId!));
    const summary = await summaryOf(learner.token);
    expect(summary.dueToday).toBe(4);
    expect(summary.dueNext7Days[0]).toBe(4);
    const session = await callOk<{ attempt: AttemptSummary }>('/api/learning/review/session', {
      token: learner.token,
      body: {},
    });
    expect(session.attempt.questionCount).toBe(4);
  });

  it('follows the target exam: an advanced-only card is due and reviewed only while Advanced is the target, by its marks', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    await age(attempt.id, 30 * MINUTE);
    const answered = await answerAttempt(learner.token, attempt.id, () => ({
      right: false,
      seconds: 10,
    }));
    await finish(learner.token, attempt.id);
    const [advancedOnlyId] = [...answered.keys()];
    await testDb()
      .update(questions)
      .set({ examsMask: examMaskOf(['advanced']) })
      .where(eq(questions.id, advancedOnlyId!));
    const target = (targetExam: string) =>
      callOk('/api/auth/target-exam', {
        method: 'PUT',
        token: learner.token,
        body: { targetExam },
      });

    expect(await summaryOf(learner.token)).toMatchObject({ dueToday: 4 });
    await target('advanced');
    expect((await summaryOf(learner.token)).dueToday).toBe(5);
    const session = await callOk<{ attempt: AttemptSummary }>('/api/learning/review/session', {
      token: learner.token,
      body: {},
    });
    expect(session.attempt.questionCount).toBe(5);
    // The session is judged by the target exam's marks, not Basic's.
    const { exams } = await callOk<{
      exams: Array<{ id: string; passMark: number; practicePassMark: number }>;
    }>('/api/exams');
    const advanced = exams.find((exam) => exam.id === 'advanced')!;
    expect(session.attempt).toMatchObject({
      exam: 'advanced',
      passMark: advanced.practicePassMark,
      examPassMark: advanced.passMark,
    });
    await target('basic');
    expect((await summaryOf(learner.token)).dueToday).toBe(4);
  });

  it('refuses a session with nothing due, and POST /api/quiz/attempt does not start review mode', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const empty = await call('/api/learning/review/session', { token: learner.token, body: {} });
    expect(empty.status).toBe(409);
    expect(empty.json).toMatchObject({ success: false, code: 'NOTHING_DUE' });
    const refused = await call('/api/quiz/attempt', {
      token: learner.token,
      body: { mode: 'review' },
    });
    expect(refused.status).toBe(400);
    const bad = await call('/api/learning/review/session', {
      token: learner.token,
      body: { limit: REVIEW_SESSION_MAX + 1 },
    });
    expect(bad.status).toBe(400);
    const free = await signedInUser();
    const notPremium = await call('/api/learning/review/session', { token: free.token, body: {} });
    expect(notPremium.status).toBe(403);
    expect((await call('/api/learning/review')).status).toBe(401);
  });
});

describe('the exam date', () => {
  it('is at least tomorrow, within a year, and caps every card already scheduled after it', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    await answerAttempt(learner.token, attempt.id, () => ({ right: true, seconds: 10 }));
    // Pretend the cards matured: due in 60 days.
    const db = testDb();
    const later = Date.now() + 60 * 86_400_000;
    await db
      .update(learnerQuestions)
      .set({ cardDueAt: later, cardState: State.Review, cardStability: 60 })
      .where(eq(learnerQuestions.userId, learner.id));

    const today = localDay(Date.now(), ZONE);
    const put = (examDate: string) =>
      call<LearningPlan>('/api/learning/plan', {
        method: 'PUT',
        token: learner.token,
        body: { examDate, timeZone: ZONE },
      });
    expect((await put(today)).json).toMatchObject({
      success: false,
      fields: { examDate: expect.any(String) },
    });
    expect((await put(addDays(today, 400))).status).toBe(400);
    expect((await put('2027-02-30')).status).toBe(400);
    expect(
      (
        await call('/api/learning/plan', {
          method: 'PUT',
          token: learner.token,
          body: { examDate: addDays(today, 20), extra: 1 },
        })
      ).status,
    ).toBe(400);

    const examDate = addDays(today, 20);
    const saved = await put(examDate);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ data: { examDate, daysToExam: 20, timeZone: ZONE } });
    const examStart = dayStart(examDate, ZONE);
    const cards = await cardsOf(learner.id);
    expect(cards.every((card) => card.cardDueAt! < examStart)).toBe(true);
    expect(cards.every((card) => localDay(card.cardDueAt!, ZONE) === addDays(examDate, -1))).toBe(
      true,
    );
    const [plan] = await db.select().from(learnerPlans).where(eq(learnerPlans.userId, learner.id));
    expect(JSON.parse(plan!.reviewLoadJson)).toEqual({ [addDays(examDate, -1)]: 5 });
    expect((await summaryOf(learner.token)).examDate).toBe(examDate);

    const cleared = await callOk<LearningPlan>('/api/learning/plan', {
      method: 'DELETE',
      token: learner.token,
    });
    expect(cleared.examDate).toBeNull();
  });

  it('keeps the day loads in the answer batch', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const today = localDay(Date.now(), ZONE);
    const examDate = addDays(today, 10);
    await callOk('/api/learning/plan', {
      method: 'PUT',
      token: learner.token,
      body: { examDate, timeZone: ZONE },
    });
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    await answerAttempt(learner.token, attempt.id, () => ({ right: true, seconds: 10 }));
    // Learning steps land today, so nothing is planned on the days before the exam yet.
    const session = await callOk<{ attempt: AttemptSummary }>('/api/learning/review/session', {
      token: learner.token,
      body: {},
    });
    await answerAttempt(learner.token, session.attempt.id, () => ({ right: true, seconds: 10 }));
    const cards = await cardsOf(learner.id);
    const [plan] = await testDb()
      .select()
      .from(learnerPlans)
      .where(eq(learnerPlans.userId, learner.id));
    const load = JSON.parse(plan!.reviewLoadJson) as Record<string, number>;
    const counted: Record<string, number> = {};
    for (const card of cards) {
      const day = localDay(card.cardDueAt!, ZONE);
      if (day > today && day < examDate) counted[day] = (counted[day] ?? 0) + 1;
    }
    expect(Object.values(counted).reduce((a, b) => a + b, 0)).toBe(5);
    expect(load).toEqual(counted);
  });
});

describe('staying current', () => {
  it('records the certificate date and shows the recency date 24 months on', async () => {
    const learner = await signedInUser();
    const plan = await callOk<LearningPlan>('/api/learning/certificate', {
      method: 'PUT',
      token: learner.token,
      body: { certificateDate: '2025-05-10', timeZone: ZONE },
    });
    expect(plan).toMatchObject({ certificateDate: '2025-05-10', recencyDueDate: '2027-05-10' });
    const future = await call('/api/learning/certificate', {
      method: 'PUT',
      token: learner.token,
      body: { certificateDate: addDays(localDay(Date.now(), ZONE), 2) },
    });
    expect(future.status).toBe(400);
  });

  it('draws the recency review set from the tagged questions only', async () => {
    await seedBank();
    const db = testDb();
    const tagged = ['human-factors-001', 'human-factors-002', 'operations-001'];
    for (const id of tagged)
      await db
        .update(questions)
        .set({ tagsJson: JSON.stringify(['fitness', RECENCY_PROGRAM_TAG]) })
        .where(eq(questions.id, id));
    const learner = await premiumLearner();
    const { attempt } = await callOk<{ attempt: AttemptSummary }>('/api/learning/recency/session', {
      token: learner.token,
      body: {},
    });
    expect(attempt).toMatchObject({ mode: 'study', questionCount: 3 });
    const [row] = await db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id));
    expect(JSON.parse(row!.categoriesJson).sort()).toEqual(['human-factors', 'operations']);
  });
});
