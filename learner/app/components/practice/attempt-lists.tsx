import { useTranslation } from '../../i18n/react';
import type { Pagination } from '@drone-exam/shared/api';
import type { AttemptSummary } from '@drone-exam/shared/schemas/quiz';
import { Alert, Card, EmptyState } from '@drone-exam/shared/ui/ui';
import { useFormat } from '../../i18n/hooks';
import { Link, LinkButton } from '../links';
import { LocalDate } from '../local-date';
import { PageLinks } from '../page-links';
import { ScoreBadge } from '../score';

export type AttemptList = { attempts: AttemptSummary[]; pagination: Pagination };

export const PAST_VIEWS = ['completed', 'abandoned'] as const;
export type PastView = (typeof PAST_VIEWS)[number];

export function UnfinishedAttempts({ list }: { list: AttemptList | null }) {
  const { t } = useTranslation(['practice', 'common']);
  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">{t('unfinished.title')}</h2>
      {!list ? (
        <Alert tone="error" className="mt-4">
          {t('unfinished.failed')}
        </Alert>
      ) : list.attempts.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('unfinished.empty')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {list.attempts.map((attempt) => (
            <li key={attempt.id} className="flex items-center justify-between gap-3 py-3">
              <div className="text-sm">
                <p className="font-medium text-slate-900">{t(`common:modes.${attempt.mode}`)}</p>
                <p className="text-slate-600">
                  {t('unfinished.answered', {
                    answered: attempt.answeredCount,
                    count: attempt.questionCount,
                  })}{' '}
                  · {t('unfinished.started')} <LocalDate value={attempt.startedAt} withTime />
                </p>
              </div>
              {attempt.expired ? (
                <Link
                  to={`/quiz/${attempt.id}/results`}
                  className="text-sm font-semibold text-sky-700 hover:underline"
                  aria-label={t('unfinished.timeUpFor', {
                    mode: t(`common:modesInline.${attempt.mode}`),
                  })}
                >
                  {t('unfinished.timeUp')}
                </Link>
              ) : (
                <LinkButton
                  to={`/quiz/${attempt.id}`}
                  variant="secondary"
                  aria-label={t('unfinished.resumeFor', {
                    mode: t(`common:modesInline.${attempt.mode}`),
                    answered: attempt.answeredCount,
                    count: attempt.questionCount,
                  })}
                >
                  {t('unfinished.resume')}
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
  const { t } = useTranslation(['practice', 'common']);
  const format = useFormat();
  const pageLink = (page: number) => `?view=${view}&page=${page}#past-attempts`;
  return (
    <section id="past-attempts" className="mt-10" aria-labelledby="past-attempts-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="past-attempts-title" className="text-xl font-semibold text-slate-900">
          {t('past.title')}
        </h2>
        <nav aria-label={t('past.title')} className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {PAST_VIEWS.map((value) => (
            <Link
              key={value}
              to={`?view=${value}#past-attempts`}
              aria-current={view === value ? 'page' : undefined}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${view === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
            >
              {t(`past.views.${value}`)}
            </Link>
          ))}
        </nav>
      </div>
      {!list ? (
        <Alert tone="error" className="mt-4">
          {t('past.failed')}
        </Alert>
      ) : list.attempts.length === 0 ? (
        <div className="mt-4">
          <EmptyState title={t(`past.empty.${view}.title`)}>
            {t(`past.empty.${view}.body`)}
          </EmptyState>
        </div>
      ) : (
        <>
          <div className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="min-w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('past.date')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('past.mode')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {view === 'completed' ? t('past.score') : t('past.answered')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {view === 'completed' ? t('past.result') : t('past.questions')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('past.time')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">{t('past.review')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {list.attempts.map((attempt) => (
                  <tr key={attempt.id}>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <LocalDate value={attempt.completedAt ?? attempt.startedAt} withTime />
                    </td>
                    <td className="px-4 py-3">{t(`common:modes.${attempt.mode}`)}</td>
                    <td className="px-4 py-3">
                      {attempt.score !== null ? (
                        <ScoreBadge score={attempt.score} />
                      ) : (
                        t('past.of', {
                          answered: attempt.answeredCount,
                          count: attempt.questionCount,
                        })
                      )}
                    </td>
                    <td className="px-4 py-3">
                      {attempt.status === 'completed'
                        ? `${attempt.passed ? t('past.passed') : t('past.notPassed')} · ${attempt.correctCount}/${attempt.questionCount}`
                        : attempt.questionCount}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {format.duration(attempt.timeSpent)}
                    </td>
                    <td className="px-4 py-3 text-right">
                      <Link
                        to={`/quiz/${attempt.id}/results`}
                        className="font-semibold text-sky-700 hover:underline"
                      >
                        {t('past.review')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PageLinks
            pagination={list.pagination}
            label={t('past.pages')}
            href={pageLink}
            previous={t('past.newer')}
            next={t('past.older')}
          />
        </>
      )}
    </section>
  );
}
