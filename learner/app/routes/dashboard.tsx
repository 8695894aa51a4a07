import { Suspense, type ReactNode } from 'react';
import { Await, Link } from 'react-router';
import type { Route } from './+types/dashboard';
import { DEFAULT_TOTAL_STUDY_MODULES, RECENT_ACTIVITY_LIMIT } from '@drone-exam/shared/constants';
import type { RecentActivityItem, UserStatsSummary } from '@drone-exam/shared/schemas/quiz';
import { greeting } from '@drone-exam/shared/text';
import { Alert, Card, Container, PageHeader, Skeleton } from '@drone-exam/shared/ui/ui';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { useLocalHour } from '../lib/use-local-hour';
import { LocalDate } from '../components/local-date';
import { ScoreBadge } from '../components/score';
import { useKeepPage } from '../components/offline/use-keep-page';

export const meta: Route.MetaFunction = () => pageMeta('Dashboard');

/** learner-spec §8: a failed load shows zeroed stats and an empty list. */
const ZERO_STATS: UserStatsSummary = {
  totalQuizAttempts: 0,
  averageScore: 0,
  studyModulesCompleted: 0,
  totalStudyModules: DEFAULT_TOTAL_STUDY_MODULES,
  totalStudyTime: 0,
  bestScore: 0,
  currentStreak: 0,
  lastActivity: null,
  totalBookmarks: 0,
  totalNotes: 0,
  averageReadingProgress: 0,
};

type Loaded<T> = { value: T; failed: boolean };

