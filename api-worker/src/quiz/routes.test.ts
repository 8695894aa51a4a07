import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type {
  AttemptDetail,
  AttemptSummary,
  QuestionSampleItem,
} from '@drone-exam/shared/schemas/quiz';
import type { Pagination } from '@drone-exam/shared/api';
import { call, callOk, signedInUser, testDb } from '../../test/helpers.ts';
import { activities, analyticsEvents, questions, quizAttempts, userStats } from '../db/schema.ts';
import { quotasByShare } from './selection.ts';
import { attemptQuestionRows, snapshotOf } from './queries.ts';
import {
  RIGHT,
  TEST_BANK,
  age,
  answer,
  answerAll,
  counterValues,
  currentQuestion,
  explanationOf,
  finish,
  navigate,
  premiumLearner,
  rightChoice,
  seedBank,
  startAttempt,
  wrongChoice,
} from './testing.ts';
import {
  EXAM_MODE_QUESTIONS,
  QUESTION_CATEGORIES,
  STUDY_MODE_QUESTIONS,
} from '@drone-exam/shared/schemas/quiz-values';

const ATTEMPT_ENDPOINTS = (id: string) => [
  { path: '/api/quiz/attempt', body: { mode: 'study' } },
  { path: '/api/quiz/attempts' },
  { path: `/api/quiz/attempt/${id}` },
  { path: `/api/quiz/attempt/${id}/question` },
  { path: `/api/quiz/attempt/${id}/answer`, body: { questionId: 'x', selectedIndex: 0 } },
  { path: `/api/quiz/attempt/${id}/flag`, body: { questionId: 'x', flagged: true } },
  { path: `/api/quiz/attempt/${id}/navigate`, body: { questionIndex: 0 } },
  { path: `/api/quiz/attempt/${id}/finish`, body: {} },
  { path: '/api/quiz/questions' },
];

const statsOf = async (userId: string) =>
  (await testDb().select().from(userStats).where(eq(userStats.userId, userId)))[0]!;

describe('who may take quizzes', () => {
  it('refuses visitors, free learners and lapsed premium on every quiz endpoint', async () => {
    await seedBank();
    const free = await signedInUser();
    const lapsed = await signedInUser({ premiumUntil: Date.now() - 1000 });
    for (const endpoint of ATTEMPT_ENDPOINTS('some-attempt')) {
      const visitor = await call(endpoint.path, { body: endpoint.body });
      expect(visitor.status, endpoint.path).toBe(401);
      for (const user of [free, lapsed]) {
        const refused = await call(endpoint.path, { token: user.token, body: endpoint.body });
        expect(refused.status, endpoint.path).toBe(403);
        expect(refused.json).toMatchObject({ success: false, code: 'PREMIUM_REQUIRED' });
      }
    }
    expect(await testDb().select().from(quizAttempts)).toHaveLength(0);
  });

  it('lets an admin take a quiz', async () => {
    await seedBank();
    const admin = await signedInUser({ role: 'admin' });
    const attempt = await startAttempt(admin.token, { mode: 'study', questionCount: 5 });
    expect(attempt).toMatchObject({ status: 'in-progress', questionCount: 5 });
  });

  it("answers 404 for another learner's attempt on every endpoint", async () => {
    await seedBank();
    const owner = await premiumLearner();
    const other = await premiumLearner();
    const attempt = await startAttempt(owner.token, { mode: 'study', questionCount: 5 });
    const question = await currentQuestion(owner.token, attempt.id);
    for (const endpoint of ATTEMPT_ENDPOINTS(attempt.id).filter((e) =>
      e.path.includes(attempt.id),
    )) {
      const body =
        endpoint.body && 'questionId' in endpoint.body
          ? { ...endpoint.body, questionId: question.question.id }
          : endpoint.body;
      const response = await call(endpoint.path, { token: other.token, body });
      expect(response.status, endpoint.path).toBe(404);
      expect(response.json).toMatchObject({ success: false, error: 'Quiz attempt not found' });
    }
    const list = await callOk<{ attempts: AttemptSummary[] }>('/api/quiz/attempts', {
      token: other.token,
    });
    expect(list.attempts).toEqual([]);
    const [row] = await testDb().select().from(quizAttempts);
    expect(row).toMatchObject({ status: 'in-progress', answeredCount: 0 });
  });
});

