import { Hono } from 'hono';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { pagination } from '@drone-exam/shared/api';
import {
  AnswerSchema,
  AttemptListQuerySchema,
  CreateAttemptSchema,
  FlagSchema,
  NavigateSchema,
  QuestionSampleQuerySchema,
  type AnswerResult,
  type QuestionSampleItem,
} from '@drone-exam/shared/schemas/quiz';
import {
  figureIn,
  parseFigure,
  type QuestionFigure,
  type QuestionFigureFrench,
} from '@drone-exam/shared/schemas/figure';
import type { AppEnv } from '../env.ts';
import { recordAnswer, recordFlag } from '../learning/record.ts';
import { answerCard, cardReads } from '../learning/review-card.ts';
import { attemptQuestions, questions, quizAttempts } from '../db/schema.ts';
import { ApiError, conflict, notFound, ok, validate } from '../lib/http.ts';
import { requirePremium } from '../middleware/auth.ts';
import {
  ALREADY_ANSWERED,
  ATTEMPT_NOT_FOUND,
  QUESTION_NOT_IN_ATTEMPT,
  attemptIsOpen,
  attemptQuestionAt,
  attemptQuestionById,
  createAttempt,
  type AttemptRow,
  isExpired,
  isUnanswered,
  listAttempts,
  ownedAttempt,
  progressRows,
  refuseClosed,
  revealedAnswer,
  settledAttempt,
  snapshotOf,
  thisAttemptQuestion,
  toCurrentQuestion,
} from './queries.ts';
import { sampleWithoutRepeats } from './selection.ts';

const invalid = (field: string, message: string) =>
  new ApiError(400, message, 'VALIDATION_ERROR', { [field]: message });

/**
 * Practice quizzes (premium-quiz-admin-spec §7 Quiz). Premium learners and admins only; every
 * attempt is its owner's alone (another learner's id answers 404).
 */
