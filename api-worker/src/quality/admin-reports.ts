import { Hono } from 'hono';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { pagination } from '@drone-exam/shared/api';
import {
  QUESTION_REPORT_READ_ONLY,
  QuestionReportUpdateSchema,
  QuestionReportsQuerySchema,
  type AdminQuestionReport,
  type QuestionReportsClosed,
  type QuestionReportsPage,
} from '@drone-exam/shared/schemas/quality';
import { truncate } from '@drone-exam/shared/text';
import type { AppEnv } from '../env.ts';
import type { Db } from '../db/client.ts';
import { counters, questionReports, questions, users } from '../db/schema.ts';
import { abortUnless, isGuardFailure } from '../db/guards.ts';
import { dispatchEmails, prepareEmail } from '../email/outbox.ts';
import { appLink } from '../auth/queries.ts';
import { recordActivity } from '../lib/events.ts';
import { conflict, keepsReadOnly, notFound, ok, validate, validateUpdate } from '../lib/http.ts';
import { iso } from '../lib/time.ts';
import { toQuestionReport } from './reports.ts';
import { isWithdrawn } from './withdrawal.ts';

export const REPORT_NOT_FOUND = 'Report not found';

const reportColumns = {
  report: questionReports,
  question: questions.question,
  questionFr: questions.questionFr,
  optionsJson: questions.optionsJson,
  correctAnswer: questions.correctAnswer,
  category: questions.category,
  currentVersion: questions.version,
  openWrongAnswerReports: questions.openWrongAnswerReports,
};

type ReportWithQuestion = {
  report: typeof questionReports.$inferSelect;
  question: string;
  questionFr: string | null;
  optionsJson: string;
  correctAnswer: number;
  category: AdminQuestionReport['category'];
  currentVersion: number;
  openWrongAnswerReports: number;
};

function toAdminReport(row: ReportWithQuestion): AdminQuestionReport {
  return {
    ...toQuestionReport(row.report),
    question: row.question,
    options: JSON.parse(row.optionsJson) as string[],
    correctAnswer: row.correctAnswer,
    category: row.category,
    reportedVersion: row.report.questionVersion,
    currentVersion: row.currentVersion,
    withdrawn: isWithdrawn(row.openWrongAnswerReports),
    note: row.report.note,
    resolvedAt: iso(row.report.resolvedAt),
  };
}

/** The report's question: its open reports, with whom to email about each. */
const openReportsOfQuestionOf = (db: Db, reportId: string) =>
  db
    .select({
      id: questionReports.id,
      userId: questionReports.userId,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
    })
    .from(questionReports)
    .innerJoin(users, eq(users.id, questionReports.userId))
    .where(
      and(
        eq(
          questionReports.questionId,
          sql`(select ${questionReports.questionId} from ${questionReports} where ${questionReports.id} = ${reportId})`,
        ),
        eq(questionReports.status, 'open'),
      ),
    );

/**
 * The Reports view (/api/admin/question-reports): reports by status, newest first, each with the
 * question as it stands and its keyed answer (the console groups them by question); and closing
 * them, one or every open one of the question, with a note and, for a resolution, an email to
 * each reporter ("Thanks, we corrected …") written in the same batch as the change.
 */
