import { Hono } from 'hono';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { masksWith } from '@drone-exam/shared/schemas/exam-values';
import {
  pagination,
  SLUG_MAX,
  SLUG_PATTERN,
  StudyListQuerySchema,
  type Pagination,
  type StudyModuleSummary,
} from '@drone-exam/shared';
import { cachedJson, okJson } from '../content/public-cache.ts';
import type { AppEnv } from '../env.ts';
import type { Db } from '../db/client.ts';
import { studyModules, studyProgress } from '../db/schema.ts';
import { notFound, ok, validate } from '../lib/http.ts';
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
import { MODULE_NOT_FOUND } from '@drone-exam/shared/schemas/study-values';

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
    const { page, limit, search, exam } = c.req.valid('query');
    const db = c.var.db;
    const locale = c.var.locale;
    const userId = c.var.auth?.userId;
    const offset = (page - 1) * limit;
    const match = search ? ftsQuery(search, MODULE_SEARCH_MAX_TERMS) : null;
    if (search && !match) return ok(c, { modules: [], pagination: pagination(page, limit, 0) });

    if (!match) {
      // The published list is the same for everyone: cached, with the learner's own percent added.
      const listed = exam
        ? and(published, inArray(studyModules.examsMask, masksWith(exam)))
        : published;
      const key = `study:list:${locale}:${exam ?? 'all'}:${page}:${limit}`;
      const listJson = await cachedJson(c, key, async () => {
        const [rows, [counted]] = await db.batch([
          db
            .select(summaryColumns)
            .from(studyModules)
            .where(listed)
            .orderBy(asc(studyModules.sortOrder), asc(studyModules.id))
            .limit(limit)
            .offset(offset),
          db.select({ total: count() }).from(studyModules).where(listed),
        ]);
        return {
          modules: rows.map((row) => toSummary(row, null, locale)),
          pagination: pagination(page, limit, counted?.total ?? 0),
        };
      });
      if (!userId) return okJson(c, listJson);
      const list = JSON.parse(listJson) as {
        modules: StudyModuleSummary[];
        pagination: Pagination;
      };
      const percent = new Map(
        (await progressOf(db, userId)).map((row) => [row.moduleId, row.progress]),
      );
      return ok(c, {
        ...list,
        modules: list.modules.map((module) => ({
          ...module,
          progress: percent.get(module.id) ?? 0,
        })),
      });
    }

    const [modules, [counted], progress] = userId
      ? await db.batch([
          matchingModules(db, { match, locale }, { limit, offset }),
          countMatchingModules(db, { match, locale }),
          progressOf(db, userId),
        ])
      : [
          ...(await db.batch([
            matchingModules(db, { match, locale }, { limit, offset }),
            countMatchingModules(db, { match, locale }),
          ])),
          [],
        ];
    const percent = new Map(progress.map((row) => [row.moduleId, row.progress]));
    return ok(c, {
      modules: modules.map((row) =>
        toSummary(row, userId ? (percent.get(row.id) ?? 0) : null, locale),
      ),
      pagination: pagination(page, limit, counted?.total ?? 0),
    });
  })
  .get('/slug/:slug', async (c) => {
    const slug = c.req.param('slug').toLowerCase();
    // A value no module could have is answered before it reaches the cache key or the query.
    if (slug.length > SLUG_MAX || !SLUG_PATTERN.test(slug)) throw notFound(MODULE_NOT_FOUND);
    const locale = c.var.locale;
    const bySlug = () => c.var.db.select().from(studyModules).where(eq(studyModules.slug, slug));
    // Admins also read drafts and the markdown: their answer is never the cached one.
    if (c.var.auth?.role === 'admin') {
      const [row] = await bySlug();
      return ok(c, { module: toModule(visibleModule(c.var.auth, row), c.var.auth, locale) });
    }
    // One cached copy per language: the key carries it.
    const moduleJson = await cachedJson(c, `study:slug:${locale}:${slug}`, async () => {
      const [row] = await bySlug();
      return { module: toModule(visibleModule(null, row), null, locale) };
    });
    return okJson(c, moduleJson);
  })
  .get('/:id', async (c) => {
    const [row] = await c.var.db
      .select()
      .from(studyModules)
      .where(eq(studyModules.id, c.req.param('id')));
    return ok(c, { module: toModule(visibleModule(c.var.auth, row), c.var.auth, c.var.locale) });
  });
