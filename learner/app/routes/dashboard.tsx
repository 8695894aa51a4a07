import { Suspense } from 'react';
import { Await } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/dashboard';

import type { Readiness } from '@drone-exam/shared/schemas/learning';
import type { RecentActivityItem, UserStatsSummary } from '@drone-exam/shared/schemas/quiz';
import { Alert, Container, PageHeader } from '@drone-exam/shared/ui/ui';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { metaFromLoader } from '../lib/meta';
import { Link } from '../components/links';
import { pageMessages, serverT } from '../i18n/i18n.server';
import { useLocalizedPath } from '../i18n/hooks';
import { useLocalHour } from '../lib/use-local-hour';
import { Activity, ActivitySkeleton } from '../components/dashboard/activity';
import {
  ReadinessSection,
  ReadinessSkeleton,
  type ScorePoint,
} from '../components/dashboard/readiness';
import { Stats, StatsSkeleton, type Loaded } from '../components/dashboard/stats';
import { ReviewPanel, type ReviewData } from '../components/learning/review-panel';
import { DailyGoalPanel } from '../components/learning/daily-goal';
import { ClassAssignmentsPanel } from '../components/classes/dashboard-panel';
import { useKeepPage } from '../components/offline/use-keep-page';
import { DEFAULT_TOTAL_STUDY_MODULES } from '@drone-exam/shared/schemas/quiz-values';
import { ExamSwitch } from '../components/dashboard/exam-switch';

/** How many of the latest quizzes the score chart shows. */
const SCORE_CHART_POINTS = 20;

export const meta = metaFromLoader;

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

/**
 * The page streams: the greeting and quick actions render at once, the figures follow as their
 * API calls answer (a skeleton until then).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { api } = serverApi(context, request);
  const t = serverT(context, 'dashboard');
  const stats: Promise<Loaded<UserStatsSummary>> = api('/auth/me/stats').then((result) =>
    result.success ? { value: result.data, failed: false } : { value: ZERO_STATS, failed: true },
  );
  const activity: Promise<Loaded<RecentActivityItem[]>> = api('/auth/me/recent-activity').then(
    (result) =>
      result.success ? { value: result.data, failed: false } : { value: [], failed: true },
  );
  const readiness: Promise<Loaded<Readiness | null>> = api('/learning/readiness').then(
    (result) => ({ value: result.success ? result.data : null, failed: !result.success }),
  );
  // Quizzes are premium: a free learner has no scores to chart.
  const scores: Promise<ScorePoint[]> = user.hasPremium
    ? api('/quiz/attempts', {
        query: { status: 'completed', limit: SCORE_CHART_POINTS },
      }).then((result) =>
        result.success
          ? result.data.attempts
              .filter((attempt) => attempt.score !== null && attempt.completedAt !== null)
              .map((attempt) => ({
                id: attempt.id,
                completedAt: attempt.completedAt!,
                score: attempt.score!,
              }))
              .toReversed()
          : [],
      )
    : Promise.resolve([]);
  const review: Promise<ReviewData> = Promise.all([
    api('/learning/review'),
    api('/learning/plan'),
  ]).then(([summary, plan]) => ({
    summary: summary.success ? summary.data : null,
    plan: plan.success ? plan.data : null,
  }));
  const streak = api('/learning/streak').then((result) => (result.success ? result.data : null));
  const classes = api('/classes').then((result) => (result.success ? result.data.member : []));
  return {
    firstName: user.firstName,
    premium: user.hasPremium,
    targetExam: user.targetExam,
    stats,
    activity,
    readiness: Promise.all([readiness, scores]),
    review,
    streak,
    classes,
    meta: { title: t('title'), description: t('description') },
    i18n: pageMessages(context, ['dashboard', 'learning', 'classes']),
  };
}

/** The exam switch: the API checks the choice; the page reloads with readiness for the new exam. */
export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context, request);
  const form = await request.formData();
  const { api } = serverApi(context, request);
  const result = await api('/auth/target-exam', {
    method: 'PUT',
    body: { targetExam: form.get('targetExam') },
  });
  return { examError: result.success ? null : serverT(context, 'dashboard')('exam.failed') };
}

const QUICK_ACTIONS = [
  { to: '/practice', key: 'practice' },
  { to: '/study', key: 'study' },
  { to: '/study/search', key: 'search' },
  { to: '#progress', key: 'progress' },
  { to: '/resources', key: 'resources' },
] as const;

/**
 * learner-spec §2: morning before 12, afternoon before 18, else evening; "Pilot" without a name.
 * Its own component: the local hour is known only once hydrated, and the re-render that brings
 * it is synchronous, so it must redraw the heading alone, not the whole dashboard.
 */
function Greeting({ firstName }: { firstName: string }) {
  const { t } = useTranslation('dashboard');
  const hour = useLocalHour();
  const name = firstName.trim() || t('pilot');
  const part =
    hour === null ? 'welcome' : hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
  return <>{t(`greeting.${part}`, { name })}</>;
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard');
  const { firstName, premium, stats, activity, readiness, review, streak, targetExam, classes } =
    loaderData;
  useKeepPage(useLocalizedPath()('/dashboard'), 10 * 60_000);
  return (
    <Container>
      <PageHeader title={<Greeting firstName={firstName} />} intro={t('intro')} />
      <Suspense fallback={<StatsSkeleton />}>
        <Await resolve={stats}>{(loaded) => <Stats loaded={loaded} />}</Await>
      </Suspense>
      <DailyGoalPanel data={streak} />
      <ReviewPanel data={review} />
      <ClassAssignmentsPanel data={classes} />

      <section aria-labelledby="readiness-title" className="mt-10">
        <h2 id="readiness-title" className="mb-4 text-xl font-semibold text-slate-900">
          {t('readinessTitle')}
        </h2>
        <ExamSwitch current={targetExam} />
        {actionData?.examError && (
          <Alert tone="error" className="mb-4">
            {actionData.examError}
          </Alert>
        )}
        <Suspense fallback={<ReadinessSkeleton />}>
          <Await resolve={readiness}>
            {([loaded, scores]) => (
              <ReadinessSection loaded={loaded} scores={scores} premium={premium} />
            )}
          </Await>
        </Suspense>
      </section>

      <section aria-labelledby="quick-actions" className="mt-10">
        <h2 id="quick-actions" className="text-xl font-semibold text-slate-900">
          {t('quickActions.title')}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {QUICK_ACTIONS.map((quick) => (
            <li key={quick.to}>
              <Link
                to={quick.to}
                className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-sky-400 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-600"
              >
                <span className="block font-semibold text-slate-900">
                  {t(`quickActions.${quick.key}.label`)}
                </span>
                <span className="mt-1 block text-sm text-slate-600">
                  {t(`quickActions.${quick.key}.hint`)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm">
          <Link
            to="/flight-review"
            className="font-semibold text-sky-700 hover:underline focus-visible:outline-2 focus-visible:outline-sky-600"
          >
            {t('quickActions.flightReview')}
          </Link>
        </p>
      </section>

      <section aria-labelledby="recent-activity" className="mt-10">
        <h2 id="recent-activity" className="text-xl font-semibold text-slate-900">
          {t('activity.title')}
        </h2>
        <Suspense fallback={<ActivitySkeleton />}>
          <Await resolve={activity}>{(loaded) => <Activity loaded={loaded} />}</Await>
        </Suspense>
      </section>
    </Container>
  );
}