export const quizRoutes = new Hono<AppEnv>()
  .use('*', requirePremium)
  .post('/attempt', validate('json', CreateAttemptSchema), async (c) => {
    const attempt = await createAttempt(c.var.db, c.var.auth!.userId, c.req.valid('json'));
    return ok(c, { attempt }, 201);
  })
  .get('/attempts', validate('query', AttemptListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const { attempts, total } = await listAttempts(c.var.db, c.var.auth!.userId, query);
    return ok(c, { attempts, pagination: pagination(query.page, query.limit, total) });
  })
  .get('/attempt/:id', async (c) => {
    const attempt = await settledAttempt(c.var.db, c.req.param('id'), c.var.auth!.userId, {
      finish: false,
      locale: c.var.locale,
    });
    return ok(c, { attempt });
  })
  .post('/attempt/:id/finish', async (c) => {
    const attempt = await settledAttempt(c.var.db, c.req.param('id'), c.var.auth!.userId, {
      finish: true,
      locale: c.var.locale,
    });
    return ok(c, { attempt });
  })
  .get('/attempt/:id/question', async (c) => {
    const db = c.var.db;
    const attemptId = c.req.param('id');
    const now = Date.now();
    const current = sql`(select ${quizAttempts.currentIndex} from ${quizAttempts} where ${quizAttempts.id} = ${attemptId})`;
    const [[attempt], [row], progress] = await db.batch([
      ownedAttempt(db, attemptId, c.var.auth!.userId),
      attemptQuestionAt(db, attemptId, current),
      progressRows(db, attemptId),
    ]);
    if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
    if (attempt.status !== 'in-progress' || isExpired(attempt, now))
      await refuseClosed(db, attempt, now);
    if (!row) throw notFound(QUESTION_NOT_IN_ATTEMPT);
    return ok(c, toCurrentQuestion(attempt, row, progress, now, c.var.locale));
  })
  .post('/attempt/:id/navigate', validate('json', NavigateSchema), async (c) => {
    const db = c.var.db;
    const attemptId = c.req.param('id');
    const { questionIndex } = c.req.valid('json');
    const now = Date.now();
    const [[attempt], [row], progress] = await db.batch([
      ownedAttempt(db, attemptId, c.var.auth!.userId),
      attemptQuestionAt(db, attemptId, questionIndex),
      progressRows(db, attemptId),
    ]);
    if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
    if (attempt.status !== 'in-progress' || isExpired(attempt, now))
      await refuseClosed(db, attempt, now);
    if (!row) {
      throw invalid(
        'questionIndex',
        `questionIndex must be between 0 and ${attempt.questionCount - 1}`,
      );
    }
    await db
      .update(quizAttempts)
      .set({ currentIndex: questionIndex, lastActivityAt: now })
      .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.status, 'in-progress')));
    return ok(c, toCurrentQuestion(attempt, row, progress, now, c.var.locale));
  })
  .post('/attempt/:id/answer', validate('json', AnswerSchema), async (c) => {
    const db = c.var.db;
    const attemptId = c.req.param('id');
    const input = c.req.valid('json');
    const now = Date.now();
    const userId = c.var.auth!.userId;
    // The learner's review card, recent answer times and plan come in the same first round trip.
    const [[attempt], [row], ...cardState] = await db.batch([
      ownedAttempt(db, attemptId, userId),
      attemptQuestionById(db, attemptId, input.questionId),
      ...cardReads(db, userId, input.questionId),
    ]);
    if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
    if (attempt.status !== 'in-progress' || isExpired(attempt, now))
      await refuseClosed(db, attempt, now);
    if (!row) throw notFound(QUESTION_NOT_IN_ATTEMPT);
    if (row.selectedIndex !== null) throw conflict(ALREADY_ANSWERED, 'ALREADY_ANSWERED');
    const snapshot = snapshotOf(row, c.var.locale);
    if (input.selectedIndex >= snapshot.options.length)
      throw invalid('selectedIndex', 'Choose one of the answers');

    const correct = input.selectedIndex === snapshot.correctAnswer;
    const timeSpent = Math.min(
      Math.round(input.timeSpent),
      Math.ceil((now - attempt.startedAt) / 1000),
    );
    // Every write is conditional on the question still being unanswered and the attempt open, and
    // the answer itself is written last: of two answers arriving at once, the second changes nothing.
    const unanswered = isUnanswered(attemptId, row.position);
    const open = attemptIsOpen(attemptId, now);
    const when = and(unanswered, open)!;
    const review = answerCard(db, cardState, { userId, correct, seconds: timeSpent, now, when });
    const written = await db.batch([
      db
        .update(questions)
        .set({
          timesAnswered: sql`${questions.timesAnswered} + 1`,
          timesCorrect: sql`${questions.timesCorrect} + ${correct ? 1 : 0}`,
        })
        .where(and(eq(questions.id, row.questionId), unanswered, open)),
      db
        .update(quizAttempts)
        .set({
          answeredCount: sql`${quizAttempts.answeredCount} + 1`,
          correctCount: sql`${quizAttempts.correctCount} + ${correct ? 1 : 0}`,
          timeSpentSeconds: sql`${quizAttempts.timeSpentSeconds} + ${timeSpent}`,
          lastActivityAt: now,
        })
        .where(and(eq(quizAttempts.id, attemptId), unanswered, open)),
      ...recordAnswer(db, {
        userId: attempt.userId,
        questionSeq: row.questionSeq,
        category: row.category,
        correct,
        now,
        when,
        card: review.card,
      }),
      ...review.planUpdates,
      db
        .update(attemptQuestions)
        .set({
          selectedIndex: input.selectedIndex,
          isCorrect: correct,
          timeSpentSeconds: timeSpent,
          answeredAt: now,
        })
        .where(
          and(
            thisAttemptQuestion(attemptId, row.position),
            isNull(attemptQuestions.selectedIndex),
            open,
          ),
        )
        .returning({ position: attemptQuestions.position }),
      db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId)).limit(1),
    ]);
    // The answer's own write and the attempt after it close the batch, whatever came before.
    const recorded = written[written.length - 2] as Array<{ position: number }>;
    const [after] = written[written.length - 1] as AttemptRow[];
    if (recorded.length === 0) {
      if (after && after.status === 'in-progress' && !isExpired(after, now))
        throw conflict(ALREADY_ANSWERED, 'ALREADY_ANSWERED');
      await refuseClosed(db, after ?? attempt, now);
    }
    const result: AnswerResult = {
      ...revealedAnswer(
        { ...row, selectedIndex: input.selectedIndex, isCorrect: correct },
        snapshot,
      ),
      questionId: row.questionId,
      answeredCount: after?.answeredCount ?? attempt.answeredCount + 1,
      totalQuestions: attempt.questionCount,
    };
    return ok(c, result);
  })
  .post('/attempt/:id/flag', validate('json', FlagSchema), async (c) => {
    const db = c.var.db;
    const attemptId = c.req.param('id');
    const { questionId, flagged } = c.req.valid('json');
    const now = Date.now();
    const [[attempt], [row]] = await db.batch([
      ownedAttempt(db, attemptId, c.var.auth!.userId),
      attemptQuestionById(db, attemptId, questionId),
    ]);
    if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
    if (attempt.status !== 'in-progress' || isExpired(attempt, now))
      await refuseClosed(db, attempt, now);
    if (!row) throw notFound(QUESTION_NOT_IN_ATTEMPT);
    const open = attemptIsOpen(attemptId, now);
    const thisQuestion = thisAttemptQuestion(attemptId, row.position);
    // Item analysis counts a question each time it goes from unflagged to flagged; the count is
    // conditional on the stored flag, so a repeated request does not count twice.
    const wasUnflagged = sql`exists (select 1 from ${attemptQuestions} where ${thisQuestion} and ${attemptQuestions.flagged} = 0)`;
    await db.batch([
      db
        .update(quizAttempts)
        .set({ lastActivityAt: now })
        .where(and(eq(quizAttempts.id, attemptId), open)),
      ...(flagged
        ? [
            db
              .update(questions)
              .set({ timesFlagged: sql`${questions.timesFlagged} + 1` })
              .where(and(eq(questions.id, row.questionId), wasUnflagged, open)),
          ]
        : []),
      recordFlag(db, attempt.userId, row.questionSeq, flagged, open),
      db.update(attemptQuestions).set({ flagged }).where(and(thisQuestion, open)),
    ]);
    return ok(c, { questionId, flagged });
  })
  .get('/questions', validate('query', QuestionSampleQuerySchema), async (c) => {
    const db = c.var.db;
    const query = c.req.valid('query');
    const isAdmin = c.var.auth!.role === 'admin';
    const ids = await db
      .select({ id: questions.id })
      .from(questions)
      .where(
        and(
          eq(questions.isActive, true),
          query.category ? eq(questions.category, query.category) : undefined,
          query.difficulty ? eq(questions.difficulty, query.difficulty) : undefined,
        ),
      );
    const chosen = sampleWithoutRepeats(ids, query.count).map((row) => row.id);
    const rows = chosen.length
      ? await db.select().from(questions).where(inArray(questions.id, chosen))
      : [];
    const order = new Map(chosen.map((id, i) => [id, i]));
    rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    // The request's language where the question has its French; the key is the same index.
    const french = c.var.locale === 'fr';
    const sample: QuestionSampleItem[] = rows.map((row) => ({
      id: row.id,
      question: french && row.questionFr ? row.questionFr : row.question,
      options: JSON.parse(
        french && row.questionFr && row.optionsFrJson ? row.optionsFrJson : row.optionsJson,
      ) as string[],
      category: row.category,
      difficulty: row.difficulty,
      tags: JSON.parse(row.tagsJson) as string[],
      imageUrl: row.imageUrl,
      figure: figureIn(
        parseFigure<QuestionFigure>(row.figureJson),
        french && row.questionFr ? parseFigure<QuestionFigureFrench>(row.figureFrJson) : null,
      ),
      ...(isAdmin
        ? {
            correctAnswer: row.correctAnswer,
            explanation: french && row.explanationFr ? row.explanationFr : row.explanation,
            regulationReference: row.regulationReference,
          }
        : {}),
    }));
    return ok(c, { questions: sample, total: ids.length });
  });
