import { Link } from 'react-router';
import { prettifyCategory } from '@drone-exam/shared/text';
import { Skeleton } from '@drone-exam/shared/ui/ui';
import { ErrorPanel, Panel, StatCard, StatGrid } from '../components/admin-ui';
import { formatCount } from '../lib/format';
import { useContentBase } from './hooks';
import { useContentStatistics } from './queries';
import { QUESTION_CATEGORIES } from '@drone-exam/shared/schemas/quiz-values';

/** The Content tab's landing: module and question figures from the counters, and shortcuts. */
export function ContentOverview() {
  const base = useContentBase();
  const stats = useContentStatistics();

  if (stats.isPending) {
    return (
      <div aria-busy="true" className="space-y-4">
        <span className="sr-only">Loading content statistics</span>
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
      <ErrorPanel
        title={`Error: ${stats.error.message || 'Failed to load stats'}`}
        onRetry={() => void stats.refetch()}
        retryLabel="Try Again"
      />
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
      <StatGrid>
        <StatCard label="Total Modules" value={formatCount(studyModules.total)} />
        <StatCard label="Published" value={formatCount(studyModules.published)} />
        <StatCard label="Questions" value={formatCount(questions.total)} />
        <StatCard label="Active Questions" value={formatCount(questions.active)} />
      </StatGrid>
      <div className="grid gap-6 lg:grid-cols-3">
        <Panel title="Module Status">
          <dl className="space-y-2 text-sm">
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
        </Panel>
        <Panel title="Questions by Category">
          <p className="mb-3 text-xs text-slate-500">Active questions</p>
          <dl className="space-y-2 text-sm">
            {questions.byCategory.map(({ _id: category, count }) => (
              <div key={category} className="flex justify-between gap-4">
                <dt className="text-slate-600">
                  {prettifyCategory(category, QUESTION_CATEGORIES)}
                </dt>
                <dd className="font-semibold text-slate-900">{count}</dd>
              </div>
            ))}
          </dl>
        </Panel>
        <Panel title="Quick Actions">
          <ul className="space-y-2">
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
        </Panel>
      </div>
    </div>
  );
}
