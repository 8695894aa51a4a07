import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AnalyticsOverview,
  AnalyticsSeries,
  ItemAnalysis,
  ItemAnalysisQuestion,
  ModuleReadership,
} from '@drone-exam/shared';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_PERIODS_DAYS,
  PAGE_SIZE_ITEM_ANALYSIS,
  QUESTION_CATEGORIES,
} from '@drone-exam/shared/constants';
import { formatCad, formatPercent1, prettifyCategory, truncate } from '@drone-exam/shared/text';
import { SelectField } from '@drone-exam/shared/ui/ui';
import { api, unwrap } from '../lib/api';
import { formatCount, percentOrDash } from '../lib/format';
import {
  ErrorPanel,
  LoadingRows,
  PageTitle,
  Pager,
  Panel,
  TableFrame,
  td,
  th,
} from '../components/admin-ui';
import { BarChart, FunnelChart, ShareBar } from '@drone-exam/shared/ui/charts';

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
    queryFn: () => unwrap(api<ModuleReadership>('/admin/analytics/modules')),
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

function QuestionCell({ question }: { question: ItemAnalysisQuestion }) {
  return (
    <>
      <p className="text-slate-900" title={question.question}>
        {truncate(question.question, 120)}
      </p>
      <p className="text-xs text-slate-500">
        {prettifyCategory(question.category, QUESTION_CATEGORIES)} · {question.id}
      </p>
    </>
  );
}

function ShortList({
  title,
  items,
  figure,
  empty,
}: {
  title: string;
  items: ItemAnalysisQuestion[];
  figure: (question: ItemAnalysisQuestion) => string;
  empty: string;
}) {
  return (
    <Panel title={title}>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {items.map((question) => (
            <li key={question.id} className="flex gap-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <QuestionCell question={question} />
              </div>
              <span className="shrink-0 font-semibold text-slate-800">{figure(question)}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

function ItemAnalysisSection() {
  const [page, setPage] = useState(1);
  const items = useQuery({
    queryKey: ['admin', 'analytics', 'questions', page],
    queryFn: () =>
      unwrap(
        api<ItemAnalysis>('/admin/analytics/questions', {
          query: { page, limit: PAGE_SIZE_ITEM_ANALYSIS },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  if (items.isPending) {
    return (
      <Panel title="Item analysis">
        <LoadingRows rows={5} label="Loading item analysis" />
      </Panel>
    );
  }
  if (items.isError) {
    return (
      <Panel title="Item analysis">
        <ErrorPanel error={items.error} onRetry={() => items.refetch()} />
      </Panel>
    );
  }
  const data = items.data;
  return (
    <>
      <Panel title="Item analysis: hardest questions first">
        <p className="mb-3 text-sm text-slate-600">
          The share of answers that were correct, for questions answered at least {data.minAnswers}{' '}
          times. A very low share often means an unclear stem, a wrong key or a topic the modules do
          not cover well.
        </p>
        {data.questions.length === 0 ? (
          <p className="text-sm text-slate-600">
            No question has been answered {data.minAnswers} times yet.
          </p>
        ) : (
          <>
            <TableFrame caption="Questions by share of correct answers">
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Question
                  </th>
                  <th scope="col" className={th}>
                    Answered
                  </th>
                  <th scope="col" className={th}>
                    Correct
                  </th>
                  <th scope="col" className={th}>
                    Flagged
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.questions.map((question) => (
                  <tr key={question.id}>
                    <td className={td}>
                      <QuestionCell question={question} />
                    </td>
                    <td className={td}>{formatCount(question.timesAnswered)}</td>
                    <td className={td}>
                      <div className="flex items-center gap-2">
                        <ShareBar percent={question.correctShare ?? 0} />
                        <span>{percentOrDash(question.correctShare)}</span>
                      </div>
                    </td>
                    <td className={td}>{formatCount(question.timesFlagged)}</td>
                  </tr>
                ))}
              </tbody>
            </TableFrame>
            <Pager
              label="Item analysis pages"
              page={page}
              totalPages={data.pagination.totalPages}
              hasNextPage={data.pagination.hasNextPage}
              onPage={setPage}
            />
          </>
        )}
      </Panel>
      <div className="grid gap-6 lg:grid-cols-2">
        <ShortList
          title="Most often answered wrong"
          items={data.mostMissed}
          figure={(q) => `${formatCount(q.timesAnswered - q.timesCorrect)} wrong`}
          empty="No wrong answers yet."
        />
        <ShortList
          title="Most often flagged"
          items={data.mostFlagged}
          figure={(q) => `${formatCount(q.timesFlagged)} flagged`}
          empty="No question has been flagged yet."
        />
      </div>
    </>
  );
}

/** Analytics tab: growth and learning figures, all from data kept on write. */
export function AnalyticsPage() {
  const [days, setDays] = useState<number>(ANALYTICS_DEFAULT_DAYS);
  const overview = useQuery({
    queryKey: ['admin', 'analytics', 'overview', days],
    queryFn: () => unwrap(api<AnalyticsOverview>('/admin/analytics', { query: { days } })),
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
