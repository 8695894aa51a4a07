import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UserStatsSummary } from '@drone-exam/shared/schemas/quiz';
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

function studyTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h ${m} min` : `${m} min`;
}

export function Stats({ loaded }: { loaded: Loaded<UserStatsSummary> }) {
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

export function StatsSkeleton() {
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
