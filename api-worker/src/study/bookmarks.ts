import { Hono } from 'hono';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  BookmarkInputSchema,
  IdSchema,
  pagination,
  StudyMaterialsQuerySchema,
} from '@drone-exam/shared';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { bookmarks } from '../db/schema.ts';
import { notFound, ok, validate } from '../lib/http.ts';
import { newId } from '../lib/ids.ts';
import { updateUserStats } from '../lib/user-stats.ts';
import { requireAuth } from '../middleware/auth.ts';
import { moduleById, ownedBy, toBookmark, visibleModule } from './queries.ts';

export const BOOKMARK_NOT_FOUND = 'Bookmark not found';

const IdParamSchema = z.object({ id: IdSchema });

/** A learner's bookmarks: theirs alone (another learner's id answers 404), counted in user_stats. */
export const bookmarkRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', validate('query', StudyMaterialsQuerySchema), async (c) => {
    const { page, limit, moduleId } = c.req.valid('query');
    const db = c.var.db;
    const where = ownedBy(bookmarks, c.var.auth!.userId, moduleId);
    const [rows, [counted]] = await db.batch([
      db
        .select()
        .from(bookmarks)
        .where(where)
        .orderBy(desc(bookmarks.createdAt), desc(bookmarks.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ total: count() }).from(bookmarks).where(where),
    ]);
    return ok(c, {
      bookmarks: rows.map(toBookmark),
      pagination: pagination(page, limit, counted?.total ?? 0),
    });
  })
  .post('/', validate('json', BookmarkInputSchema), async (c) => {
    const input = c.req.valid('json');
    const db = c.var.db;
    const userId = c.var.auth!.userId;
    const [found] = await moduleById(db, input.moduleId);
    visibleModule(c.var.auth, found);
    const now = Date.now();
    const [[row]] = await db.batch([
      db
        .insert(bookmarks)
        .values({
          id: newId(),
          userId,
          moduleId: input.moduleId,
          title: input.title,
          sectionId: input.sectionId || null,
          position: input.position,
          note: input.note || null,
          createdAt: now,
        })
        .returning(),
      updateUserStats(db, userId, { bookmarksCount: 1 }, { now }),
    ]);
    return ok(c, { bookmark: toBookmark(row!) }, 201);
  })
  .delete('/:id', validate('param', IdParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    const userId = c.var.auth!.userId;
    const mine = and(eq(bookmarks.id, id), eq(bookmarks.userId, userId));
    const [row] = await db.select({ id: bookmarks.id }).from(bookmarks).where(mine);
    if (!row) throw notFound(BOOKMARK_NOT_FOUND);
    await db.batch([
      db.delete(bookmarks).where(mine),
      updateUserStats(db, userId, { bookmarksCount: -1 }, { activity: false }),
    ]);
    return ok(c, { id });
  });
