import { Hono } from 'hono';
import { count, eq } from 'drizzle-orm';
import type { StudyStats } from '@drone-exam/shared';
import { wholeMinutes } from '@drone-exam/shared/reading';
import type { AppEnv } from '../env.ts';
import { studyModules, userStats } from '../db/schema.ts';
import { ok } from '../lib/http.ts';
import { requireAuth } from '../middleware/auth.ts';

/** The learner's study figures, from the counters kept on write (one row) and the published count. */
export const statsRoutes = new Hono<AppEnv>().use(requireAuth).get('/', async (c) => {
  const db = c.var.db;
  const [[stats], [published]] = await db.batch([
    db.select().from(userStats).where(eq(userStats.userId, c.var.auth!.userId)),
    db.select({ total: count() }).from(studyModules).where(eq(studyModules.status, 'published')),
  ]);
  const started = stats?.modulesStarted ?? 0;
  const figures: StudyStats = {
    totalModules: published?.total ?? 0,
    modulesStarted: started,
    modulesCompleted: stats?.modulesCompleted ?? 0,
    averageProgress: started ? Math.round((stats?.progressSum ?? 0) / started) : 0,
    totalStudyTime: wholeMinutes(stats?.studySeconds ?? 0),
    totalBookmarks: stats?.bookmarksCount ?? 0,
    totalNotes: stats?.notesCount ?? 0,
  };
  return ok(c, figures);
});
