import { Hono } from 'hono';
import { masksWith } from '@drone-exam/shared/schemas/exam-values';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { pagination } from '@drone-exam/shared/api';
import {
  MODULE_BODY_REQUIRED,
  MODULE_READ_ONLY,
  ModuleFrenchSchema,
  ModuleImportSchema,
  ModuleInputSchema,
  ModuleListQuerySchema,
  PublishModuleSchema,
  type ModuleImportResult,
} from '@drone-exam/shared/schemas/content';
import { fieldErrors } from '@drone-exam/shared/validation';
import { contentChanged } from './public-cache.ts';
import type { AppEnv } from '../env.ts';
import { counters, studyModules, studyProgress } from '../db/schema.ts';
import type { CounterKey } from '../db/counters.ts';
import { requireAdmin } from '../middleware/auth.ts';
import {
  ApiError,
  conflict,
  keepsReadOnly,
  notFound,
  ok,
  validate,
  validateUpdate,
} from '../lib/http.ts';
import { newId } from '../lib/ids.ts';
import { ftsQuery } from '../lib/search.ts';
import { recordActivity } from '../lib/events.ts';
import { utcDay } from '../lib/time.ts';
import { isUniqueViolation } from './batch.ts';
import { runBatch, type Statement } from '../db/batch.ts';
import {
  STATUS_VERB,
  adminSummaryColumns,
  frenchColumnsFor,
  moduleActivity,
  moduleColumns,
  moduleColumnsFor,
  slugTaken,
  statusCounterMoves,
  syncTags,
  toExportedModule,
  toAdminSummary,
  toModule,
  moduleBodyRequired,
  publishedWithoutText,
  withBody,
  type ModuleWrite,
} from './module-store.ts';

const MODULE_NOT_FOUND = 'Study module not found';
const MODULE_HAS_LEARNERS =
  'Learners have already started this module, so deleting it would erase their progress, bookmarks and notes. Set it to draft to hide it instead.';

/** Turns a clash on the unique slug index into a clear 409. */
async function guardSlug<T>(slug: string, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error, 'study_modules.slug')) throw slugTaken(slug);
    throw error;
  }
}

async function loadModule(db: AppEnv['Variables']['db'], id: string) {
  const [row] = await db.select(moduleColumns).from(studyModules).where(eq(studyModules.id, id));
  if (!row) throw notFound(MODULE_NOT_FOUND);
  return row;
}

/**
 * Module writes at the learner-spec paths (POST /api/study, PUT and DELETE /api/study/:id); the
 * learner's reads on the same prefix live in the study feature. Each write renders the markdown
 * once, keeps study_module_tags and the module counters in step, and marks the row as edited so
 * the seed never overwrites it, all in one batch.
 */
export const moduleWriteRoutes = new Hono<AppEnv>()
  .post('/', requireAdmin, validate('json', ModuleInputSchema), async (c) => {
    const input = withBody(c.req.valid('json'), null);
    if (publishedWithoutText(input)) throw moduleBodyRequired();
    const db = c.var.db;
    const now = Date.now();
    const id = newId();
    const [inserted] = await guardSlug(
      input.slug,
      db.batch([
        db
          .insert(studyModules)
          .values({
            id,
            ...moduleColumnsFor(input, now),
            publishedAt: input.status === 'published' ? now : null,
            createdAt: now,
          })
          .returning(moduleColumns),
        ...syncTags(db, id, input.tags),
        ...statusCounterMoves(db, null, input.status),
        moduleActivity(db, c.var.auth!.userId, `Created module "${input.title}"`, id, now),
      ]),
    );
    await contentChanged(c.env);
    return ok(c, { module: toModule(inserted[0]!) }, 201);
  })
  .put('/:id', requireAdmin, validateUpdate(ModuleInputSchema, MODULE_READ_ONLY), async (c) => {
    const db = c.var.db;
    const id = c.req.param('id');
    const existing = await loadModule(db, id);
    const { changes, kept } = c.req.valid('json');
    keepsReadOnly(kept, toModule(existing), MODULE_READ_ONLY);
    const input = withBody(changes, existing.bodyMarkdown);
    if (publishedWithoutText(input)) throw moduleBodyRequired();
    const now = Date.now();
    // Read back after the update: a trigger dates the English change (for the French mark).
    const [, updated] = await guardSlug(
      input.slug,
      db.batch([
        db
          .update(studyModules)
          .set({
            ...moduleColumnsFor(input, now),
            publishedAt: existing.publishedAt ?? (input.status === 'published' ? now : null),
          })
          .where(eq(studyModules.id, id)),
        db.select(moduleColumns).from(studyModules).where(eq(studyModules.id, id)),
        ...syncTags(db, id, input.tags),
        ...statusCounterMoves(db, existing.status, input.status),
        ...(existing.status !== input.status
          ? [
              moduleActivity(
                db,
                c.var.auth!.userId,
                `${STATUS_VERB[input.status]} module "${input.title}"`,
                id,
                now,
              ),
            ]
          : []),
      ]),
    );
    await contentChanged(c.env);
    return ok(c, { module: toModule(updated[0]!) });
  })
  .delete('/:id', requireAdmin, async (c) => {
    const db = c.var.db;
    const id = c.req.param('id');
    const [found, started] = await db.batch([
      db
        .select({ title: studyModules.title, status: studyModules.status })
        .from(studyModules)
        .where(eq(studyModules.id, id)),
      db
        .select({ moduleId: studyProgress.moduleId })
        .from(studyProgress)
        .where(eq(studyProgress.moduleId, id))
        .limit(1),
    ]);
    const existing = found[0];
    if (!existing) throw notFound(MODULE_NOT_FOUND);
    if (started.length > 0) throw conflict(MODULE_HAS_LEARNERS, 'MODULE_IN_USE');
    const now = Date.now();
    await runBatch(db, [
      db.delete(studyModules).where(eq(studyModules.id, id)),
      ...statusCounterMoves(db, existing.status, null),
      moduleActivity(db, c.var.auth!.userId, `Deleted module "${existing.title}"`, id, now),
    ]);
    await contentChanged(c.env);
    return ok(c, { id });
  });

