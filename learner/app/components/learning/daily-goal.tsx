import { Suspense } from 'react';
import { Await } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { Streak } from '@drone-exam/shared/schemas/learning';
import { Alert, Card, Skeleton } from '@drone-exam/shared/ui/ui';
import { GoalForm } from './goal-form';
import { PhoneRemindersLater } from './phone-reminders-later';
import { StreakCalendar } from './streak-calendar';

/**
 * The dashboard's daily habit: today's questions toward the goal (set here as on /account), the
 * streak with its freezes, and the five-week calendar.
 */
export function DailyGoalPanel({ data }: { data: Promise<Streak | null> }) {
  const { t } = useTranslation('learning');
  return (
    <section aria-labelledby="daily-goal" className="mt-10">
      <h2 id="daily-goal" className="text-xl font-semibold text-slate-900">
        {t('goal.title')}
      </h2>
      <Suspense
        fallback={
          <div aria-busy="true" className="mt-4">
            <span className="sr-only">{t('goal.loading')}</span>
            <Skeleton className="h-48 rounded-xl" />
          </div>
        }
      >
        <Await resolve={data}>{(streak) => <Habit streak={streak} />}</Await>
      </Suspense>
    </section>
  );
}

function Habit({ streak }: { streak: Streak | null }) {
  const { t } = useTranslation('learning');
  if (!streak) {
    return (
      <Alert tone="warning" className="mt-4">
        {t('goal.failed')}
      </Alert>
    );
  }
  const left = Math.max(0, streak.goal - streak.todayAnswered);
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2" data-testid="daily-goal">
      <Card className="space-y-4 p-5">
        <div>
          <p className="text-lg font-semibold text-slate-900" data-testid="today-progress">
            {t('goal.today', { answered: streak.todayAnswered, goal: streak.goal })}
          </p>
          <progress
            className="mt-2 block h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-emerald-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-emerald-600"
            aria-label={t('goal.progress')}
            max={streak.goal}
            value={Math.min(streak.todayAnswered, streak.goal)}
          />
          <p className="mt-2 text-sm text-slate-700">
            {streak.todayMet ? t('goal.met') : t('goal.left', { count: left })}
          </p>
        </div>
        <div className="border-t border-slate-200 pt-3" data-testid="streak">
          <p className="text-2xl font-bold text-slate-900">
            {streak.current > 0 ? t('streak.days', { count: streak.current }) : t('streak.none')}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            {streak.freezesHeld > 0
              ? t('streak.freezes', { count: streak.freezesHeld })
              : t('streak.noFreeze')}{' '}
            · {t('streak.longest', { count: streak.longest })}
          </p>
          <p className="mt-1 text-xs text-slate-600">{t('streak.freezeHint')}</p>
        </div>
        <GoalForm goal={streak.goal} idPrefix="dashboard" />
        <div className="border-t border-slate-200 pt-3">
          <PhoneRemindersLater idPrefix="dashboard" />
        </div>
      </Card>
      <Card className="p-5">
        <StreakCalendar days={streak.days} />
      </Card>
    </div>
  );
}
