import { Hono } from 'hono';
import { and, eq, sql } from 'drizzle-orm';
import { QuestionReportSchema, type QuestionReport } from '@drone-exam/shared/schemas/quality';
import type { AppEnv } from '../env.ts';
import { learnerQuestions, questionReports, questions } from '../db/schema.ts';
import { ApiError, conflict, notFound, ok, validate } from '../lib/http.ts';
import { newId } from '../lib/ids.ts';
import { iso, utcDay } from '../lib/time.ts';
import { requireAuth } from '../middleware/auth.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { QUESTION_REPORT_REASON_LABELS } from '@drone-exam/shared/schemas/quality-values';

export const QUESTION_NOT_FOUND = 'Question not found';
export const NOT_SHOWN =
  'You can report a question once it has been shown to you in a quiz. Take a quiz with it first.';

type ReportRow = typeof questionReports.$inferSelect;

export function toQuestionReport(row: ReportRow): QuestionReport {
  return {
    id: row.id,
    questionId: row.questionId,
    reason: row.reason,
    comment: row.comment,
    status: row.status,
    createdAt: iso(row.createdAt)!,
  };
}

/** The 409 for a second open report: it names the first, so the learner knows it is in hand. */
function alreadyReported(first: ReportRow) {
  return conflict(
    `You already reported this question on ${utcDay(first.createdAt)} (“${QUESTION_REPORT_REASON_LABELS[first.reason]}”, report ${first.id}); that report is still open.`,
    'REPORT_EXISTS',
  );
}

const openReportOf = (userId: string, questionId: string) =>
  and(
    eq(questionReports.questionId, questionId),
    eq(questionReports.userId, userId),
    eq(questionReports.status, 'open'),
  );

/**
 * POST /api/questions/{id}/reports: a signed-in learner reports a problem with a question they
 * have been shown (their learner_questions record says so). One open report per learner and
 * question; the partial unique index settles two arriving at once. Rate limited per account.
 */
export const questionReportRoutes = new Hono<AppEnv>().post(
  '/:id/reports',
  requireAuth,
  rateLimit('FORM_LIMITER', 'question-report', (c) => c.var.auth?.userId),
  validate('json', QuestionReportSchema),
  async (c) => {
    const db = c.var.db;
    const userId = c.var.auth!.userId;
    const questionId = c.req.param('id');
    const { reason, comment } = c.req.valid('json');
    const seqOf = sql`(select ${questions.seq} from ${questions} where ${questions.id} = ${questionId})`;
    const [[question], shown, [existing]] = await db.batch([
      db.select({ version: questions.version }).from(questions).where(eq(questions.id, questionId)),
      db
        .select({ timesShown: learnerQuestions.timesShown })
        .from(learnerQuestions)
        .where(and(eq(learnerQuestions.userId, userId), eq(learnerQuestions.questionSeq, seqOf))),
      db.select().from(questionReports).where(openReportOf(userId, questionId)).limit(1),
    ]);
    if (!question) throw notFound(QUESTION_NOT_FOUND);
    if (shown.length === 0) throw new ApiError(403, NOT_SHOWN, 'QUESTION_NOT_SHOWN');
    if (existing) throw alreadyReported(existing);

    const now = Date.now();
    const [inserted, [first]] = await db.batch([
      db
        .insert(questionReports)
        .values({
          id: newId(),
          questionId,
          userId,
          reason,
          comment,
          status: 'open',
          questionVersion: question.version,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning(),
      db.select().from(questionReports).where(openReportOf(userId, questionId)).limit(1),
    ]);
    const report = inserted[0];
    if (!report) {
      if (first) throw alreadyReported(first);
      throw conflict('Your report crossed another change. Please send it again.');
    }
    return ok(c, { report: toQuestionReport(report) }, 201);
  },
);
