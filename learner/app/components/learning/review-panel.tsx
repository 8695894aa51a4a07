import { Suspense } from 'react';
import { Await, Link, useFetcher } from 'react-router';
import type { LearningPlan, ReviewSummary } from '@drone-exam/shared/schemas/learning';
import { Alert, Button, Card, Skeleton } from '@drone-exam/shared/ui/ui';
import type { LearningResult } from '../../routes/learning';
import { ExamDateForm } from './exam-date-form';
import { countdown, forecastLabels, longDate, recencyLine } from './format';

export type ReviewData = { summary: ReviewSummary | null; plan: LearningPlan | null };

/**
 * The dashboard's spaced review: what is due today with Start review, the next seven days, and the
 * exam date with its countdown (set or changed here as on /account), then the recency date.
 */
export function ReviewPanel({ data }: { data: Promise<ReviewData> }) {
  return (
    <section aria-labelledby="spaced-review" className="mt-10">
      <h2 id="spaced-review" className="text-xl font-semibold text-slate-900">
        Spaced review
      </h2>
      <Suspense
        fallback={
          <div aria-busy="true" aria-label="Loading your review" className="mt-4">
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
  if (!summary || !plan) {
    return (
      <Alert tone="warning" className="mt-4">
        Your review could not be loaded just now. Refresh the page to try again.
      </Alert>
    );
  }
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-3" data-testid="review-panel">
      <Card className="p-5 lg:col-span-2">
        <DueToday summary={summary} />
        <Forecast summary={summary} timeZone={plan.timeZone} />
      </Card>
      <Card className="p-5">
        <h3 className="font-semibold text-slate-900">Your exam</h3>
        {plan.examDate && plan.daysToExam !== null ? (
          <p className="mt-2 text-sm text-slate-700" data-testid="exam-countdown">
            <strong>{longDate(plan.examDate)}</strong>: {countdown(plan.daysToExam)}
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            Set your exam date and every review is planned to land before it.
          </p>
        )}
        <div className="mt-4">
          <ExamDateForm examDate={plan.examDate} idPrefix="dashboard" />
        </div>
        <p className="mt-4 border-t border-slate-200 pt-3 text-sm text-slate-600">
          {recencyLine(plan)}{' '}
          <Link to="/recency" className="font-semibold text-sky-700 hover:underline">
            Recency review
          </Link>
        </p>
      </Card>
    </div>
  );
}

function DueToday({ summary }: { summary: ReviewSummary }) {
  const fetcher = useFetcher<LearningResult>();
  const failed = fetcher.data?.intent === 'review' && !fetcher.data.ok ? fetcher.data : null;
  if (summary.cards === 0) {
    return (
      <p className="text-slate-700">
        Every question you answer becomes a review card, brought back just before you would forget
        it.{' '}
        <Link to="/practice" className="font-semibold text-sky-700 hover:underline">
          Take a practice quiz
        </Link>{' '}
        to start your deck.
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <p className="text-3xl font-bold text-slate-900" data-testid="due-today">
          Due today: {summary.dueToday}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {summary.cards} {summary.cards === 1 ? 'card' : 'cards'} in your deck
        </p>
      </div>
      {summary.dueToday > 0 ? (
        <fetcher.Form method="post" action="/learning">
          <input type="hidden" name="intent" value="review" />
          <Button type="submit" loading={fetcher.state !== 'idle'} loadingText="Starting…">
            Start review
          </Button>
        </fetcher.Form>
      ) : (
        <p className="text-sm text-slate-600">
          Nothing due today. The forecast shows what is next.
        </p>
      )}
      {failed?.error && (
        <Alert tone="error" className="w-full">
          {failed.error}
        </Alert>
      )}
    </div>
  );
}

function Forecast({ summary, timeZone }: { summary: ReviewSummary; timeZone: string }) {
  const labels = forecastLabels(timeZone, summary.dueNext7Days.length);
  const highest = Math.max(1, ...summary.dueNext7Days);
  return (
    <div className="mt-6">
      <h3 className="text-sm font-semibold text-slate-800">Next 7 days</h3>
      <ol
        className="mt-3 grid grid-cols-7 items-end gap-2"
        aria-label="Reviews due in the next 7 days"
      >
        {summary.dueNext7Days.map((count, i) => (
          <li key={labels[i]} className="flex flex-col items-center gap-1 text-xs text-slate-600">
            <span className="font-semibold text-slate-900">{count}</span>
            <span
              aria-hidden="true"
              className="block w-full rounded-t bg-sky-600"
              style={{ height: `${Math.max(4, Math.round((count / highest) * 64))}px` }}
            />
            <span>{labels[i]}</span>
            <span className="sr-only">
              {count} {count === 1 ? 'review' : 'reviews'}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