describe('POST /api/quiz/attempt', () => {
  it('rejects bad setups with a message per field', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const cases: Array<[unknown, string, string]> = [
      [{}, 'mode', 'Choose Study Mode, Exam Mode or Find it'],
      [{ mode: 'practice' }, 'mode', 'Choose Study Mode, Exam Mode or Find it'],
      [{ mode: 'study', questionCount: 4 }, 'questionCount', 'Choose between 5 and 50 questions'],
      [{ mode: 'study', questionCount: 51 }, 'questionCount', 'Choose between 5 and 50 questions'],
      [{ mode: 'timed', timeLimit: 45 }, 'timeLimit', 'Choose a time limit of 90 or 60 minutes'],
      [{ mode: 'study', timeLimit: 60 }, 'timeLimit', 'Study mode has no time limit'],
      [{ mode: 'study', categories: [] }, 'categories', 'Choose at least one category'],
    ];
    for (const [body, field, message] of cases) {
      const response = await call('/api/quiz/attempt', { token: learner.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        fields: { [field]: message },
      });
    }
    const unknown = await call('/api/quiz/attempt', {
      token: learner.token,
      body: { mode: 'study', categories: ['gliding'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ fields: { 'categories.0': expect.any(String) } });
    expect(await testDb().select().from(quizAttempts)).toHaveLength(0);
  });

  it('refuses more questions than the chosen categories hold', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const response = await call('/api/quiz/attempt', {
      token: learner.token,
      body: { mode: 'study', questionCount: 10, categories: ['human-factors'] },
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      code: 'NOT_ENOUGH_QUESTIONS',
      error:
        'Only 7 questions are available in the chosen categories. Choose fewer questions or more categories.',
    });
    expect(await testDb().select().from(quizAttempts)).toHaveLength(0);
  });

  it('draws study questions without repeats from the chosen categories only, shuffling options', async () => {
    const bank = await seedBank();
    const learner = await premiumLearner();
    const categories = ['air-law-regulations', 'airspace'] as const;
    const attempt = await startAttempt(learner.token, {
      mode: 'study',
      categories: [...categories],
    });
    expect(attempt).toMatchObject({
      mode: 'study',
      status: 'in-progress',
      questionCount: STUDY_MODE_QUESTIONS,
      timeLimit: null,
      deadlineAt: null,
      categories,
    });
    const rows = await attemptQuestionRows(testDb(), attempt.id);
    expect(rows.map((row) => row.position).sort((a, b) => a - b)).toEqual(
      Array.from({ length: STUDY_MODE_QUESTIONS }, (_, i) => i),
    );
    expect(new Set(rows.map((row) => row.questionId)).size).toBe(STUDY_MODE_QUESTIONS);
    expect(rows.every((row) => (categories as readonly string[]).includes(row.category))).toBe(
      true,
    );
    // Each question is shown with its options in some order, with the answer index following
    // its option; over 25 questions the order is not always the original one.
    let reordered = 0;
    for (const row of rows) {
      const source = bank.find((q) => q.id === row.questionId)!;
      const original = JSON.parse(source.optionsJson) as string[];
      const snapshot = snapshotOf(row);
      expect([...snapshot.options].sort()).toEqual([...original].sort());
      expect(snapshot.options[snapshot.correctAnswer]).toBe(original[source.correctAnswer]);
      if (snapshot.options.join() !== original.join()) reordered += 1;
    }
    expect(reordered).toBeGreaterThan(0);
  });

  it('keeps questions with fewer than four options whole', async () => {
    const db = testDb();
    const now = Date.now();
    await db.insert(questions).values(
      Array.from({ length: 5 }, (_, i) => ({
        id: `two-${i}`,
        question: `Two options ${i}?`,
        optionsJson: JSON.stringify([`${RIGHT} ${i}`, `Wrong ${i}`]),
        correctAnswer: 0,
        category: 'operations' as const,
        stemHash: `two-${i}`,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    const question = await currentQuestion(learner.token, attempt.id);
    expect(question.question.choices).toHaveLength(2);
    const result = await answer(learner.token, attempt.id, {
      questionId: question.question.id,
      selectedIndex: rightChoice(question),
    });
    expect(result.json).toMatchObject({ success: true, data: { correct: true } });
  });

  it('exam mode mirrors each category’s share of the bank and sets the deadline', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const before = Date.now();
    const attempt = await startAttempt(learner.token, { mode: 'timed' });
    expect(attempt).toMatchObject({ questionCount: EXAM_MODE_QUESTIONS, timeLimit: 90 });
    const deadline = Date.parse(attempt.deadlineAt!);
    expect(deadline).toBeGreaterThanOrEqual(before + 90 * 60_000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 90 * 60_000);

    const rows = await attemptQuestionRows(testDb(), attempt.id);
    const drawn = Object.fromEntries(QUESTION_CATEGORIES.map((category) => [category, 0]));
    for (const row of rows) drawn[row.category]! += 1;
    expect(drawn).toEqual(quotasByShare(TEST_BANK, EXAM_MODE_QUESTIONS));

    const shorter = await startAttempt(learner.token, { mode: 'timed', timeLimit: 60 });
    expect(shorter.timeLimit).toBe(60);
    const question = await currentQuestion(learner.token, shorter.id);
    expect(question.timeRemaining).toBeGreaterThan(60 * 60 - 5);
    expect(question.timeRemaining).toBeLessThanOrEqual(60 * 60);
  });

  it('counts the start for the admin views and the learner', async () => {
    await seedBank();
    const learner = await premiumLearner();
    await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    await startAttempt(learner.token, { mode: 'timed' });
    expect(await counterValues()).toMatchObject({
      'attempts.started': 2,
      'attempts.study.started': 1,
      'attempts.timed.started': 1,
    });
    expect(await statsOf(learner.id)).toMatchObject({ attemptsStarted: 2, currentStreak: 1 });
    const events = await testDb()
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, 'quiz_start'));
    expect(events).toHaveLength(2);
  });
});

describe('taking an attempt', () => {
  it('never sends the answer or explanation of an unanswered question', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    const first = await currentQuestion(learner.token, attempt.id);
    const second = await navigate(learner.token, attempt.id, 1);
    const detail = await callOk<{ attempt: AttemptDetail }>(`/api/quiz/attempt/${attempt.id}`, {
      token: learner.token,
    });
    for (const payload of [first, second, detail]) {
      const text = JSON.stringify(payload);
      expect(text).not.toContain('Secret explanation');
      expect(text).not.toMatch(/"correctAnswer":\d/);
    }
    expect(first).toMatchObject({
      questionNumber: 1,
      questionIndex: 0,
      totalQuestions: 5,
      timeRemaining: null,
      canGoBack: false,
      canGoForward: true,
      flagged: false,
      answer: null,
    });
    expect(first.question.choices.every((choice) => typeof choice.text === 'string')).toBe(true);
    expect(second).toMatchObject({ questionNumber: 2, canGoBack: true });

    const result = await answer(learner.token, attempt.id, {
      questionId: second.question.id,
      selectedIndex: rightChoice(second),
    });
    expect(result.json).toMatchObject({
      success: true,
      data: {
        correct: true,
        correctAnswer: rightChoice(second),
        explanation: explanationOf(second.question.id),
        regulationReference: 'CARs 901.01',
        answeredCount: 1,
        totalQuestions: 5,
      },
    });
    // Coming back to the answered question shows it locked with its result.
    const again = await currentQuestion(learner.token, attempt.id);
    expect(again.answer).toMatchObject({ selectedIndex: rightChoice(second), correct: true });
    expect(again.progress.map((p) => p.answered)).toEqual([false, true, false, false, false]);
  });

  it('takes an answer once: a second answer is refused with 409 and counts nothing', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    const question = await currentQuestion(learner.token, attempt.id);
    const first = await answer(learner.token, attempt.id, {
      questionId: question.question.id,
      selectedIndex: wrongChoice(question),
      // More time than the attempt has existed: it is capped at the attempt's age.
      timeSpent: 9999,
    });
    expect(first.json).toMatchObject({ success: true, data: { correct: false } });
    const [answered] = (await attemptQuestionRows(testDb(), attempt.id)).filter(
      (row) => row.questionId === question.question.id,
    );
    expect(answered!.timeSpentSeconds).toBeLessThanOrEqual(5);
    const second = await answer(learner.token, attempt.id, {
      questionId: question.question.id,
      selectedIndex: rightChoice(question),
    });
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({
      code: 'ALREADY_ANSWERED',
      error: 'This question has already been answered. An answer is final.',
    });
    const [row] = await testDb().select().from(quizAttempts);
    expect(row).toMatchObject({ answeredCount: 1, correctCount: 0 });
  });

  it('counts two answers arriving at once exactly once', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    const question = await currentQuestion(learner.token, attempt.id);
    const results = await Promise.all(
      [rightChoice(question), wrongChoice(question), rightChoice(question)].map((selectedIndex) =>
        answer(learner.token, attempt.id, { questionId: question.question.id, selectedIndex }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const db = testDb();
    const [attemptRow] = await db.select().from(quizAttempts);
    expect(attemptRow!.answeredCount).toBe(1);
    // The question's counters follow through the jobs Queue (quality/answer-counts.ts).
    const stored = await vi.waitFor(async () => {
      const [row] = await db.select().from(questions).where(eq(questions.id, question.question.id));
      expect(row!.timesAnswered).toBe(1);
      return row;
    }, 5000);
    const accepted = results.find((r) => r.status === 200)!;
    expect(stored!.timesCorrect).toBe(accepted.json.success && accepted.json.data.correct ? 1 : 0);
    expect(attemptRow!.correctCount).toBe(stored!.timesCorrect);
  });

  it('refuses answers it cannot take', async () => {
    await seedBank({ airspace: 10 });
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    const question = await currentQuestion(learner.token, attempt.id);
    const asked = await attemptQuestionRows(testDb(), attempt.id);
    const [notInAttempt] = (await testDb().select().from(questions)).filter(
      (q) => !asked.some((a) => a.questionId === q.id),
    );
    const cases: Array<[unknown, number, object]> = [
      [
        { questionId: question.question.id },
        400,
        { fields: { selectedIndex: expect.any(String) } },
      ],
      [{ selectedIndex: 0 }, 400, { fields: { questionId: 'questionId is required' } }],
      [
        { questionId: question.question.id, selectedIndex: 4 },
        400,
        { fields: { selectedIndex: 'Choose one of the answers' } },
      ],
      [
        { questionId: question.question.id, selectedIndex: 1, timeSpent: -3 },
        400,
        { fields: { timeSpent: expect.any(String) } },
      ],
      [
        { questionId: 'no-such-question', selectedIndex: 0 },
        404,
        { error: 'This question is not part of the attempt' },
      ],
    ];
    let checkedOtherQuestion = false;
    for (const [body, status, shape] of cases) {
      const response = await call(`/api/quiz/attempt/${attempt.id}/answer`, {
        token: learner.token,
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.json).toMatchObject(shape);
    }
    if (notInAttempt) {
      const response = await answer(learner.token, attempt.id, {
        questionId: notInAttempt.id,
        selectedIndex: 0,
      });
      expect(response.status).toBe(404);
      checkedOtherQuestion = true;
    }
    expect(checkedOtherQuestion).toBe(true);
    const [row] = await testDb().select().from(quizAttempts);
    expect(row!.answeredCount).toBe(0);
  });

  it('navigates by zero-based index and refuses an index past the end', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    const last = await navigate(learner.token, attempt.id, 4);
    expect(last).toMatchObject({ questionNumber: 5, canGoForward: false, canGoBack: true });
    expect((await currentQuestion(learner.token, attempt.id)).questionIndex).toBe(4);
    const past = await call(`/api/quiz/attempt/${attempt.id}/navigate`, {
      token: learner.token,
      body: { questionIndex: 5 },
    });
    expect(past.status).toBe(400);
    expect(past.json).toMatchObject({
      fields: { questionIndex: 'questionIndex must be between 0 and 4' },
    });
  });

  it('flags and unflags, counting each flagging for item analysis', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    const question = await currentQuestion(learner.token, attempt.id);
    const flag = (flagged: boolean) =>
      callOk(`/api/quiz/attempt/${attempt.id}/flag`, {
        token: learner.token,
        body: { questionId: question.question.id, flagged },
      });
    expect(await flag(true)).toEqual({ questionId: question.question.id, flagged: true });
    await flag(true);
    expect((await currentQuestion(learner.token, attempt.id)).flagged).toBe(true);
    await flag(false);
    expect((await currentQuestion(learner.token, attempt.id)).flagged).toBe(false);
    const [stored] = await testDb()
      .select()
      .from(questions)
      .where(eq(questions.id, question.question.id));
    expect(stored!.timesFlagged).toBe(1);
  });
});

