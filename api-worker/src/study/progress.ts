import { Hono } from 'hono';
import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import {
  IdSchema,
  pagination,
  PageQuerySchema,
  PROGRESS_READ_ONLY,
  ProgressUpdateSchema,
} from '@drone-exam/shared';
import { completedAfterSave, creditedSeconds, mergeSections } from '@drone-exam/shared/reading';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { studyModules, studyProgress } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { namedBatch } from '../db/batch.ts';
import { abortUnless, isGuardFailure } from '../db/guards.ts';
import { conflict, keepsReadOnly, ok, validate, validateUpdate } from '../lib/http.ts';
import type { AuthContext } from '../auth/context.ts';
import { bumpCounter, recordActivity, trackEvent } from '../lib/events.ts';
import { updateUserStats } from '../lib/user-stats.ts';
import { requireAuth } from '../middleware/auth.ts';
import { moduleById, moduleTitle, progressRow, toProgress, visibleModule } from './queries.ts';

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
          title: moduleTitle(c.var.locale),
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
    validateUpdate(ProgressUpdateSchema, PROGRESS_READ_ONLY),
    async (c) => {
      const { moduleId } = c.req.valid('param');
      const { changes, kept } = c.req.valid('json');
      for (let tries = 0; tries < SAVE_TRIES; tries++) {
        const saved = await saveProgress(c.var.db, c.var.auth!, moduleId, changes, kept);
        if (saved) return ok(c, { progress: toProgress(saved, moduleId) });
      }
      throw conflict(PROGRESS_SAVED_MEANWHILE, 'CHANGED_MEANWHILE');
    },
  );

/** Another save (a second tab) landing between read and write makes this one read again. */
const SAVE_TRIES = 3;
export const PROGRESS_SAVED_MEANWHILE =
  'Your progress was being saved from another tab. Please try again.';

/**
 * One read, then one batch that writes the row with its bookkeeping. The row is written only if
 * its revision is still the one read, and the batch is undone whole otherwise (null), so a first
 * open or a completion is counted once however many tabs save at the same moment.
 */
async function saveProgress(
  db: Db,
  auth: AuthContext,
  moduleId: string,
  input: z.output<typeof ProgressUpdateSchema>,
  kept: Record<string, unknown>,
) {
  const userId = auth.userId;
  const now = Date.now();
  const [[found], [previous]] = await db.batch([
    moduleById(db, moduleId),
    progressRow(db, userId, moduleId),
  ]);
  const module = visibleModule(auth, found);
  // Progress sent back as GET returned it: its module and the server's dates must be as stored.
  keepsReadOnly(kept, toProgress(previous, moduleId), PROGRESS_READ_ONLY);

  const progress = Math.max(previous?.progress ?? 0, input.progress);
  const seconds = creditedSeconds(input.timeSpent, previous?.lastReadAt ?? null, now);
  const isCompleted = completedAfterSave(previous ?? null, progress, input.isCompleted);
  const wasCompleted = previous?.isCompleted ?? false;
  const firstOpen = !previous;
  const completes = isCompleted && !wasCompleted;
  const reopens = !isCompleted && wasCompleted;
  const row = {
    progress,
    position: input.position ?? previous?.position ?? 0,
    timeSpentSeconds: (previous?.timeSpentSeconds ?? 0) + seconds,
    sectionsReadJson: JSON.stringify(
      mergeSections(toProgress(previous, moduleId).sectionsRead, input.sectionsRead),
    ),
    isCompleted,
    completedAt: isCompleted ? (previous?.completedAt ?? now) : null,
    lastReadAt: now,
    revision: (previous?.revision ?? 0) + 1,
    updatedAt: now,
  };
  const save = db
    .insert(studyProgress)
    .values({ userId, moduleId, ...row, createdAt: now })
    .onConflictDoUpdate({
      target: [studyProgress.userId, studyProgress.moduleId],
      set: row,
      setWhere: previous ? eq(studyProgress.revision, previous.revision) : sql`false`,
    });

  const about = { moduleId, title: module.title };
  try {
    const { saved } = await namedBatch(db, {
      writes: [
        save,
        abortUnless(db, sql`changes() = 1`),
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
      ],
      saved: progressRow(db, userId, moduleId),
    });
    return saved[0];
  } catch (error) {
    if (isGuardFailure(error)) return null;
    throw error;
  }
}
