import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsOverview, AnalyticsSeries } from '@drone-exam/shared';
import { formatCad, formatPercent1 } from '@drone-exam/shared/text';
import { SelectField } from '@drone-exam/shared/ui/ui';
import { api, unwrap } from '../lib/api';
import { formatCount } from '../lib/format';
import {
  ErrorPanel,
  LoadingRows,
  PageTitle,
  Panel,
  TableFrame,
  td,
  th,
} from '../components/admin-ui';
import { BarChart, FunnelChart } from '@drone-exam/shared/ui/charts';
import { ItemAnalysisSection } from '../analytics/item-analysis-section';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_PERIODS_DAYS,
} from '@drone-exam/shared/schemas/admin-values';

const CHARTS: Array<{ series: AnalyticsSeries; title: string; money?: boolean }> = [
  { series: 'visitors', title: 'Visitors' },
  { series: 'sign_up', title: 'Sign-ups' },
  { series: 'email_verified', title: 'Verified emails' },
  { series: 'purchase', title: 'Premium purchases' },
  { series: 'revenue_cents', title: 'Revenue', money: true },
  { series: 'quiz_start', title: 'Quiz attempts started' },
  { series: 'quiz_complete', title: 'Quiz attempts completed' },
  { series: 'page_view', title: 'Page views' },
];

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-CA', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

function Trends({ data }: { data: AnalyticsOverview }) {
  return (
    <>
      <Panel title="Conversion funnel">
        <FunnelChart
          steps={[
            { label: 'Visitors', value: data.funnel.visitors },
            { label: 'Registered', value: data.funnel.registered },
            { label: 'Verified email', value: data.funnel.verified },
            { label: 'Bought premium', value: data.funnel.premium },
          ]}
        />
        <p className="mt-4 text-xs text-slate-500">
          From {dayLabel(data.from)} to {dayLabel(data.to)} (UTC days). Visitors are unique per day,
          counted on the learner site from a salted daily hash, never an address; a person visiting
          on three days counts three times.
        </p>
      </Panel>
      <div className="grid gap-6 md:grid-cols-2">
        {CHARTS.map((chart) => {
          const format = chart.money ? formatCad : formatCount;
          return (
            <Panel
              key={chart.series}
              title={chart.title}
              actions={
                <span className="text-lg font-semibold text-slate-900">
                  {format(data.totals[chart.series])}
                </span>
              }
            >
              <BarChart
                title={`${chart.title} per day`}
                format={format}
                points={data.series.map((point) => ({
                  key: point.day,
                  label: dayLabel(point.day),
                  value: point[chart.series],
                }))}
              />
            </Panel>
          );
        })}
      </div>
    </>
  );
}

function MostReadModules() {
  const modules = useQuery({
    queryKey: ['admin', 'analytics', 'modules'],
    queryFn: () => unwrap(api('/admin/analytics/modules')),
  });
  return (
    <Panel title="Most-read modules">
      {modules.isPending ? (
        <LoadingRows rows={4} label="Loading module readership" />
      ) : modules.isError ? (
        <ErrorPanel error={modules.error} onRetry={() => modules.refetch()} />
      ) : modules.data.modules.length === 0 ? (
        <p className="text-sm text-slate-600">No published modules yet.</p>
      ) : (
        <TableFrame caption="Published modules by number of readers">
          <thead>
            <tr>
              <th scope="col" className={th}>
                Module
              </th>
              <th scope="col" className={th}>
                Readers
              </th>
              <th scope="col" className={th}>
                Completed
              </th>
              <th scope="col" className={th}>
                Completion rate
              </th>
            </tr>
          </thead>
          <tbody>
            {modules.data.modules.map((module) => (
              <tr key={module.id}>
                <td className={td}>{module.title}</td>
                <td className={td}>{formatCount(module.readers)}</td>
                <td className={td}>{formatCount(module.completions)}</td>
                <td className={td}>
                  {module.readers
                    ? formatPercent1((module.completions / module.readers) * 100)
                    : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </Panel>
  );
}

/** Analytics tab: growth and learning figures, all from data kept on write. */
export function AnalyticsPage() {
  const [days, setDays] = useState<number>(ANALYTICS_DEFAULT_DAYS);
  const overview = useQuery({
    queryKey: ['admin', 'analytics', 'overview', days],
    queryFn: () => unwrap(api('/admin/analytics', { query: { days } })),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="admin-page-title" className="space-y-6">
      <PageTitle title="Analytics">
        <SelectField
          label="Period"
          value={String(days)}
          onChange={(event) => setDays(Number(event.target.value))}
        >
          {ANALYTICS_PERIODS_DAYS.map((option) => (
            <option key={option} value={option}>
              Last {option} days
            </option>
          ))}
        </SelectField>
      </PageTitle>
      {overview.isPending ? (
        <Panel title="Conversion funnel">
          <LoadingRows rows={4} label="Loading analytics" />
        </Panel>
      ) : overview.isError ? (
        <ErrorPanel error={overview.error} onRetry={() => overview.refetch()} />
      ) : (
        <Trends data={overview.data} />
      )}
      <MostReadModules />
      <ItemAnalysisSection />
    </section>
  );
}