describe('finishing', () => {
  it('runs a full study attempt: score, pass mark, review, counters and the learner’s stats', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study' });
    // Time reported per answer is capped at the attempt's age, so let the attempt be old enough.
    await age(attempt.id, 10 * 60_000);
    const firstQuestion = await currentQuestion(learner.token, attempt.id);
    await callOk(`/api/quiz/attempt/${attempt.id}/flag`, {
      token: learner.token,
      body: { questionId: firstQuestion.question.id, flagged: true },
    });
    // 18 of 25 right is 72%: a pass at 70.
    const right = await answerAll(learner.token, attempt.id, (i) => i < 18, 12);
    expect(right).toBe(18);

    const result = await finish(learner.token, attempt.id);
    expect(result).toMatchObject({
      status: 'completed',
      score: 72,
      passed: true,
      answeredCount: 25,
      correctCount: 18,
      timeSpent: 25 * 12,
    });
    expect(result.questions).toHaveLength(25);
    const reviewed = result.questions[0]!;
    expect(reviewed).toMatchObject({
      flagged: true,
      isCorrect: true,
      userAnswer: reviewed.correctAnswer,
      explanation: explanationOf(reviewed.questionId),
      timeSpent: 12,
    });
    expect(result.questions.filter((q) => q.isCorrect === false)).toHaveLength(7);
    expect(result.categoryScores.reduce((sum, c) => sum + c.total, 0)).toBe(25);
    expect(result.categoryScores.reduce((sum, c) => sum + c.correct, 0)).toBe(18);

    expect(await counterValues()).toMatchObject({
      'attempts.started': 1,
      'attempts.completed': 1,
      'attempts.score_sum': 72,
      'attempts.time_sum': 300,
      'attempts.study.completed': 1,
      'attempts.study.score_sum': 72,
    });
    expect(await statsOf(learner.id)).toMatchObject({
      attemptsStarted: 1,
      attemptsCompleted: 1,
      scoreSum: 72,
      bestScore: 72,
    });
    const db = testDb();
    const [activity] = await db.select().from(activities);
    expect(activity).toMatchObject({
      userId: learner.id,
      type: 'quiz_completed',
      title: 'Study Mode quiz',
      description: '18 of 25 correct',
      score: 72,
    });
    expect(
      await db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'quiz_complete')),
    ).toHaveLength(1);
    const answered = await vi.waitFor(async () => {
      const rows = await db.select().from(questions);
      expect(rows.reduce((sum, q) => sum + q.timesAnswered, 0)).toBe(25);
      return rows;
    }, 5000);
    expect(answered.reduce((sum, q) => sum + q.timesCorrect, 0)).toBe(18);
    expect(answered.reduce((sum, q) => sum + q.timesFlagged, 0)).toBe(1);

    // Finishing again changes nothing and answers the same result.
    const again = await finish(learner.token, attempt.id);
    expect(again).toEqual(result);
    expect((await counterValues())['attempts.completed']).toBe(1);
    const late = await answer(learner.token, attempt.id, {
      questionId: reviewed.questionId,
      selectedIndex: 0,
    });
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ code: 'ATTEMPT_CLOSED' });
  });

  it('runs a full exam attempt: a failing score below 70 with unanswered questions wrong', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'timed' });
    // 24 right of 35 answered; the last question is left unanswered: 24/35 = 68.6%.
    let question = await currentQuestion(learner.token, attempt.id);
    let right = 0;
    while (question.canGoForward) {
      const isRight = right < 24;
      await answer(learner.token, attempt.id, {
        questionId: question.question.id,
        selectedIndex: isRight ? rightChoice(question) : wrongChoice(question),
      });
      if (isRight) right += 1;
      question = await navigate(learner.token, attempt.id, question.questionIndex + 1);
    }
    const result = await finish(learner.token, attempt.id);
    expect(result).toMatchObject({
      mode: 'timed',
      status: 'completed',
      score: 68.6,
      passed: false,
      answeredCount: 34,
      correctCount: 24,
    });
    expect(result.timeSpent).toBeLessThan(60);
    const unanswered = result.questions.find((q) => q.userAnswer === null)!;
    expect(unanswered).toMatchObject({ isCorrect: false, correctAnswer: expect.any(Number) });
    expect(await counterValues()).toMatchObject({
      'attempts.completed': 1,
      'attempts.timed.completed': 1,
      'attempts.timed.score_sum': 68.6,
    });
    expect(await statsOf(learner.id)).toMatchObject({ bestScore: 68.6, scoreSum: 68.6 });
  });

  it('counts two finishes arriving at once exactly once', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    await answerAll(learner.token, attempt.id, () => true);
    const results = await Promise.all([1, 2, 3].map(() => finish(learner.token, attempt.id)));
    expect(results.every((r) => r.score === 100 && r.status === 'completed')).toBe(true);
    expect(await counterValues()).toMatchObject({
      'attempts.completed': 1,
      'attempts.score_sum': 100,
    });
    expect(await statsOf(learner.id)).toMatchObject({ attemptsCompleted: 1, scoreSum: 100 });
    expect(await testDb().select().from(activities)).toHaveLength(1);
  });
});

