/** Test support for the quiz and dashboard suites: a small question bank and attempt helpers. */
import { eq } from 'drizzle-orm';
import type {
  AnswerResult,
  AttemptDetail,
  AttemptSummary,
  CreateAttemptInput,
  CurrentQuestion,
} from '@drone-exam/shared/schemas/quiz';
import {
  BASIC_CONTENT_EXAMS,
  examMaskOf,
  type ExamId,
} from '@drone-exam/shared/schemas/exam-values';
import { call, callOk, signedInUser, testDb } from '../../test/helpers.ts';
import { counters, questions, quizAttempts } from '../db/schema.ts';
import type { QuestionCategory } from '@drone-exam/shared/schemas/quiz-values';

/** A bank in the real bank's proportions, small enough to seed for every test (89 questions). */
export const TEST_BANK: Record<QuestionCategory, number> = {
  'air-law-regulations': 24,
  airspace: 17,
  'weather-notams': 13,
  'rpas-theory': 11,
  operations: 9,
  'human-factors': 7,
  'first-flights': 8,
};

export const RIGHT = 'Right answer';
export const explanationOf = (id: string) => `Secret explanation of ${id}`;

/**
 * Seeds active questions whose right option reads "Right answer …" (at a different index from
 * question to question), so a test can answer right or wrong without the API telling it.
 */
export async function seedBank(
  bank: Partial<Record<QuestionCategory, number>> = TEST_BANK,
  { exams = BASIC_CONTENT_EXAMS, prefix = '' }: { exams?: ExamId[]; prefix?: string } = {},
) {
  const db = testDb();
  const now = Date.now();
  const rows = Object.entries(bank).flatMap(([category, total]) =>
    Array.from({ length: total }, (_, i) => {
      const id = `${prefix}${category}-${String(i + 1).padStart(3, '0')}`;
      const correct = i % 4;
      const options = [0, 1, 2, 3].map((n) =>
        n === correct ? `${RIGHT} to ${id}` : `Wrong answer ${n} to ${id}`,
      );
      return {
        id,
        seedKey: id,
        question: `Question ${id}?`,
        optionsJson: JSON.stringify(options),
        correctAnswer: correct,
        explanation: explanationOf(id),
        category: category as QuestionCategory,
        regulationReference: 'CARs 901.01',
        examsMask: examMaskOf(exams),
        stemHash: id,
        createdAt: now,
        updatedAt: now,
      };
    }),
  );
  await db.batch([
    db.insert(questions).values(rows[0]!),
    ...rows.slice(1).map((row) => db.insert(questions).values(row)),
  ]);
  return rows;
}

/** Advanced-only questions (issue 28), ids starting "advanced-only-", beside the Basic bank. */
export const ADVANCED_ONLY_PREFIX = 'advanced-only-';
export const seedAdvancedOnly = (bank: Partial<Record<QuestionCategory, number>>) =>
  seedBank(bank, { exams: ['advanced'], prefix: ADVANCED_ONLY_PREFIX });

export const premiumLearner = (overrides: Parameters<typeof signedInUser>[0] = {}) =>
  signedInUser({ premiumUntil: Date.now() + 30 * 86_400_000, ...overrides });

export async function startAttempt(token: string, body: CreateAttemptInput) {
  const data = await callOk<{ attempt: AttemptSummary }>('/api/quiz/attempt', { token, body });
  return data.attempt;
}

export const currentQuestion = (token: string, attemptId: string) =>
  callOk<CurrentQuestion>(`/api/quiz/attempt/${attemptId}/question`, { token });

export const rightChoice = (question: CurrentQuestion) =>
  question.question.choices.findIndex((choice) => choice.text.startsWith(RIGHT));

export const wrongChoice = (question: CurrentQuestion) =>
  question.question.choices.findIndex((choice) => !choice.text.startsWith(RIGHT));

export const answer = (
  token: string,
  attemptId: string,
  body: { questionId: string; selectedIndex: number; timeSpent?: number },
) => call<AnswerResult>(`/api/quiz/attempt/${attemptId}/answer`, { token, body });

export const navigate = (token: string, attemptId: string, questionIndex: number) =>
  callOk<CurrentQuestion>(`/api/quiz/attempt/${attemptId}/navigate`, {
    token,
    body: { questionIndex },
  });

export const finish = (token: string, attemptId: string) =>
  callOk<{ attempt: AttemptDetail }>(`/api/quiz/attempt/${attemptId}/finish`, {
    token,
    body: {},
  }).then((data) => data.attempt);

/**
 * Walks an attempt from its current question to the end, answering right while `answerRight`
 * says so, and returns how many were answered right.
 */
export async function answerAll(
  token: string,
  attemptId: string,
  answerRight: (index: number) => boolean,
  timeSpent = 10,
) {
  let question = await currentQuestion(token, attemptId);
  let right = 0;
  for (;;) {
    const isRight = answerRight(question.questionIndex);
    const result = await answer(token, attemptId, {
      questionId: question.question.id,
      selectedIndex: isRight ? rightChoice(question) : wrongChoice(question),
      timeSpent,
    });
    if (!result.json.success) throw new Error(result.json.error);
    if (isRight) right += 1;
    if (!question.canGoForward) return right;
    question = await navigate(token, attemptId, question.questionIndex + 1);
  }
}

export async function counterValues() {
  const rows = await testDb().select().from(counters);
  return Object.fromEntries(rows.map((row) => [row.key, row.value])) as Record<string, number>;
}

/** Moves an attempt's clock back, as if it had been started (and last touched) `ms` ago. */
export async function age(attemptId: string, ms: number) {
  const db = testDb();
  const [row] = await db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
  await db
    .update(quizAttempts)
    .set({
      startedAt: row!.startedAt - ms,
      lastActivityAt: row!.lastActivityAt - ms,
      deadlineAt: row!.deadlineAt === null ? null : row!.deadlineAt - ms,
    })
    .where(eq(quizAttempts.id, attemptId));
}
