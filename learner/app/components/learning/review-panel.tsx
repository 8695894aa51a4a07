import { Suspense } from 'react';
import { Await } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { LearningPlan, ReviewSummary } from '@drone-exam/shared/schemas/learning';
import { Alert, Button, Card, Skeleton } from '@drone-exam/shared/ui/ui';
import { useLearningResult } from './use-learning-result';
import { ExamDateForm } from './exam-date-form';
import { usePlanText } from './format';
import { Link } from '../links';
import { useMessage } from '../../i18n/hooks';

export type ReviewData = { summary: ReviewSummary | null; plan: LearningPlan | null };

/**
 * The dashboard's spaced review: what is due today with Start review, the next seven days, and the
 * exam date with its countdown (set or changed here as on /account), then the recency date.
 */
export function ReviewPanel({ data }: { data: Promise<ReviewData> }) {
  const { t } = useTranslation('learning');
  return (
    <section aria-labelledby="spaced-review" className="mt-10">
      <h2 id="spaced-review" className="text-xl font-semibold text-slate-900">
        {t('review.title')}
      </h2>
      <Suspense
        fallback={
          <div aria-busy="true" className="mt-4">
            <span className="sr-only">{t('review.loading')}</span>
            <Skeleton className="h-40 rounded-xl" />
          </div>
        }
      >
        <Await resolve={data}>{(loaded) => <Review {...loaded} />}</Await>
      </Suspense>
    </section>
  );
}

function Review({ summary, plan }: ReviewData) {
  const { t } = useTranslation('learning');
  const text = usePlanText();
  if (!summary || !plan) {
    return (
      <Alert tone="warning" className="mt-4">
        {t('review.failed')}
      </Alert>
    );
  }
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-3" data-testid="review-panel">
      <Card className="p-5 lg:col-span-2">
        <DueToday summary={summary} />
        <Forecast summary={summary} />
      </Card>
      <Card className="p-5">
        <h3 className="font-semibold text-slate-900">{t('review.examTitle')}</h3>
        {plan.examDate && plan.daysToExam !== null ? (
          <p className="mt-2 text-sm text-slate-700" data-testid="exam-countdown">
            {t('plan.examSet', {
              date: text.longDate(plan.examDate),
              countdown: text.countdown(plan.daysToExam),
            })}
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-600">{t('review.examNone')}</p>
        )}
        <div className="mt-4">
          <ExamDateForm examDate={plan.examDate} idPrefix="dashboard" />
        </div>
        <p className="mt-4 border-t border-slate-200 pt-3 text-sm text-slate-600">
          {text.recencyLine(plan)}{' '}
          <Link to="/recency" className="font-semibold text-sky-700 hover:underline">
            {t('review.recencyLink')}
          </Link>
        </p>
      </Card>
    </div>
  );
}

function DueToday({ summary }: { summary: ReviewSummary }) {
  const { t } = useTranslation('learning');
  const message = useMessage();
  const { fetcher, action, failed } = useLearningResult(['review']);
  if (summary.cards === 0) {
    return (
      <p className="text-slate-700">
        {t('review.emptyBefore')}{' '}
        <Link to="/practice" className="font-semibold text-sky-700 hover:underline">
          {t('review.emptyLink')}
        </Link>{' '}
        {t('review.emptyAfter')}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <p className="text-3xl font-bold text-slate-900" data-testid="due-today">
          {t('review.dueToday', { count: summary.dueToday })}
        </p>
        <p className="mt-1 text-sm text-slate-600">{t('review.deck', { count: summary.cards })}</p>
      </div>
      {summary.dueToday > 0 ? (
        <fetcher.Form method="post" action={action}>
          <input type="hidden" name="intent" value="review" />
          <Button type="submit" loading={fetcher.state !== 'idle'} loadingText={t('starting')}>
            {t('review.start')}
          </Button>
        </fetcher.Form>
      ) : (
        <p className="text-sm text-slate-600">{t('review.nothingDue')}</p>
      )}
      {failed?.error && (
        <Alert tone="error" className="w-full">
          {message(failed.error)}
        </Alert>
      )}
    </div>
  );
}

function Forecast({ summary }: { summary: ReviewSummary }) {
  const { t } = useTranslation('learning');
  const labels = usePlanText().forecastLabels(summary.today, summary.dueNext7Days.length);
  const highest = Math.max(1, ...summary.dueNext7Days);
  return (
    <div className="mt-6">
      <h3 className="text-sm font-semibold text-slate-800">{t('review.nextDays')}</h3>
      <ol className="mt-3 grid grid-cols-7 items-end gap-2" aria-label={t('review.nextDaysLabel')}>
        {summary.dueNext7Days.map((count, i) => (
          <li key={labels[i]} className="flex flex-col items-center gap-1 text-xs text-slate-600">
            <span className="font-semibold text-slate-900">{count}</span>
            <span
              aria-hidden="true"
              className="block w-full rounded-t bg-sky-600"
              style={{ height: `${Math.max(4, Math.round((count / highest) * 64))}px` }}
            />
            <span>{labels[i]}</span>
            <span className="sr-only">{t('review.reviews', { count })}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
