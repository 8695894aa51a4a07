/** What the Report a problem form checks with, loaded when the form is first used (report-problem.tsx). */
export { validateForm } from '../../lib/forms';
export { QuestionReportSchema, QUESTION_REPORT_SENT } from '@drone-exam/shared/schemas/quality';
