import { Hono } from 'hono';
import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { IdSchema, pagination, PageQuerySchema, ProgressUpdateSchema } from '@drone-exam/shared';
import { completedAfterSave, creditedSeconds, mergeSections } from '@drone-exam/shared/reading';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { studyModules, studyProgress } from '../db/schema.ts';
import { ok, validate } from '../lib/http.ts';
import { bumpCounter, recordActivity, trackEvent } from '../lib/events.ts';
import { updateUserStats } from '../lib/user-stats.ts';
import { requireAuth } from '../middleware/auth.ts';
import { moduleById, progressRow, toProgress, visibleModule } from './queries.ts';

const ModuleParamSchema = z.object({ moduleId: IdSchema });

/**
 * Reading progress per learner and module (learner-spec §4): progress never goes down, time counts
 * only what the clock allows, and a module is completed at 100 % or by the explicit toggle. Every
 * save keeps the learner's counters, the global counters and the activity feed in the same batch.
 */
export const progressRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', validate('query', PageQuerySchema), async (c) => {
    const { page, limit } = c.req.valid('query');
    const db = c.var.db;
    const userId = c.var.auth!.userId;
    const mine = and(eq(studyProgress.userId, userId), eq(studyModules.status, 'published'));
    const [rows, [counted]] = await db.batch([
      db
        .select({
          ...getTableColumns(studyProgress),
          slug: studyModules.slug,
          title: studyModules.title,
        })
        .from(studyProgress)
        .innerJoin(studyModules, eq(studyModules.id, studyProgress.moduleId))
        .where(mine)
        .orderBy(desc(studyProgress.lastReadAt))
        .limit(limit)
        .offset((page - 1) * limit),
      db
        .select({ total: count() })
        .from(studyProgress)
        .innerJoin(studyModules, eq(studyModules.id, studyProgress.moduleId))
        .where(mine),
    ]);
    return ok(c, {
      progress: rows.map((row) => ({
        ...toProgress(row, row.moduleId),
        module: { slug: row.slug, title: row.title },
      })),
      pagination: pagination(page, limit, counted?.total ?? 0),
    });
  })
  .get('/:moduleId', validate('param', ModuleParamSchema), async (c) => {
    const { moduleId } = c.req.valid('param');
    const db = c.var.db;
    const [[module], [row]] = await db.batch([
      moduleById(db, moduleId),
      progressRow(db, c.var.auth!.userId, moduleId),
    ]);
    visibleModule(c.var.auth, module);
    return ok(c, { progress: toProgress(row, moduleId) });
  })
  .put(
    '/:moduleId',
    validate('param', ModuleParamSchema),
    validate('json', ProgressUpdateSchema),
    async (c) => {
      const { moduleId } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.var.db;
      const userId = c.var.auth!.userId;
      const now = Date.now();
      const [[found], [previous]] = await db.batch([
        moduleById(db, moduleId),
        progressRow(db, userId, moduleId),
      ]);
      const module = visibleModule(c.var.auth, found);

      const progress = Math.max(previous?.progress ?? 0, input.progress);
      const seconds = creditedSeconds(input.timeSpent, previous?.lastReadAt ?? null, now);
      const isCompleted = completedAfterSave(previous ?? null, progress, input.isCompleted);
      const wasCompleted = previous?.isCompleted ?? false;
      const firstOpen = !previous;
      const completes = isCompleted && !wasCompleted;
      const reopens = !isCompleted && wasCompleted;
      const completedAt = isCompleted ? (previous?.completedAt ?? now) : null;
      const sectionsReadJson = JSON.stringify(
        mergeSections(toProgress(previous, moduleId).sectionsRead, input.sectionsRead),
      );

      const save = db
        .insert(studyProgress)
        .values({
          userId,
          moduleId,
          progress,
          position: input.position ?? 0,
          timeSpentSeconds: seconds,
          sectionsReadJson,
          isCompleted,
          completedAt,
          lastReadAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [studyProgress.userId, studyProgress.moduleId],
          set: {
            // Never lowered, even when two saves race.
            progress: sql`max(${studyProgress.progress}, excluded.progress)`,
            ...(input.position === undefined ? {} : { position: input.position }),
            timeSpentSeconds: sql`${studyProgress.timeSpentSeconds} + excluded.time_spent_seconds`,
            // The page sends every label it has seen, so a save that races another heals on the next.
            sectionsReadJson,
            isCompleted,
            completedAt,
            lastReadAt: now,
            updatedAt: now,
          },
        });

      const about = { moduleId, title: module.title };
      const results = await db.batch([
        save,
        updateUserStats(
          db,
          userId,
          {
            modulesStarted: firstOpen ? 1 : 0,
            modulesCompleted: completes ? 1 : reopens ? -1 : 0,
            progressSum: progress - (previous?.progress ?? 0),
            studySeconds: seconds,
          },
          { now },
        ),
        ...(firstOpen
          ? [
              bumpCounter(db, 'study.started'),
              recordActivity(
                db,
                {
                  userId,
                  type: 'study_module_viewed',
                  title: module.title,
                  description: `Started reading ${module.title}`,
                  metadata: about,
                },
                now,
              ),
              ...trackEvent(db, 'view_item', userId, about, now),
            ]
          : []),
        ...(completes
          ? [
              bumpCounter(db, 'study.completed'),
              recordActivity(
                db,
                {
                  userId,
                  type: 'study_module_completed',
                  title: module.title,
                  description: `Completed ${module.title}`,
                  metadata: about,
                },
                now,
              ),
            ]
          : []),
        ...(reopens ? [bumpCounter(db, 'study.completed', -1)] : []),
        progressRow(db, userId, moduleId),
      ]);
      const [saved] = results[results.length - 1] as (typeof studyProgress.$inferSelect)[];
      return ok(c, { progress: toProgress(saved, moduleId) });
    },
  );