export const questionReportAdminRoutes = new Hono<AppEnv>()
  .get('/', validate('query', QuestionReportsQuerySchema), async (c) => {
    const { status, page, limit } = c.req.valid('query');
    const db = c.var.db;
    // Open reports are counted on write; closed ones by the (status, created_at) index.
    const [rows, total] = await db.batch([
      db
        .select(reportColumns)
        .from(questionReports)
        .innerJoin(questions, eq(questions.id, questionReports.questionId))
        .where(eq(questionReports.status, status))
        .orderBy(desc(questionReports.createdAt))
        .limit(limit)
        .offset((page - 1) * limit),
      status === 'open'
        ? db
            .select({ value: counters.value })
            .from(counters)
            .where(eq(counters.key, 'reports.open'))
        : db
            .select({ value: count() })
            .from(questionReports)
            .where(eq(questionReports.status, status)),
    ]);
    const result: QuestionReportsPage = {
      reports: rows.map(toAdminReport),
      pagination: pagination(page, limit, total[0]?.value ?? 0),
    };
    return ok(c, result);
  })
  .patch(
    '/:id',
    validateUpdate(QuestionReportUpdateSchema, QUESTION_REPORT_READ_ONLY),
    async (c) => {
      const { changes, kept } = c.req.valid('json');
      const { status, note, notify, scope } = changes;
      const db = c.var.db;
      const id = c.req.param('id');
      const adminId = c.var.auth!.userId;
      const [[target], open] = await db.batch([
        db
          .select(reportColumns)
          .from(questionReports)
          .innerJoin(questions, eq(questions.id, questionReports.questionId))
          .where(eq(questionReports.id, id)),
        openReportsOfQuestionOf(db, id),
      ]);
      if (!target) throw notFound(REPORT_NOT_FOUND);
      keepsReadOnly(kept, toAdminReport(target), QUESTION_REPORT_READ_ONLY);
      if (target.report.status !== 'open')
        throw conflict(`This report was already ${target.report.status}.`, 'REPORT_CLOSED');
      const closing = scope === 'question' ? open : open.filter((report) => report.id === id);

      const now = Date.now();
      // Each email is written only if its report was closed by this very change.
      const emails = notify
        ? closing.map((report) => ({
            reportId: report.id,
            ...prepareEmail(
              db,
              {
                to: report.email,
                userId: report.userId,
                template: 'question-report-resolved',
                data: {
                  firstName: report.firstName,
                  // The question as the reporter could read it: in French when it has a French text.
                  question: truncate(
                    report.locale === 'fr'
                      ? (target.questionFr ?? target.question)
                      : target.question,
                    200,
                  ),
                  note,
                  link: appLink(c.env.APP_URL, '/practice', report.locale),
                },
                locale: report.locale,
              },
              sql`exists (select 1 from ${questionReports} where ${questionReports.id} = ${report.id} and ${questionReports.status} = 'resolved' and ${questionReports.resolvedAt} = ${now} and ${questionReports.resolvedBy} = ${adminId})`,
            ),
          }))
        : [];
      let closed: Array<typeof questionReports.$inferSelect>;
      try {
        [closed] = await db.batch([
          db
            .update(questionReports)
            .set({ status, note, resolvedBy: adminId, resolvedAt: now })
            .where(
              and(
                inArray(
                  questionReports.id,
                  closing.map((report) => report.id),
                ),
                eq(questionReports.status, 'open'),
              ),
            )
            .returning(),
          // Another admin closed them all meanwhile: nothing of this change is written.
          abortUnless(db, sql`changes() > 0`),
          ...emails.map((email) => email.insert),
          recordActivity(
            db,
            {
              userId: adminId,
              type: 'admin_action',
              title: `${status === 'resolved' ? 'Resolved' : 'Rejected'} ${closing.length === 1 ? 'a report' : `${closing.length} reports`} on "${truncate(target.question, 80)}"`,
              metadata: {
                questionId: target.report.questionId,
                reportIds: closing.map((r) => r.id),
              },
            },
            now,
          ),
        ]);
      } catch (error) {
        if (isGuardFailure(error))
          throw conflict('This report was closed meanwhile.', 'REPORT_CLOSED');
        throw error;
      }
      const closedIds = new Set(closed.map((row) => row.id));
      const sent = emails.filter((email) => closedIds.has(email.reportId)).map((email) => email.id);
      await dispatchEmails(c.env, sent);
      const result: QuestionReportsClosed = {
        reports: closed.map((row) => ({
          id: row.id,
          questionId: row.questionId,
          status: row.status,
          note: row.note,
          resolvedAt: iso(row.resolvedAt),
        })),
        emailed: sent.length,
      };
      return ok(c, result);
    },
  );
