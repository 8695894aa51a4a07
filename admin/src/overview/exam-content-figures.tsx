import type { AdminStats } from '@drone-exam/shared';
import type { ExamId } from '@drone-exam/shared/schemas/exam-values';
import { formatPercent1 } from '@drone-exam/shared/text';
import { EXAM_LABELS } from '../content/exam-checkboxes';
import { formatCount, plural } from '../lib/format';

/** The Content Overview of one exam (issue 28): its counters; a question in both exams counts in both. */
export function ExamContentFigures({ exam, stats }: { exam: ExamId; stats: AdminStats }) {
  const rows = [
    {
      label: `${EXAM_LABELS[exam]} modules published`,
      value: formatCount(stats.publishedStudyModules),
      hint: `of ${plural(stats.totalStudyModules, 'module')}`,
    },
    {
      label: `${EXAM_LABELS[exam]} questions`,
      value: formatCount(stats.totalQuestions),
      hint: `${formatCount(stats.activeQuestions)} active`,
    },
    {
      label: 'Average quiz score',
      value: stats.averageScore === null ? '—' : formatPercent1(stats.averageScore),
      hint: `over ${plural(stats.completedQuizAttempts, 'completed attempt')}`,
      wide: true,
    },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className={row.wide ? 'sm:col-span-2' : undefined}>
          <dt className="text-sm text-slate-600">{row.label}</dt>
          <dd className="text-2xl font-semibold text-slate-900">{row.value}</dd>
          <dd className="text-sm text-slate-600">{row.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
