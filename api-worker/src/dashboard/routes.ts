import { Hono } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import { localizedPath, type Locale } from '@drone-exam/shared/i18n';
import type { RecentActivityItem, UserStatsSummary } from '@drone-exam/shared/schemas/quiz';
import type { AppEnv } from '../env.ts';
import { counters, quizAttempts, studyModules, studyProgress, userStats } from '../db/schema.ts';
import { translator } from '../i18n/index.ts';
import { moduleTitle } from '../study/queries.ts';
import { ok } from '../lib/http.ts';
import { iso } from '../lib/time.ts';
import { currentStreak } from '../lib/user-stats.ts';
import { requireAuth } from '../middleware/auth.ts';
import {
  DEFAULT_TOTAL_STUDY_MODULES,
  RECENT_ACTIVITY_LIMIT,
} from '@drone-exam/shared/schemas/quiz-values';

type RecentStudyRow = {
  moduleId: string;
  title: string;
  slug: string;
  isCompleted: boolean;
  completedAt: number | null;
  lastReadAt: number | null;
};

/** The activity lines are written in the request's language, their links to its pages. */
function studyItem(row: RecentStudyRow, locale: Locale): RecentActivityItem {
  const t = translator(locale, 'activity');
  return {
    id: `study-${row.moduleId}`,
    type: 'study',
    title: row.title,
    description: t(row.isCompleted ? 'moduleCompleted' : 'moduleReading', { title: row.title }),
    score: null,
    completedAt: iso(row.lastReadAt ?? row.completedAt)!,
    href: localizedPath(`/study/${row.slug}`, locale),
  };
}

function quizItem(row: typeof quizAttempts.$inferSelect, locale: Locale): RecentActivityItem {
  const t = translator(locale, 'activity');
  return {
    id: row.id,
    type: 'quiz',
    title: t(`quizTitle.${row.mode}`),
    description: t('quizScore', { correct: row.correctCount, total: row.questionCount }),
    score: row.score,
    completedAt: iso(row.completedAt)!,
    href: localizedPath(`/quiz/${row.id}/results`, locale),
  };
}

/**
 * The learner dashboard (learner-spec §2, §3, §7), at the spec's /api/auth/me/stats and
 * /api/auth/me/recent-activity. Stats come from the learner's user_stats row and the
 * published-modules counter, in one round trip.
 */
export const dashboardRoutes = new Hono<AppEnv>()
  .get('/auth/me/stats', requireAuth, async (c) => {
    const db = c.var.db;
    const [[stats], [published]] = await db.batch([
      db.select().from(userStats).where(eq(userStats.userId, c.var.auth!.userId)).limit(1),
      db
        .select({ value: counters.value })
        .from(counters)
        .where(eq(counters.key, 'modules.published'))
        .limit(1),
    ]);
    const completed = stats?.attemptsCompleted ?? 0;
    const started = stats?.modulesStarted ?? 0;
    const summary: UserStatsSummary = {
      totalQuizAttempts: completed,
      averageScore: completed ? stats!.scoreSum / completed : 0,
      studyModulesCompleted: stats?.modulesCompleted ?? 0,
      totalStudyModules: published?.value || DEFAULT_TOTAL_STUDY_MODULES,
      totalStudyTime: Math.round((stats?.studySeconds ?? 0) / 60),
      bestScore: stats?.bestScore ?? 0,
      currentStreak: stats ? currentStreak(stats) : 0,
      lastActivity: iso(stats?.lastActivityAt),
      totalBookmarks: stats?.bookmarksCount ?? 0,
      totalNotes: stats?.notesCount ?? 0,
      averageReadingProgress: started ? stats!.progressSum / started : 0,
    };
    return ok(c, summary);
  })
  /**
   * The learner's latest completed quizzes and modules read, from their own attempts and progress
   * (never purged), newest first: one round trip, two indexed reads of at most five rows each.
   */
  .get('/auth/me/recent-activity', requireAuth, async (c) => {
    const db = c.var.db;
    const userId = c.var.auth!.userId;
    const [quizzes, study] = await db.batch([
      db
        .select()
        .from(quizAttempts)
        .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.status, 'completed')))
        .orderBy(desc(quizAttempts.createdAt))
        .limit(RECENT_ACTIVITY_LIMIT),
      db
        .select({
          moduleId: studyProgress.moduleId,
          title: moduleTitle(c.var.locale),
          slug: studyModules.slug,
          isCompleted: studyProgress.isCompleted,
          completedAt: studyProgress.completedAt,
          lastReadAt: studyProgress.lastReadAt,
        })
        .from(studyProgress)
        .innerJoin(studyModules, eq(studyModules.id, studyProgress.moduleId))
        .where(eq(studyProgress.userId, userId))
        .orderBy(desc(studyProgress.lastReadAt))
        .limit(RECENT_ACTIVITY_LIMIT),
    ]);
    const locale = c.var.locale;
    const items = [
      ...quizzes.map((row) => quizItem(row, locale)),
      ...study.map((row) => studyItem(row, locale)),
    ]
      .sort((a, b) => b.completedAt.localeCompare(a.completedAt))
      .slice(0, RECENT_ACTIVITY_LIMIT);
    return ok(c, items);
  });
