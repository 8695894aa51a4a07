import { Hono } from 'hono';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { DEFAULT_TOTAL_STUDY_MODULES, RECENT_ACTIVITY_LIMIT } from '@drone-exam/shared/constants';
import type { RecentActivityItem, UserStatsSummary } from '@drone-exam/shared/schemas/quiz';
import type { AppEnv } from '../env.ts';
import { activities, counters, userStats } from '../db/schema.ts';
import { ok } from '../lib/http.ts';
import { iso } from '../lib/time.ts';
import { currentStreak } from '../lib/user-stats.ts';
import { requireAuth } from '../middleware/auth.ts';

/** The activity types a learner's dashboard lists (quiz and study). */
const LEARNER_ACTIVITY_TYPES = [
  'quiz_completed',
  'study_module_viewed',
  'study_module_completed',
] as const;

type Metadata = { attemptId?: unknown; slug?: unknown };

function activityHref(type: string, metadataJson: string | null): string | null {
  const metadata = (metadataJson ? JSON.parse(metadataJson) : {}) as Metadata;
  if (type === 'quiz_completed' && typeof metadata.attemptId === 'string')
    return `/quiz/${metadata.attemptId}/results`;
  if (type !== 'quiz_completed' && typeof metadata.slug === 'string')
    return `/study/${metadata.slug}`;
  return null;
}

/**
 * The learner dashboard (learner-spec §2, §3, §7): mounted at /api/auth/me. Stats come from the
 * learner's user_stats row and the published-modules counter, in one round trip.
 */
export const dashboardRoutes = new Hono<AppEnv>()
  .get('/stats', requireAuth, async (c) => {
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
  .get('/recent-activity', requireAuth, async (c) => {
    const rows = await c.var.db
      .select()
      .from(activities)
      .where(
        and(
          eq(activities.userId, c.var.auth!.userId),
          inArray(activities.type, [...LEARNER_ACTIVITY_TYPES]),
        ),
      )
      .orderBy(desc(activities.createdAt))
      .limit(RECENT_ACTIVITY_LIMIT);
    const items: RecentActivityItem[] = rows.map((row) => ({
      id: row.id,
      type: row.type === 'quiz_completed' ? 'quiz' : 'study',
      title: row.title,
      description: row.description,
      score: row.score,
      completedAt: iso(row.createdAt)!,
      href: activityHref(row.type, row.metadataJson),
    }));
    return ok(c, items);
  });
