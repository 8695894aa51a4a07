import { Link } from 'react-router';
import { QUESTION_CATEGORIES } from '@drone-exam/shared/constants';
import { prettifyCategory } from '@drone-exam/shared/text';
import { Button, Card, Skeleton } from '@drone-exam/shared/ui/ui';
import { useContentBase } from './hooks';
import { useContentStatistics } from './queries';

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <Card className="p-5">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-3xl font-bold text-slate-900">{value.toLocaleString('en-CA')}</p>
    </Card>
  );
}

/** The Content tab's landing: module and question figures from the counters, and shortcuts. */
export function ContentOverview() {
  const base = useContentBase();
  const stats = useContentStatistics();

  if (stats.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading content statistics" className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (stats.isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">Error: {stats.error.message || 'Failed to load stats'}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void stats.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }

  const { studyModules, questions } = stats.data;
  const actions = [
    { to: `${base}/modules/new`, label: 'New Module' },
    { to: `${base}/questions/new`, label: 'New Question' },
    { to: `${base}/modules`, label: 'Manage Modules' },
    { to: `${base}/questions`, label: 'Manage Questions' },
  ];
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total Modules" value={studyModules.total} />
        <StatCard label="Published" value={studyModules.published} />
        <StatCard label="Questions" value={questions.total} />
        <StatCard label="Active Questions" value={questions.active} />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card>
          <h3 className="text-lg font-semibold text-slate-900">Module Status</h3>
          <dl className="mt-4 space-y-2 text-sm">
            {(
              [
                ['Published', studyModules.published],
                ['Draft', studyModules.draft],
                ['In review', studyModules.review],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex justify-between">
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card>
          <h3 className="text-lg font-semibold text-slate-900">Questions by Category</h3>
          <p className="mt-1 text-xs text-slate-500">Active questions</p>
          <dl className="mt-3 space-y-2 text-sm">
            {questions.byCategory.map(({ _id: category, count }) => (
              <div key={category} className="flex justify-between gap-4">
                <dt className="text-slate-600">{prettifyCategory(category, QUESTION_CATEGORIES)}</dt>
                <dd className="font-semibold text-slate-900">{count}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card>
          <h3 className="text-lg font-semibold text-slate-900">Quick Actions</h3>
          <ul className="mt-4 space-y-2">
            {actions.map((action) => (
              <li key={action.to}>
                <Link
                  to={action.to}
                  className="block rounded-lg border border-slate-200 px-4 py-2 text-sm font-medium text-sky-800 hover:bg-sky-50"
                >
                  {action.label}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
