import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { UserStatsSummary } from '@drone-exam/shared/schemas/quiz';
import { useFormat } from '../../i18n/hooks';
import { Link } from '../links';
import { Alert, Card, Skeleton } from '@drone-exam/shared/ui/ui';
import { LocalDate } from '../local-date';

/** A figure the dashboard loaded, or the zeroed one shown when its load failed. */
export type Loaded<T> = { value: T; failed: boolean };

function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint: string }) {
  return (
    <Card className="p-5">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-2 text-3xl font-bold text-slate-900">{value}</p>
      <p className="mt-1 text-sm text-slate-500">{hint}</p>
    </Card>
  );
}

/** "2 h 5 min" in both languages (the Canadian French form too). */
function studyTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h ${m} min` : `${m} min`;
}

export function Stats({ loaded }: { loaded: Loaded<UserStatsSummary> }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
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
          {t('stats.failed')}
        </Alert>
      )}
      <p className="mb-4 text-sm text-slate-600">
        {t('stats.studyTime', { time: studyTime(stats.totalStudyTime) })}
        {stats.lastActivity && (
          <>
            {' '}
            · {t('stats.lastActive')} <LocalDate value={stats.lastActivity} />
          </>
        )}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label={t('stats.attempts')}
          value={format.number(quizzes)}
          hint={quizzes ? t('stats.attemptsHint') : t('stats.noQuizzes')}
        />
        <StatCard
          label={t('stats.average')}
          value={quizzes ? format.percent(Math.round(stats.averageScore)) : '–'}
          hint={quizzes ? t('stats.averageHint') : t('stats.finishQuiz')}
        />
        <StatCard
          label={t('stats.progress')}
          value={`${stats.studyModulesCompleted}/${stats.totalStudyModules}`}
          hint={t('stats.progressHint')}
        />
        <StatCard
          label={t('stats.best')}
          value={quizzes ? format.percent(Math.round(stats.bestScore)) : '–'}
          hint={quizzes ? t('stats.bestHint') : t('stats.finishQuiz')}
        />
      </div>
      {extras && (
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <StatCard
            label={t('stats.reading')}
            value={format.percent(Math.round(stats.averageReadingProgress))}
            hint={t('stats.readingHint')}
          />
          <StatCard
            label={t('stats.bookmarks')}
            value={format.number(stats.totalBookmarks)}
            hint={t('stats.bookmarksHint')}
          />
          <StatCard
            label={t('stats.notes')}
            value={format.number(stats.totalNotes)}
            hint={t('stats.notesHint')}
          />
        </div>
      )}
      <section id="progress" aria-labelledby="study-progress" className="mt-6">
        <h2 id="study-progress" className="sr-only">
          {t('stats.studyProgress')}
        </h2>
        {stats.studyModulesCompleted > 0 ? (
          <Card className="p-5">
            <div className="flex items-center justify-between text-sm">
              <span className="font-medium text-slate-900">{t('stats.studyProgress')}</span>
              <span className="text-slate-600">
                {t('stats.modulesOf', {
                  done: stats.studyModulesCompleted,
                  count: stats.totalStudyModules,
                })}{' '}
                · {format.percent(completedShare)}
              </span>
            </div>
            <progress
              className="mt-3 block h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-emerald-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-emerald-600"
              aria-label={t('stats.modulesCompleted')}
              max={stats.totalStudyModules}
              value={stats.studyModulesCompleted}
            />
          </Card>
        ) : (
          <p className="text-sm text-slate-600">
            {t('stats.completeOne')}{' '}
            <Link to="/study" className="font-semibold text-sky-700 hover:underline">
              {t('stats.startReading')}
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}

export function StatsSkeleton() {
  const { t } = useTranslation('dashboard');
  return (
    <div aria-busy="true">
      <span className="sr-only">{t('stats.loading')}</span>
      <Skeleton className="mb-4 h-4 w-72" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-32 rounded-xl" />
        ))}
      </div>
    </div>
  );
}