describe('the exam deadline', () => {
  it('closes the attempt at the deadline, scoring only what was answered in time', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'timed', timeLimit: 60 });
    const first = await currentQuestion(learner.token, attempt.id);
    await answer(learner.token, attempt.id, {
      questionId: first.question.id,
      selectedIndex: rightChoice(first),
    });
    const second = await navigate(learner.token, attempt.id, 1);
    await age(attempt.id, 61 * 60_000);

    const late = await answer(learner.token, attempt.id, {
      questionId: second.question.id,
      selectedIndex: rightChoice(second),
    });
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({
      code: 'TIME_UP',
      error: 'Time is up: the attempt has ended and was scored on the answers given in time.',
    });
    const [row] = await testDb().select().from(quizAttempts);
    expect(row).toMatchObject({
      status: 'completed',
      answeredCount: 1,
      correctCount: 1,
      score: roundTo1((1 / EXAM_MODE_QUESTIONS) * 100),
      passed: false,
      timeSpentSeconds: 3600,
    });
    const again = await answer(learner.token, attempt.id, {
      questionId: second.question.id,
      selectedIndex: rightChoice(second),
    });
    expect(again.json).toMatchObject({ code: 'ATTEMPT_CLOSED' });
    const question = await call(`/api/quiz/attempt/${attempt.id}/question`, {
      token: learner.token,
    });
    expect(question.status).toBe(409);
    expect((await counterValues())['attempts.completed']).toBe(1);
  });

  it('closes an expired attempt when it is read', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'timed' });
    await age(attempt.id, 91 * 60_000);
    const list = await callOk<{ attempts: AttemptSummary[] }>('/api/quiz/attempts', {
      token: learner.token,
    });
    expect(list.attempts[0]).toMatchObject({ status: 'in-progress', expired: true });
    const { attempt: read } = await callOk<{ attempt: AttemptDetail }>(
      `/api/quiz/attempt/${attempt.id}`,
      { token: learner.token },
    );
    expect(read).toMatchObject({ status: 'completed', score: 0, timeSpent: 90 * 60 });
    expect(read.questions.every((q) => q.correctAnswer !== null && q.isCorrect === false)).toBe(
      true,
    );
  });
});

