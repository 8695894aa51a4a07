import { Hono } from 'hono';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { pagination } from '@drone-exam/shared/api';
import {
  AnswerSchema,
  AttemptListQuerySchema,
  CreateAttemptSchema,
  FlagSchema,
  NavigateSchema,
  QuestionSampleQuerySchema,
  type QuestionSampleItem,
} from '@drone-exam/shared/schemas/quiz';
import {
  figureIn,
  parseFigure,
  type QuestionFigure,
  type QuestionFigureFrench,
} from '@drone-exam/shared/schemas/figure';
import type { AppEnv } from '../env.ts';
import { recordFlag } from '../learning/record.ts';
import { learnerRecords } from '../learning/answer-records.ts';
import { dailyGoal } from '../learning/goal.ts';
import { questionCounts } from '../quality/answer-counts.ts';
import { attemptQuestions, questions, quizAttempts } from '../db/schema.ts';
import { ApiError, notFound, ok, validate } from '../lib/http.ts';
import { requirePremium } from '../middleware/auth.ts';
import {
  ATTEMPT_NOT_FOUND,
  QUESTION_NOT_IN_ATTEMPT,
  attemptIsOpen,
  attemptQuestionAt,
  attemptQuestionById,
  createAttempt,
  isExpired,
  listAttempts,
  ownedAttempt,
  progressRows,
  refuseClosed,
  thisAttemptQuestion,
  toCurrentQuestion,
} from './queries.ts';
import { sampleWithoutRepeats } from './selection.ts';
import { answerQuestion } from './answer.ts';
import { answerFind, attemptView, startFindDrill } from './find.ts';

const invalid = (field: string, message: string) =>
  new ApiError(400, message, 'VALIDATION_ERROR', { [field]: message });

/**
 * Practice quizzes (premium-quiz-admin-spec §7 Quiz). Premium learners and admins only; every
 * attempt is its owner's alone (another learner's id answers 404).
 */
export const quizRoutes = new Hono<AppEnv>()
  .use('*', requirePremium)
  .post('/attempt', validate('json', CreateAttemptSchema), async (c) => {
    const input = c.req.valid('json');
    const start = input.mode === 'find' ? startFindDrill : createAttempt;
    const attempt = await start(c.var.db, c.var.auth!.userId, input);
    return ok(c, { attempt }, 201);
  })
  .get('/attempts', validate('query', AttemptListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const { attempts, total } = await listAttempts(c.var.db, c.var.auth!.userId, query);
    return ok(c, { attempts, pagination: pagination(query.page, query.limit, total) });
  })
  .get('/attempt/:id', async (c) => {
    const attempt = await attemptView(c.var.db, c.req.param('id'), c.var.auth!.userId, {
      finish: false,
      locale: c.var.locale,
    });
    return ok(c, { attempt });
  })
  .post('/attempt/:id/finish', async (c) => {
    const attempt = await attemptView(c.var.db, c.req.param('id'), c.var.auth!.userId, {
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
    const body = c.req.valid('json');
    const context = {
      attemptId: c.req.param('id'),
      userId: c.var.auth!.userId,
      locale: c.var.locale,
      now: Date.now(),
    };
    const result =
      'section' in body
        ? await answerFind(c.var.db, { ...body, ...context })
        : await answerQuestion(c.var.db, [learnerRecords, dailyGoal, questionCounts(c.env.JOBS)], {
            ...body,
            ...context,
          });
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
