import { Link } from 'react-router';
import type { Pagination } from '@drone-exam/shared/api';
import { QUIZ_MODE_LABELS } from '@drone-exam/shared/constants';
import type { AttemptSummary } from '@drone-exam/shared/schemas/quiz';
import { formatDuration } from '@drone-exam/shared/text';
import { Alert, Card, EmptyState, LinkButton } from '@drone-exam/shared/ui/ui';
import { LocalDate } from '../local-date';
import { PageLinks } from '../page-links';
import { ScoreBadge } from '../score';

export type AttemptList = { attempts: AttemptSummary[]; pagination: Pagination };

export const PAST_VIEWS = ['completed', 'abandoned'] as const;
export type PastView = (typeof PAST_VIEWS)[number];

export function UnfinishedAttempts({ list }: { list: AttemptList | null }) {
  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">Unfinished attempts</h2>
      {!list ? (
        <Alert tone="error" className="mt-4">
          Your unfinished attempts could not be loaded. Refresh the page to try again.
        </Alert>
      ) : list.attempts.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          Nothing to resume. An attempt you leave part-way waits here for 24 hours.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {list.attempts.map((attempt) => (
            <li key={attempt.id} className="flex items-center justify-between gap-3 py-3">
              <div className="text-sm">
                <p className="font-medium text-slate-900">{QUIZ_MODE_LABELS[attempt.mode]}</p>
                <p className="text-slate-600">
                  {attempt.answeredCount} of {attempt.questionCount} answered · started{' '}
                  <LocalDate value={attempt.startedAt} withTime />
                </p>
              </div>
              {attempt.expired ? (
                <Link
                  to={`/quiz/${attempt.id}/results`}
                  className="text-sm font-semibold text-sky-700 hover:underline"
                  aria-label={`Time is up: see the results of the ${QUIZ_MODE_LABELS[attempt.mode]} attempt`}
                >
                  Time is up · Results
                </Link>
              ) : (
                <LinkButton
                  to={`/quiz/${attempt.id}`}
                  variant="secondary"
                  aria-label={`Resume the ${QUIZ_MODE_LABELS[attempt.mode]} attempt, ${attempt.answeredCount} of ${attempt.questionCount} answered`}
                >
                  Resume
                </LinkButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function PastAttempts({ list, view }: { list: AttemptList | null; view: PastView }) {
  const pageLink = (page: number) => `?view=${view}&page=${page}#past-attempts`;
  return (
    <section id="past-attempts" className="mt-10" aria-labelledby="past-attempts-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="past-attempts-title" className="text-xl font-semibold text-slate-900">
          Past attempts
        </h2>
        <nav aria-label="Past attempts" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {PAST_VIEWS.map((value) => (
            <Link
              key={value}
              to={`?view=${value}#past-attempts`}
              aria-current={view === value ? 'page' : undefined}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${view === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
            >
              {value === 'completed' ? 'Completed' : 'Abandoned'}
            </Link>
          ))}
        </nav>
      </div>
      {!list ? (
        <Alert tone="error" className="mt-4">
          Your past attempts could not be loaded. Refresh the page to try again.
        </Alert>
      ) : list.attempts.length === 0 ? (
        <div className="mt-4">
          <EmptyState
            title={view === 'completed' ? 'No completed attempts yet' : 'No abandoned attempts'}
          >
            {view === 'completed'
              ? 'Your scores appear here once you finish a quiz.'
              : 'Attempts left untouched for 24 hours are closed and listed here.'}
          </EmptyState>
        </div>
      ) : (
        <>
          <div className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="min-w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Mode
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {view === 'completed' ? 'Score' : 'Answered'}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {view === 'completed' ? 'Result' : 'Questions'}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Time
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Review</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {list.attempts.map((attempt) => (
                  <tr key={attempt.id}>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <LocalDate value={attempt.completedAt ?? attempt.startedAt} withTime />
                    </td>
                    <td className="px-4 py-3">{QUIZ_MODE_LABELS[attempt.mode]}</td>
                    <td className="px-4 py-3">
                      {attempt.score !== null ? (
                        <ScoreBadge score={attempt.score} />
                      ) : (
                        `${attempt.answeredCount} of ${attempt.questionCount}`
                      )}
                    </td>
                    <td className="px-4 py-3">
                      {attempt.status === 'completed'
                        ? `${attempt.passed ? 'Passed' : 'Not passed'} · ${attempt.correctCount}/${attempt.questionCount}`
                        : attempt.questionCount}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {formatDuration(attempt.timeSpent)}
                    </td>
                    <td className="px-4 py-3 text-right">
                      <Link
                        to={`/quiz/${attempt.id}/results`}
                        className="font-semibold text-sky-700 hover:underline"
                      >
                        Review
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PageLinks
            pagination={list.pagination}
            label="Past attempts pages"
            href={pageLink}
            previous="← Newer"
            next="Older →"
          />
        </>
      )}
    </section>
  );
}