describe('GET /api/quiz/attempts', () => {
  it('lists the learner’s attempts newest first, paginated and filtered by status', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await startAttempt(learner.token, { mode: 'study', questionCount: 5 })).id);
    }
    await finish(learner.token, ids[0]!);
    const page1 = await callOk<{ attempts: AttemptSummary[]; pagination: Pagination }>(
      '/api/quiz/attempts?limit=2',
      { token: learner.token },
    );
    expect(page1.attempts.map((a) => a.id)).toEqual([ids[2], ids[1]]);
    expect(page1.pagination).toMatchObject({
      currentPage: 1,
      totalPages: 2,
      totalItems: 3,
      hasNextPage: true,
    });
    const page2 = await callOk<{ attempts: AttemptSummary[] }>(
      '/api/quiz/attempts?limit=2&page=2',
      {
        token: learner.token,
      },
    );
    expect(page2.attempts.map((a) => a.id)).toEqual([ids[0]]);
    const completed = await callOk<{ attempts: AttemptSummary[]; pagination: Pagination }>(
      '/api/quiz/attempts?status=completed',
      { token: learner.token },
    );
    expect(completed.attempts).toHaveLength(1);
    expect(completed.attempts[0]).toMatchObject({ id: ids[0], status: 'completed', score: 0 });
    expect(completed.pagination.totalItems).toBe(1);
    const bad = await call('/api/quiz/attempts?status=paused', { token: learner.token });
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/quiz/questions', () => {
  it('samples active questions; only admins see answers and explanations', async () => {
    await seedBank();
    await testDb()
      .update(questions)
      .set({ isActive: false })
      .where(eq(questions.id, 'airspace-001'));
    const learner = await premiumLearner();
    const admin = await signedInUser({ role: 'admin' });
    const forLearner = await callOk<{ questions: QuestionSampleItem[]; total: number }>(
      '/api/quiz/questions?category=airspace&count=50',
      { token: learner.token },
    );
    expect(forLearner.total).toBe(16);
    expect(forLearner.questions).toHaveLength(16);
    expect(forLearner.questions.some((q) => q.id === 'airspace-001')).toBe(false);
    expect(JSON.stringify(forLearner)).not.toMatch(/correctAnswer|Secret explanation/);

    const forAdmin = await callOk<{ questions: QuestionSampleItem[] }>(
      '/api/quiz/questions?count=3',
      { token: admin.token },
    );
    expect(forAdmin.questions).toHaveLength(3);
    for (const q of forAdmin.questions) {
      expect(q.options[q.correctAnswer!]).toMatch(RIGHT);
      expect(q.explanation).toBe(explanationOf(q.id));
    }
    const bad = await call('/api/quiz/questions?count=0', { token: learner.token });
    expect(bad.status).toBe(400);
  });
});

function roundTo1(value: number) {
  return Math.round(value * 10) / 10;
}
