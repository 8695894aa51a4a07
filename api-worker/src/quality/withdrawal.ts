import { lt, sql } from 'drizzle-orm';
import { questions } from '../db/schema.ts';
import { QUESTION_WITHDRAWAL_REPORTS } from '@drone-exam/shared/schemas/quality-values';

/**
 * A question that open wrong-answer reports from QUESTION_WITHDRAWAL_REPORTS learners call into
 * doubt stays out of new quizzes until an admin resolves or rejects them. The count is kept on
 * the question by triggers (one open report per learner, so reports are learners).
 */
export const notWithdrawn = lt(questions.openWrongAnswerReports, QUESTION_WITHDRAWAL_REPORTS);

/** The same rule for raw SQL that names the questions table by an alias. */
export const notWithdrawnAs = (alias: string) =>
  sql`${sql.raw(alias)}.open_wrong_answer_reports < ${QUESTION_WITHDRAWAL_REPORTS}`;

export const isWithdrawn = (openWrongAnswerReports: number) =>
  openWrongAnswerReports >= QUESTION_WITHDRAWAL_REPORTS;
