/**
 * Answering a question (POST /api/quiz/attempt/:id/answer) as one service. It reads what it needs
 * in one round trip (the attempt, the question as this attempt showed it, and whatever each answer
 * feature asks for), decides in JS, and writes one conditional batch: the answer, the attempt's
 * totals, and each feature's rows. The learning features (the learner's question record and review
 * card, readiness totals, the plan's day load) and the question's counters plug in through
 * AnswerFeature, so this module knows none of them.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '@drone-exam/shared/i18n';
import type { AnswerResult } from '@drone-exam/shared/schemas/quiz';
import type { Db } from '../db/client.ts';
import { namedBatch, type Statement } from '../db/batch.ts';
import { attemptQuestions, quizAttempts } from '../db/schema.ts';
import type { AnswerFeature, DecidedAnswer } from '../lib/answer-feature.ts';
import { ApiError, conflict, notFound } from '../lib/http.ts';
import {
  ALREADY_ANSWERED,
  ATTEMPT_NOT_FOUND,
  QUESTION_NOT_IN_ATTEMPT,
  attemptIsOpen,
  attemptQuestionById,
  isExpired,
  isUnanswered,
  ownedAttempt,
  refuseClosed,
  revealedAnswer,
  snapshotOf,
  thisAttemptQuestion,
  type AttemptRow,
} from './queries.ts';
import { FIND_TAKES_A_SECTION } from './find.ts';

/** What a learner sends: their choice of one question of their attempt. */
export type AnswerRequest = {
  attemptId: string;
  userId: string;
  questionId: string;
  selectedIndex: number;
  /** Seconds the learner says they spent; capped by the time since the attempt started. */
  timeSpent: number;
  locale: Locale;
  now: number;
};

const invalidChoice = () =>
  new ApiError(400, 'Choose one of the answers', 'VALIDATION_ERROR', {
    selectedIndex: 'Choose one of the answers',
  });

/**
 * Records a learner's answer: final once given, refused once the attempt has closed (an exam
 * attempt past its deadline is closed and scored here), in two D1 round trips.
 */
export async function answerQuestion(
  db: Db,
  features: readonly AnswerFeature[],
  request: AnswerRequest,
): Promise<AnswerResult> {
  const { attemptId, userId, questionId, now } = request;
  const featureReads = features.map((feature) => feature.reads?.(db, { userId, questionId }) ?? []);
  const [[attempt], [row], ...readResults] = await db.batch([
    ownedAttempt(db, attemptId, userId),
    attemptQuestionById(db, attemptId, questionId),
    ...featureReads.flat(),
  ]);
  if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
  if (attempt.status !== 'in-progress' || isExpired(attempt, now))
    await refuseClosed(db, attempt, now);
  if (attempt.mode === 'find') {
    throw new ApiError(400, FIND_TAKES_A_SECTION, 'VALIDATION_ERROR', {
      sectionId: FIND_TAKES_A_SECTION,
    });
  }
  if (!row) throw notFound(QUESTION_NOT_IN_ATTEMPT);
  if (row.selectedIndex !== null) throw conflict(ALREADY_ANSWERED, 'ALREADY_ANSWERED');
  const snapshot = snapshotOf(row, request.locale);
  if (request.selectedIndex >= snapshot.options.length) throw invalidChoice();

  const open = attemptIsOpen(attemptId, now);
  const answer: DecidedAnswer = {
    userId,
    questionId: row.questionId,
    questionSeq: row.questionSeq,
    category: row.category,
    attemptSeq: row.attemptSeq,
    position: row.position,
    correct: request.selectedIndex === snapshot.correctAnswer,
    seconds: Math.min(Math.round(request.timeSpent), Math.ceil((now - attempt.startedAt) / 1000)),
    now,
    when: and(isUnanswered(attemptId, row.position), open)!,
  };
  let offset = 0;
  const featureWrites = features.flatMap((feature, i) => {
    const read = readResults.slice(offset, offset + featureReads[i]!.length);
    offset += featureReads[i]!.length;
    return feature.writes?.(db, answer, read) ?? [];
  });
  const { recorded, after } = await writeAnswer(db, request, answer, featureWrites);
  if (!recorded) {
    if (after && after.status === 'in-progress' && !isExpired(after, now))
      throw conflict(ALREADY_ANSWERED, 'ALREADY_ANSWERED');
    await refuseClosed(db, after ?? attempt, now);
  }
  const { when: _, ...stored } = answer;
  await Promise.all(features.map((feature) => feature.recorded?.(stored)));
  return {
    ...revealedAnswer(
      { ...row, selectedIndex: request.selectedIndex, isCorrect: answer.correct },
      snapshot,
      request.locale,
    ),
    questionId: row.questionId,
    answeredCount: after?.answeredCount ?? attempt.answeredCount + 1,
    totalQuestions: attempt.questionCount,
  };
}

/**
 * The answer's batch: the features' writes and the attempt's totals, each conditioned on the answer
 * being new, then the answer itself (so everything before it still sees the question unanswered),
 * then the attempt as it stands. The answer is stored pending for its question's shared counters,
 * which a Queue consumer adds in batches (quality/answer-counts.ts). Returns whether this request's
 * answer was the one stored.
 */
async function writeAnswer(
  db: Db,
  request: AnswerRequest,
  answer: DecidedAnswer,
  featureWrites: Statement[],
): Promise<{ recorded: boolean; after: AttemptRow | undefined }> {
  const { attemptId, now } = request;
  const open = attemptIsOpen(attemptId, now);
  const { stored, after } = await namedBatch(db, {
    featureWrites,
    totals: db
      .update(quizAttempts)
      .set({
        answeredCount: sql`${quizAttempts.answeredCount} + 1`,
        correctCount: sql`${quizAttempts.correctCount} + ${answer.correct ? 1 : 0}`,
        timeSpentSeconds: sql`${quizAttempts.timeSpentSeconds} + ${answer.seconds}`,
        lastActivityAt: now,
      })
      .where(and(eq(quizAttempts.id, attemptId), answer.when)),
    stored: db
      .update(attemptQuestions)
      .set({
        selectedIndex: request.selectedIndex,
        isCorrect: answer.correct,
        timeSpentSeconds: answer.seconds,
        answeredAt: now,
        countsPending: true,
      })
      .where(
        and(
          thisAttemptQuestion(attemptId, answer.position),
          isNull(attemptQuestions.selectedIndex),
          open,
        ),
      )
      .returning({ position: attemptQuestions.position }),
    after: db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId)).limit(1),
  });
  return { recorded: stored.length > 0, after: after[0] };
}