/**
 * POST /api/study-modules/:id/publish {publish}: published, or draft when unpublishing; without
 * `publish` it toggles (published becomes draft, anything else becomes published).
 */
export const modulePublishRoutes = new Hono<AppEnv>().post(
  '/:id/publish',
  requireAdmin,
  validate('json', PublishModuleSchema),
  async (c) => {
    const { publish } = c.req.valid('json');
    const db = c.var.db;
    const id = c.req.param('id');
    const existing = await loadModule(db, id);
    const next =
      (publish ?? existing.status !== 'published') ? ('published' as const) : ('draft' as const);
    if (next === existing.status) return ok(c, { module: toModule(existing) });
    if (publishedWithoutText({ status: next, bodyMarkdown: existing.bodyMarkdown }))
      throw moduleBodyRequired();
    const now = Date.now();
    const [updated] = await db.batch([
      db
        .update(studyModules)
        .set({
          status: next,
          publishedAt: existing.publishedAt ?? (next === 'published' ? now : null),
          editedAt: now,
          updatedAt: now,
        })
        .where(eq(studyModules.id, id))
        .returning(moduleColumns),
      ...statusCounterMoves(db, existing.status, next),
      moduleActivity(
        db,
        c.var.auth!.userId,
        `${STATUS_VERB[next]} module "${existing.title}"`,
        id,
        now,
      ),
    ]);
    await contentChanged(c.env);
    return ok(c, { module: toModule(updated[0]!) });
  },
);