/**
 * The page streams: the greeting and quick actions render at once, the figures follow as their
 * API calls answer (a skeleton until then).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { api } = serverApi(context, request);
  const stats: Promise<Loaded<UserStatsSummary>> = api<UserStatsSummary>('/auth/me/stats').then(
    (result) =>
      result.success ? { value: result.data, failed: false } : { value: ZERO_STATS, failed: true },
  );
  const activity: Promise<Loaded<RecentActivityItem[]>> = api<RecentActivityItem[]>(
    '/auth/me/recent-activity',
  ).then((result) =>
    result.success ? { value: result.data, failed: false } : { value: [], failed: true },
  );
  return { firstName: user.firstName, stats, activity };
}

const QUICK_ACTIONS = [
  { to: '/practice', label: 'Practice Quiz', hint: 'Study or exam mode' },
  { to: '/study', label: 'Continue Studying', hint: 'Pick up a module' },
  { to: '/study/search', label: 'Search Materials', hint: 'Find any topic' },
  { to: '#progress', label: 'View Progress', hint: 'Modules completed' },
  { to: '/resources', label: 'Resources', hint: 'Official material' },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { firstName, stats, activity } = loaderData;
  const hour = useLocalHour();
  useKeepPage('/dashboard', 10 * 60_000);
  return (
    <Container>
      <PageHeader
        title={hour === null ? `Welcome back, ${firstName || 'Pilot'}` : greeting(hour, firstName)}
        intro="Here is where you stand."
      />
      <Suspense fallback={<StatsSkeleton />}>
        <Await resolve={stats}>{(loaded) => <Stats loaded={loaded} />}</Await>
      </Suspense>

      <section aria-labelledby="quick-actions" className="mt-10">
        <h2 id="quick-actions" className="text-xl font-semibold text-slate-900">
          Quick actions
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {QUICK_ACTIONS.map((action) => (
            <li key={action.to}>
              <Link
                to={action.to}
                className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-sky-400 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-600"
              >
                <span className="block font-semibold text-slate-900">{action.label}</span>
                <span className="mt-1 block text-sm text-slate-600">{action.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="recent-activity" className="mt-10">
        <h2 id="recent-activity" className="text-xl font-semibold text-slate-900">
          Recent activity
        </h2>
        <Suspense fallback={<ActivitySkeleton />}>
          <Await resolve={activity}>{(loaded) => <Activity loaded={loaded} />}</Await>
        </Suspense>
      </section>
    </Container>
  );
}

function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint: string }) {
  return (
    <Card className="p-5">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-2 text-3xl font-bold text-slate-900">{value}</p>
      <p className="mt-1 text-sm text-slate-500">{hint}</p>
    </Card>
  );
}

function studyTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h ${m} min` : `${m} min`;
}

function Stats({ loaded }: { loaded: Loaded<UserStatsSummary> }) {
  const stats = loaded.value;
  const quizzes = stats.totalQuizAttempts;
  const extras = stats.totalBookmarks + stats.totalNotes > 0;
  const completedShare = Math.min(
    100,
    Math.round((stats.studyModulesCompleted / stats.totalStudyModules) * 100),
  );
  return (
    <div data-testid="dashboard-stats">
      {loaded.failed && (
        <Alert tone="warning" className="mb-4">
          Your figures could not be loaded just now. Refresh the page to try again.
        </Alert>
      )}
      <p className="mb-4 text-sm text-slate-600">
        {stats.currentStreak > 0
          ? `Current streak: ${stats.currentStreak} ${stats.currentStreak === 1 ? 'day' : 'days'}`
          : 'No streak yet: study or take a quiz today to start one'}{' '}
        · Study time: {studyTime(stats.totalStudyTime)}
        {stats.lastActivity && (
          <>
            {' '}
            · Last active <LocalDate value={stats.lastActivity} />
          </>
        )}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label="Quiz Attempts"
          value={quizzes}
          hint={quizzes ? 'quizzes completed' : 'No quizzes taken yet'}
        />
        <StatCard
          label="Average Score"
          value={quizzes ? `${Math.round(stats.averageScore)}%` : '–'}
          hint={quizzes ? 'across completed quizzes' : 'Finish a quiz to see it'}
        />
        <StatCard
          label="Study Progress"
          value={`${stats.studyModulesCompleted}/${stats.totalStudyModules}`}
          hint="modules completed"
        />
        <StatCard
          label="Best Score"
          value={quizzes ? `${Math.round(stats.bestScore)}%` : '–'}
          hint={quizzes ? 'your highest quiz score' : 'Finish a quiz to see it'}
        />
      </div>
      {extras && (
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <StatCard
            label="Reading Progress"
            value={`${Math.round(stats.averageReadingProgress)}%`}
            hint="average over the modules you opened"
          />
          <StatCard label="Bookmarks" value={stats.totalBookmarks} hint="saved places" />
          <StatCard label="Notes" value={stats.totalNotes} hint="notes on the modules" />
        </div>
      )}
      <section id="progress" aria-labelledby="study-progress" className="mt-6">
        <h2 id="study-progress" className="sr-only">
          Study progress
        </h2>
        {stats.studyModulesCompleted > 0 ? (
          <Card className="p-5">
            <div className="flex items-center justify-between text-sm">
              <span className="font-medium text-slate-900">Study progress</span>
              <span className="text-slate-600">
                {stats.studyModulesCompleted} of {stats.totalStudyModules} modules ·{' '}
                {completedShare}%
              </span>
            </div>
            <progress
              className="mt-3 block h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-emerald-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-emerald-600"
              aria-label="Modules completed"
              max={stats.totalStudyModules}
              value={stats.studyModulesCompleted}
            />
          </Card>
        ) : (
          <p className="text-sm text-slate-600">
            Complete a study module to see your progress bar here.{' '}
            <Link to="/study" className="font-semibold text-sky-700 hover:underline">
              Start reading
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}

function Activity({ loaded }: { loaded: Loaded<RecentActivityItem[]> }) {
  if (loaded.value.length === 0) {
    return (
      <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
        {loaded.failed
          ? 'Your recent activity could not be loaded just now.'
          : 'Nothing yet. Read a module or take a quiz and it will show here.'}
      </p>
    );
  }
  return (
    <ul
      className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
      data-testid="recent-activity"
    >
      {loaded.value.slice(0, RECENT_ACTIVITY_LIMIT).map((item) => (
        <li key={item.id} className="flex items-center gap-4 p-4">
          <span
            aria-hidden="true"
            className={`grid h-10 w-10 shrink-0 place-items-center rounded-full text-lg ${item.type === 'quiz' ? 'bg-sky-100 text-sky-800' : 'bg-emerald-100 text-emerald-800'}`}
          >
            {item.type === 'quiz' ? '✎' : '📖'}
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">
              {item.href ? (
                <Link to={item.href} className="hover:underline">
                  {item.title}
                </Link>
              ) : (
                item.title
              )}
            </p>
            <p className="text-sm text-slate-600">
              {item.description && <>{item.description} · </>}
              <LocalDate value={item.completedAt} withTime />
            </p>
          </div>
          {item.score !== null && <ScoreBadge score={item.score} />}
        </li>
      ))}
    </ul>
  );
}

function StatsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading your figures">
      <Skeleton className="mb-4 h-4 w-72" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-32 rounded-xl" />
        ))}
      </div>
    </div>
  );
}

function ActivitySkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading recent activity" className="mt-4 space-y-2">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-16 rounded-xl" />
      ))}
    </div>
  );
}
