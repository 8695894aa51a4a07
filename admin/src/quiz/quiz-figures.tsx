import type { ModePerformance, QuizAnalytics } from '@drone-exam/shared';
import { formatDuration, formatPercent1, scoreColour } from '@drone-exam/shared/text';
import { StatCard, StatGrid } from '../components/admin-ui';
import { formatCount, percentOrDash, plural } from '../lib/format';

export const SCORE_CLASS = {
  green: 'text-emerald-700',
  yellow: 'text-amber-700',
  red: 'text-red-700',
};

/** The attempts' figures across the console's quiz modes. */
export function Overview({ analytics }: { analytics: QuizAnalytics }) {
  const { overview } = analytics;
  return (
    <StatGrid>
      <StatCard
        label="Total Attempts"
        value={formatCount(overview.totalAttempts)}
        hint={`${plural(overview.completedAttempts, 'completed attempt')}`}
      />
      <StatCard label="Completion Rate" value={percentOrDash(overview.completionRate)} />
      <StatCard label="Average Score" value={percentOrDash(overview.averageScore)} />
      <StatCard
        label="Average Time"
        value={overview.averageTimeSpent === null ? '—' : formatDuration(overview.averageTimeSpent)}
        hint="per completed attempt"
      />
    </StatGrid>
  );
}

/** One mode's or one exam's attempts: how many, completed, average score, completion rate. */
export function FiguresCard({ title, figures }: { title: string; figures: ModePerformance }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <h4 className="font-semibold text-slate-900">{title}</h4>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
        <dt className="text-slate-600">Attempts</dt>
        <dd className="text-right font-medium">{formatCount(figures.attempts)}</dd>
        <dt className="text-slate-600">Completed</dt>
        <dd className="text-right font-medium">{formatCount(figures.completed)}</dd>
        <dt className="text-slate-600">Average score</dt>
        <dd className="text-right font-medium">{percentOrDash(figures.avgScore)}</dd>
        <dt className="text-slate-600">Completion rate</dt>
        <dd className="text-right font-medium">{percentOrDash(figures.completionRate)}</dd>
      </dl>
    </div>
  );
}

export function TopPerformers({ performers }: { performers: QuizAnalytics['topPerformers'] }) {
  if (performers.length === 0) {
    return <p className="text-sm text-slate-600">No completed attempts yet.</p>;
  }
  return (
    <ol className="divide-y divide-slate-100">
      {performers.map((performer, i) => (
        <li key={performer.userId} className="flex items-center gap-3 py-2">
          <span className="w-6 text-right font-semibold text-slate-500">{i + 1}.</span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">{performer.userName}</p>
            <p className="truncate text-xs text-slate-500">
              {performer.email} · {plural(performer.totalAttempts, 'attempt')}
            </p>
          </div>
          <span className={`font-semibold ${SCORE_CLASS[scoreColour(performer.bestScore)]}`}>
            {formatPercent1(performer.bestScore)}
          </span>
        </li>
      ))}
    </ol>
  );
}