/** The admin's module list, one module with its markdown, and export/import as JSON. */
export const adminModuleRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ModuleListQuerySchema), async (c) => {
    const { page, limit, search, status, exam, sortOrder } = c.req.valid('query');
    const db = c.var.db;
    const match = search ? ftsQuery(search) : null;
    const conditions: SQL[] = [];
    if (status) conditions.push(eq(studyModules.status, status));
    if (exam) conditions.push(inArray(studyModules.examsMask, masksWith(exam)));
    if (match) {
      conditions.push(
        sql`${studyModules}.rowid IN (SELECT rowid FROM study_modules_fts WHERE study_modules_fts MATCH ${match})`,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const counterKey: CounterKey = status ? `modules.${status}` : 'modules.total';
    // Without a search the total is a counter kept on write; with one, the matches are counted.
    const [rows, total] = await db.batch([
      db
        .select(adminSummaryColumns)
        .from(studyModules)
        .where(where)
        .orderBy(sortOrder === 'asc' ? asc(studyModules.updatedAt) : desc(studyModules.updatedAt))
        .limit(limit)
        .offset((page - 1) * limit),
      // The counters are kept by status only: a search or an exam counts its matches.
      match || exam
        ? db.select({ value: count() }).from(studyModules).where(where)
        : db.select({ value: counters.value }).from(counters).where(eq(counters.key, counterKey)),
    ]);
    return ok(c, {
      modules: rows.map(toAdminSummary),
      pagination: pagination(page, limit, total[0]?.value ?? 0),
    });
  })
  .get('/export', async (c) => {
    const db = c.var.db;
    const rows = await db
      .select(moduleColumns)
      .from(studyModules)
      .orderBy(desc(studyModules.updatedAt));
    const modules = rows
      .map(toModule)
      .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug))
      .map(toExportedModule);
    return c.body(`${JSON.stringify(modules, null, 2)}\n`, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="study-modules-${utcDay(Date.now())}.json"`,
    });
  })
  .post('/import', validate('json', ModuleImportSchema), async (c) => {
    const { modules: rows } = c.req.valid('json');
    const db = c.var.db;
    const modules = checkModuleRows(rows);
    const existing = await db
      .select({
        id: studyModules.id,
        slug: studyModules.slug,
        status: studyModules.status,
        bodyMarkdown: studyModules.bodyMarkdown,
      })
      .from(studyModules)
      .where(
        inArray(
          studyModules.slug,
          modules.map((m) => m.slug),
        ),
      );
    const bySlug = new Map(existing.map((row) => [row.slug, row]));
    const now = Date.now();
    const statements: Statement[] = [];
    const result: ModuleImportResult = { created: 0, updated: 0 };
    const settled = modules.map((module) =>
      withBody(module, bySlug.get(module.slug)?.bodyMarkdown ?? null),
    );
    const withoutText = Object.fromEntries(
      settled.flatMap((module, index) =>
        publishedWithoutText(module) ? [[index + 1, `bodyMarkdown: ${MODULE_BODY_REQUIRED}`]] : [],
      ),
    );
    if (Object.keys(withoutText).length > 0) throw importInvalid(withoutText, modules.length);
    for (const input of settled) {
      const current = bySlug.get(input.slug);
      const id = current?.id ?? newId();
      const columns = moduleColumnsFor(input, now);
      const publishedAt = input.status === 'published' ? now : null;
      if (current) {
        result.updated += 1;
        statements.push(
          db
            .update(studyModules)
            .set({
              ...columns,
              publishedAt: sql`coalesce(${studyModules.publishedAt}, ${publishedAt})`,
            })
            .where(eq(studyModules.id, id)),
        );
      } else {
        result.created += 1;
        statements.push(
          db.insert(studyModules).values({ id, ...columns, publishedAt, createdAt: now }),
        );
      }
      statements.push(
        ...syncTags(db, id, input.tags),
        ...statusCounterMoves(db, current?.status ?? null, input.status),
      );
    }
    statements.push(
      recordActivity(
        db,
        {
          userId: c.var.auth!.userId,
          type: 'admin_action',
          title: `Imported study modules: ${result.created} created, ${result.updated} updated`,
          metadata: result,
        },
        now,
      ),
    );
    await runBatch(db, statements);
    await contentChanged(c.env);
    return ok(c, result);
  })
  .get('/:id', async (c) => {
    const row = await loadModule(c.var.db, c.req.param('id'));
    return ok(c, { module: toModule(row) });
  })
  /**
   * The module's French (issue 19), rendered once on save like the English; it marks the row as
   * edited, so the seed never overwrites it.
   */
  .put('/:id/french', validate('json', ModuleFrenchSchema), async (c) => {
    const db = c.var.db;
    const id = c.req.param('id');
    await loadModule(db, id);
    const now = Date.now();
    const [, updated] = await db.batch([
      db
        .update(studyModules)
        .set(frenchColumnsFor(c.req.valid('json'), now))
        .where(eq(studyModules.id, id)),
      db.select(moduleColumns).from(studyModules).where(eq(studyModules.id, id)),
      moduleActivity(db, c.var.auth!.userId, 'Edited the French of a module', id, now),
    ]);
    await contentChanged(c.env);
    return ok(c, { module: toModule(updated[0]!) });
  });

/** Every module of an import file, checked with the form's schema; any error rejects the file. */
function checkModuleRows(rows: readonly unknown[]): ModuleWrite[] {
  const modules: ModuleWrite[] = [];
  const errors: Record<string, string> = {};
  const firstRowBySlug = new Map<string, number>();
  rows.forEach((raw, index) => {
    const row = index + 1;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      errors[row] = 'Each entry must be a module object';
      return;
    }
    const result = ModuleInputSchema.safeParse(raw);
    if (!result.success) {
      errors[row] = Object.entries(fieldErrors(result.error))
        .map(([field, message]) => (field === '_' ? message : `${field}: ${message}`))
        .join('; ');
      return;
    }
    const earlier = firstRowBySlug.get(result.data.slug);
    if (earlier !== undefined) {
      errors[row] = `Same slug as module ${earlier}`;
      return;
    }
    firstRowBySlug.set(result.data.slug, row);
    modules.push(result.data);
  });
  if (Object.keys(errors).length > 0) throw importInvalid(errors, rows.length);
  return modules;
}

/** Any row's error rejects the whole file, each error by its row number. */
function importInvalid(errors: Record<string, string>, rows: number) {
  const failed = Object.keys(errors).length;
  return new ApiError(
    400,
    `${failed} of ${rows} modules have errors, so nothing was imported`,
    'IMPORT_INVALID',
    errors,
  );
}
