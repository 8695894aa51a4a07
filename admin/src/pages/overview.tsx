import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ContentStatistics } from '@drone-exam/shared';
import { formatPercent1, prettifyCategory } from '@drone-exam/shared/text';
import { useContentStatistics } from '../content/queries';
import { api, unwrap } from '../lib/api';
import { formatCount, plural, timeAgo } from '../lib/format';
import { useAdminPath } from '../lib/paths';
import { useAdminStats } from '../lib/stats';
import {
  ErrorPanel,
  LoadingRows,
  PageTitle,
  Panel,
  StatCard,
  StatCardsSkeleton,
  StatGrid,
} from '../components/admin-ui';
import { ActivityIcon } from '../components/activity-icon';
import { ExamFilter, useExamFilter } from '../components/exam-filter';
import { EXAM_LABELS } from '../content/exam-checkboxes';
import { ExamContentFigures } from '../overview/exam-content-figures';
import { SystemHealth } from '../overview/system-health';
import type { ExamId } from '@drone-exam/shared/schemas/exam-values';
import { ExportButton } from '../components/export-button';
import { QUESTION_CATEGORIES } from '@drone-exam/shared/schemas/quiz-values';

const REPORT = { path: '/admin/reports/admin_report.csv', filename: 'admin_report.csv' };

function OverviewCards({ exam }: { exam: ExamId | '' }) {
  const stats = useAdminStats(exam);
  const content = useContentStatistics();
  const href = useAdminPath();
  if (stats.isPending) return <StatCardsSkeleton />;
  if (stats.isError) return <ErrorPanel error={stats.error} onRetry={() => stats.refetch()} />;
  const s = stats.data;
  // The content statistics' categories are every exam's; an exam's card shows its active count.
  const categories = exam
    ? undefined
    : content.data?.questions.byCategory.filter((c) => c.count > 0).length;
  return (
    <StatGrid>
      <StatCard
        label={exam ? 'Total Users (all exams)' : 'Total Users'}
        value={formatCount(s.totalUsers)}
        hint={`+${formatCount(s.recentSignups)} this week`}
      />
      <StatCard
        label="Quiz Attempts"
        value={formatCount(s.totalQuizAttempts)}
        hint={
          s.averageScore === null
            ? 'No completed attempts yet'
            : `Average score ${formatPercent1(s.averageScore)}`
        }
      />
      <StatCard
        label="Study Modules"
        value={formatCount(s.totalStudyModules)}
        hint={
          exam
            ? `${formatCount(s.publishedStudyModules)} published`
            : s.studyCompletionRate === null
              ? 'No module reads yet'
              : `${formatPercent1(s.studyCompletionRate)} of module reads completed`
        }
      />
      <StatCard
        label="Questions"
        value={formatCount(s.totalQuestions)}
        hint={
          <>
            {exam && `${formatCount(s.activeQuestions)} active · `}
            {categories !== undefined && `in ${plural(categories, 'category', 'categories')} · `}
            <Link
              to={href('content/questions/reports')}
              className="font-semibold text-sky-700 hover:underline"
            >
              {plural(s.openReports, 'open report')}
              {exam && ' (all exams)'}
            </Link>
          </>
        }
      />
    </StatGrid>
  );
}

function ContentOverview({ exam }: { exam: ExamId | '' }) {
  const content = useContentStatistics();
  const stats = useAdminStats(exam);
  const href = useAdminPath();
  // An exam's figures come from its counters; every exam's from the content statistics.
  const shown = exam ? stats : content;
  return (
    <Panel
      title="Content Overview"
      actions={
        <Link to={href('content')} className="text-sm font-semibold text-sky-700 hover:underline">
          Manage content
        </Link>
      }
    >
      {shown.isPending ? (
        <LoadingRows rows={4} label="Loading content figures" />
      ) : shown.isError ? (
        <ErrorPanel error={shown.error} onRetry={() => shown.refetch()} />
      ) : exam && stats.data ? (
        <ExamContentFigures exam={exam} stats={stats.data} />
      ) : content.data ? (
        <ContentFigures data={content.data} />
      ) : null}
    </Panel>
  );
}

