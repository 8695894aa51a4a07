import type { AdminStats } from '@drone-exam/shared';
import type { ExamId } from '@drone-exam/shared/schemas/exam-values';
import { formatCount, percentOrDash, plural } from '../lib/format';
import { useAdminStats } from '../lib/stats';
import { ErrorPanel, LoadingRows, Panel } from '../components/admin-ui';

/** The Overview's System Health panel: global whatever the exam, from the same figures as the cards. */
export function SystemHealth({ exam }: { exam: ExamId | '' }) {
  const stats = useAdminStats(exam);
  return (
    <Panel title="System Health">
      {stats.isPending ? (
        <LoadingRows rows={3} label="Loading system health" />
      ) : stats.isError ? (
        <ErrorPanel error={stats.error} onRetry={() => stats.refetch()} />
      ) : (
        <HealthFigures health={stats.data.systemHealth} activeUsers={stats.data.activeUsers} />
      )}
    </Panel>
  );
}

function HealthFigures({
  health,
  activeUsers,
}: {
  health: AdminStats['systemHealth'];
  activeUsers: number;
}) {
  const noTraffic = health.requests === 0;
  const rows = [
    { label: 'Active users (24 h)', value: formatCount(activeUsers) },
    {
      label: `API requests (last ${health.windowMinutes} min)`,
      value: formatCount(health.requests),
    },
    {
      label: 'API error rate',
      value: noTraffic ? '—' : percentOrDash(health.errorRate),
      hint: noTraffic ? undefined : `${plural(health.serverErrors, 'server error')}`,
    },
    {
      label: 'Median response time',
      value: health.medianLatencyMs === null ? '—' : `${health.medianLatencyMs} ms`,
      hint: health.p95LatencyMs === null ? undefined : `95th percentile ${health.p95LatencyMs} ms`,
    },
  ];
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-sm text-slate-600">{row.label}</dt>
            <dd className="text-2xl font-semibold text-slate-900">{row.value}</dd>
            {row.hint && <dd className="text-sm text-slate-600">{row.hint}</dd>}
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-slate-500">
        {noTraffic
          ? `No API requests were recorded in the last ${health.windowMinutes} minutes.`
          : 'Measured on every API request (server errors are 5xx answers); times are spent inside the API worker.'}
      </p>
    </>
  );
}
