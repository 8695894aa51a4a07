/** Test support for the question quality suites: reports and their triage. */
import type { QuestionReportInput } from '@drone-exam/shared/schemas/quality';
import { call, signedInUser } from '../../test/helpers.ts';
import { premiumLearner, startAttempt } from '../quiz/testing.ts';
import type { QuestionCategory } from '@drone-exam/shared/schemas/quiz-values';

export const report = (token: string, questionId: string, body: QuestionReportInput | object) =>
  call<{ report: { id: string; status: string } }>(`/api/questions/${questionId}/reports`, {
    token,
    body,
  });

export const closeReports = (
  token: string,
  reportId: string,
  body: { status: string; note: string; notify?: boolean; scope?: string },
) =>
  call<{ reports: Array<{ id: string; status: string }>; emailed: number }>(
    `/api/admin/question-reports/${reportId}`,
    { token, method: 'PATCH', body },
  );

/** A premium learner who has been shown every question of a one-category bank (one attempt). */
export async function learnerShownAll(
  questionCount: number,
  category: QuestionCategory = 'airspace',
) {
  const learner = await premiumLearner();
  const attempt = await startAttempt(learner.token, {
    mode: 'study',
    questionCount,
    categories: [category],
  });
  return { ...learner, attemptId: attempt.id };
}

export const admin = () => signedInUser({ role: 'admin' });
