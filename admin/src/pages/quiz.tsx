import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminAttempt } from '@drone-exam/shared';
import { formatDuration, formatPercent1, scoreColour } from '@drone-exam/shared/text';
import { Badge, Button, SelectField } from '@drone-exam/shared/ui/ui';
import { api, unwrap } from '../lib/api';
import { formatDateTime, plural } from '../lib/format';
import {
  ErrorPanel,
  LoadingRows,
  PageTitle,
  Pager,
  Panel,
  StatCardsSkeleton,
  TableFrame,
  td,
  th,
} from '../components/admin-ui';
import { BarChart } from '@drone-exam/shared/ui/charts';
import { ExportButton } from '../components/export-button';
import { FiguresCard, Overview, SCORE_CLASS, TopPerformers } from '../quiz/quiz-figures';
import { EXAM_LABELS } from '../content/exam-checkboxes';
import { EXAM_IDS } from '@drone-exam/shared/schemas/exam-values';
import {
  PAGE_SIZE_ATTEMPTS,
  QUIZ_MODE_LABELS,
  QUIZ_MODES,
} from '@drone-exam/shared/schemas/quiz-values';
import { ExamSettings } from '../quiz/exam-settings';

const STATUS_FILTERS = [
  { value: '', label: 'All statuses' },
  { value: 'completed', label: 'Completed' },
  { value: 'in-progress', label: 'In progress' },
  { value: 'abandoned', label: 'Abandoned' },
];
const MODE_FILTERS = [
  { value: '', label: 'All modes' },
  { value: 'study', label: QUIZ_MODE_LABELS.study },
  { value: 'timed', label: QUIZ_MODE_LABELS.timed },
  { value: 'review', label: QUIZ_MODE_LABELS.review },
  { value: 'find', label: QUIZ_MODE_LABELS.find },
];
const STATUS_BADGE = {
  completed: <Badge tone="green">Completed</Badge>,
  'in-progress': <Badge tone="sky">In progress</Badge>,
  abandoned: <Badge tone="slate">Abandoned</Badge>,
};

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-CA', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

function AttemptRow({ attempt }: { attempt: AdminAttempt }) {
  const completed = attempt.status === 'completed' && attempt.score !== null;
  return (
    <tr>
      <td className={td}>
        {attempt.userId ? (
          <>
            <p className="font-medium text-slate-900">
              {attempt.userId.firstName} {attempt.userId.lastName}
            </p>
            <p className="text-xs text-slate-500">{attempt.userId.email}</p>
          </>
        ) : (
          <span className="text-slate-500">Deleted user</span>
        )}
      </td>
      <td className={td}>{QUIZ_MODE_LABELS[attempt.mode]}</td>
      <td className={td}>{STATUS_BADGE[attempt.status]}</td>
      <td className={td}>
        {completed ? (
          <span className={`font-semibold ${SCORE_CLASS[scoreColour(attempt.score!)]}`}>
            {formatPercent1(attempt.score!)}
          </span>
        ) : (
          '—'
        )}
      </td>
      <td className={td}>
        {completed ? `${attempt.correctAnswers} / ${attempt.totalQuestions}` : '—'}
      </td>
      <td className={td}>{formatDuration(attempt.timeSpent)}</td>
      <td className={td}>{formatDateTime(attempt.createdAt)}</td>
    </tr>
  );
}

