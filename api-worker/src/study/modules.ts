import { Hono } from 'hono';
import { asc, count, eq } from 'drizzle-orm';
import { pagination, StudyListQuerySchema } from '@drone-exam/shared';
import type { AppEnv } from '../env.ts';
import type { Db } from '../db/client.ts';
import { studyModules, studyProgress } from '../db/schema.ts';
import { ok, validate } from '../lib/http.ts';
import { ftsQuery } from '../lib/search.ts';
import {
  countMatchingModules,
  matchingModules,
  MODULE_SEARCH_MAX_TERMS,
  summaryColumns,
  toModule,
  toSummary,
  visibleModule,
} from './queries.ts';

const published = eq(studyModules.status, 'published');

/** The learner's percent per module, keyed by module id (one indexed read of their own rows). */
const progressOf = (db: Db, userId: string) =>
  db
    .select({ moduleId: studyProgress.moduleId, progress: studyProgress.progress })
    .from(studyProgress)
    .where(eq(studyProgress.userId, userId));

/**
 * Reading modules (learner-spec §7 Study): the published list, and one module by slug or id. The
 * admin writes (POST /, PUT and DELETE /:id) live with the content editor on the same prefix.
 */
export const studyModuleRoutes = new Hono<AppEnv>()
  .get('/', validate('query', StudyListQuerySchema), async (c) => {
    const { page, limit, search } = c.req.valid('query');
    const db = c.var.db;
    const userId = c.var.auth?.userId;
    const offset = (page - 1) * limit;
    const match = search ? ftsQuery(search, MODULE_SEARCH_MAX_TERMS) : null;
    if (search && !match) return ok(c, { modules: [], pagination: pagination(page, limit, 0) });

    const rows = match
      ? matchingModules(db, { match }, { limit, offset })
      : db
          .select(summaryColumns)
          .from(studyModules)
          .where(published)
          .orderBy(asc(studyModules.sortOrder), asc(studyModules.id))
          .limit(limit)
          .offset(offset);
    const total = match
      ? countMatchingModules(db, { match })
      : db.select({ total: count() }).from(studyModules).where(published);
    const [modules, [counted], progress] = userId
      ? await db.batch([rows, total, progressOf(db, userId)])
      : [...(await db.batch([rows, total])), []];

    const percent = new Map(progress.map((row) => [row.moduleId, row.progress]));
    return ok(c, {
      modules: modules.map((row) => toSummary(row, userId ? (percent.get(row.id) ?? 0) : null)),
      pagination: pagination(page, limit, counted?.total ?? 0),
    });
  })
  .get('/slug/:slug', async (c) => {
    const [row] = await c.var.db
      .select()
      .from(studyModules)
      .where(eq(studyModules.slug, c.req.param('slug').toLowerCase()));
    return ok(c, { module: toModule(visibleModule(c.var.auth, row), c.var.auth) });
  })
  .get('/:id', async (c) => {
    const [row] = await c.var.db
      .select()
      .from(studyModules)
      .where(eq(studyModules.id, c.req.param('id')));
    return ok(c, { module: toModule(visibleModule(c.var.auth, row), c.var.auth) });
  });
