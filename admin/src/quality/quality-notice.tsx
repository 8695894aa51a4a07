import { Link } from 'react-router';
import type { AdminQuestion } from '@drone-exam/shared/schemas/content';
import { Alert } from '@drone-exam/shared/ui/ui';
import { useContentBase } from '../content/hooks';
import { QUESTION_WITHDRAWAL_REPORTS } from '@drone-exam/shared/schemas/quality-values';

/** What learners' reports say about the question, and whether they withdrew it. */
export function QualityNotice({ question }: { question: AdminQuestion }) {
  const base = useContentBase();
  if (question.openReports === 0) return null;
  const reports = (
    <Link to={`${base}/questions/reports`} className="font-semibold underline">
      {question.openReports === 1 ? '1 open report' : `${question.openReports} open reports`}
    </Link>
  );
  return question.withdrawn ? (
    <Alert tone="warning" title="Withdrawn from new quizzes">
      {QUESTION_WITHDRAWAL_REPORTS} or more learners reported that the keyed answer is wrong, so
      this question is left out of new quizzes until their reports are resolved or rejected (
      {reports}).
    </Alert>
  ) : (
    <Alert tone="info">Learners have reported problems with this question: {reports}.</Alert>
  );
}