/** Quiz Management (premium-quiz-admin-spec §2): figures, modes, top performers, attempts. */
export function QuizPage() {
  const [status, setStatus] = useState('');
  const [mode, setMode] = useState('');
  const [page, setPage] = useState(1);
  const analytics = useQuery({
    queryKey: ['admin', 'quiz-analytics'],
    queryFn: () => unwrap(api('/admin/quiz-analytics')),
  });
  const attempts = useQuery({
    queryKey: ['admin', 'quiz-attempts', { status, mode, page }],
    queryFn: () =>
      unwrap(
        api('/admin/quiz-attempts', {
          query: { status, mode, page, limit: PAGE_SIZE_ATTEMPTS },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const refreshing = analytics.isFetching || attempts.isFetching;

  return (
    <section aria-labelledby="admin-page-title" className="space-y-6">
      <PageTitle title="Quiz Management">
        <Button
          variant="secondary"
          loading={refreshing}
          loadingText="Refreshing…"
          onClick={() => Promise.all([analytics.refetch(), attempts.refetch()])}
        >
          Refresh
        </Button>
        <ExportButton
          path="/admin/quiz-attempts/export.csv"
          filename="quiz_attempts.csv"
          query={{ status, mode }}
        >
          Export Data
        </ExportButton>
      </PageTitle>

      {analytics.isPending ? (
        <StatCardsSkeleton />
      ) : analytics.isError ? (
        <ErrorPanel error={analytics.error} onRetry={() => analytics.refetch()} />
      ) : (
        <>
          <Overview analytics={analytics.data} />
          <div className="grid gap-6 lg:grid-cols-3">
            <Panel title="Performance by Mode" className="lg:col-span-2">
              <div className="grid gap-4 sm:grid-cols-3">
                {QUIZ_MODES.map((quizMode) => (
                  <FiguresCard
                    key={quizMode}
                    title={QUIZ_MODE_LABELS[quizMode]}
                    figures={analytics.data.performanceByMode[quizMode]}
                  />
                ))}
              </div>
              <h4 className="mt-6 text-sm font-semibold text-slate-800">
                By exam (quizzes; Find it drills aside)
              </h4>
              <div className="mt-2 grid gap-4 sm:grid-cols-2">
                {EXAM_IDS.map((exam) => (
                  <FiguresCard
                    key={exam}
                    title={EXAM_LABELS[exam]}
                    figures={analytics.data.performanceByExam[exam]}
                  />
                ))}
              </div>
              <h4 className="mt-6 text-sm font-semibold text-slate-800">
                Completed attempts, last 14 days
              </h4>
              <BarChart
                title="Completed attempts per day, last 14 days"
                points={analytics.data.recentTrends.map((point) => ({
                  key: point.day,
                  label: shortDay(point.day),
                  value: point.completed,
                }))}
              />
            </Panel>
            <Panel title="Top Performers">
              <TopPerformers performers={analytics.data.topPerformers} />
            </Panel>
          </div>
        </>
      )}

      <Panel title="Quiz Attempts">
        <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-xl">
          <SelectField
            label="Status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
              setPage(1);
            }}
          >
            {STATUS_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Mode"
            value={mode}
            onChange={(event) => {
              setMode(event.target.value);
              setPage(1);
            }}
          >
            {MODE_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </SelectField>
        </div>
        {attempts.isPending ? (
          <LoadingRows rows={6} label="Loading attempts" />
        ) : attempts.isError ? (
          <ErrorPanel error={attempts.error} onRetry={() => attempts.refetch()} />
        ) : attempts.data.attempts.length === 0 ? (
          <p className="py-6 text-center text-slate-600">
            {status || mode ? 'No attempts match these filters.' : 'No quiz attempts yet.'}
          </p>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {plural(attempts.data.pagination.totalAttempts, 'attempt')}
            </p>
            <TableFrame caption="Quiz attempts">
              <thead>
                <tr>
                  {['Learner', 'Mode', 'Status', 'Score', 'Correct', 'Time', 'Started'].map(
                    (heading) => (
                      <th key={heading} scope="col" className={th}>
                        {heading}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {attempts.data.attempts.map((attempt) => (
                  <AttemptRow key={attempt._id} attempt={attempt} />
                ))}
              </tbody>
            </TableFrame>
            <Pager
              label="Attempt pages"
              page={page}
              totalPages={attempts.data.pagination.totalPages}
              hasNextPage={attempts.data.pagination.hasNextPage}
              onPage={setPage}
            />
          </>
        )}
      </Panel>
      <ExamSettings />
    </section>
  );
}