function ContentFigures({ data }: { data: ContentStatistics }) {
  const categories = data.questions.byCategory
    .filter((category) => category.count > 0)
    .sort((a, b) => b.count - a.count);
  const shown = categories.slice(0, 2);
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div>
        <dt className="text-sm text-slate-600">Published modules</dt>
        <dd className="text-2xl font-semibold text-slate-900">{data.studyModules.published}</dd>
        <dd className="text-sm text-slate-600">
          {plural(data.studyModules.draft, 'draft')}
          {data.studyModules.review > 0 && `, ${formatCount(data.studyModules.review)} in review`}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">Total questions</dt>
        <dd className="text-2xl font-semibold text-slate-900">
          {formatCount(data.questions.total)}
        </dd>
        <dd className="text-sm text-slate-600">
          {shown.length === 0
            ? 'No active questions yet'
            : shown
                .map(
                  (c) =>
                    `${prettifyCategory(c._id, QUESTION_CATEGORIES)} (${formatCount(c.count)})`,
                )
                .join(', ')}
          {categories.length > 2 && ` +${categories.length - 2} more`}
        </dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-sm text-slate-600">Average quiz score</dt>
        <dd className="text-2xl font-semibold text-slate-900">
          {data.quizAttempts.total ? formatPercent1(data.quizAttempts.averageScore) : '—'}
        </dd>
        <dd className="text-sm text-slate-600">
          over {plural(data.quizAttempts.total, 'completed attempt')}
        </dd>
      </div>
    </dl>
  );
}

function QuickActions() {
  const href = useAdminPath();
  const links = [
    { to: 'content', label: 'Manage Content' },
    { to: 'users', label: 'User Management' },
    { to: 'quiz', label: 'Quiz Analytics' },
    { to: 'analytics', label: 'System Analytics' },
    { to: 'email', label: 'Email Management' },
  ];
  return (
    <Panel title="Quick Actions">
      <ul className="grid gap-2 sm:grid-cols-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={href(link.to)}
              className="block rounded-lg border border-slate-200 px-4 py-3 text-sm font-semibold text-slate-800 hover:border-sky-300 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-600"
            >
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <ExportButton {...REPORT} className="w-full justify-start px-4 py-3">
            Export Reports
          </ExportButton>
        </li>
      </ul>
    </Panel>
  );
}

function RecentActivity() {
  const activity = useQuery({
    queryKey: ['admin', 'recent-activity'],
    queryFn: () => unwrap(api('/admin/recent-activity')),
  });
  return (
    <Panel title="Recent Activity">
      {activity.isPending ? (
        <LoadingRows rows={5} label="Loading recent activity" />
      ) : activity.isError ? (
        <ErrorPanel error={activity.error} onRetry={() => activity.refetch()} />
      ) : activity.data.length === 0 ? (
        <p className="text-sm text-slate-600">No activity yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {activity.data.map((item) => (
            <li key={item.id} className="flex gap-3 py-3">
              <ActivityIcon type={item.type} />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900">{item.title}</p>
                {item.description && (
                  <p className="truncate text-sm text-slate-600">{item.description}</p>
                )}
                <p className="text-xs text-slate-500">
                  {item.userEmail ?? 'Deleted user'} ·{' '}
                  <time
                    dateTime={item.timestamp}
                    title={new Date(item.timestamp).toLocaleString('en-CA')}
                  >
                    {timeAgo(item.timestamp)}
                  </time>
                  {item.score !== null && ` · ${formatPercent1(item.score)}`}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The admin landing page (premium-quiz-admin-spec §2, Overview), filtered by exam (issue 28). */
export function OverviewPage() {
  const [exam, setExam] = useExamFilter();
  return (
    <section aria-labelledby="admin-page-title" className="space-y-6">
      <PageTitle title="Overview">
        <ExamFilter
          id="overview-exam"
          value={exam}
          onChange={setExam}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-sky-600"
        />
      </PageTitle>
      {exam && (
        <p className="text-sm text-slate-600">
          Questions, modules and quiz attempts are the {EXAM_LABELS[exam]} exam’s. Users, module
          reads, reports and system health are for all exams: they do not belong to one.
        </p>
      )}
      <OverviewCards exam={exam} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ContentOverview exam={exam} />
        <QuickActions />
        <RecentActivity />
        <SystemHealth exam={exam} />
      </div>
    </section>
  );
}
