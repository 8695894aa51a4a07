import { Hono } from 'hono';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  IdSchema,
  NoteInputSchema,
  NoteUpdateSchema,
  pagination,
  StudyMaterialsQuerySchema,
} from '@drone-exam/shared';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { notes } from '../db/schema.ts';
import { notFound, ok, validate } from '../lib/http.ts';
import { newId } from '../lib/ids.ts';
import { updateUserStats } from '../lib/user-stats.ts';
import { requireAuth } from '../middleware/auth.ts';
import { moduleById, ownedBy, toNote, visibleModule } from './queries.ts';

export const NOTE_NOT_FOUND = 'Note not found';

const IdParamSchema = z.object({ id: IdSchema });

/** A learner's notes on selected text: theirs alone (another learner's id answers 404). */
export const noteRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', validate('query', StudyMaterialsQuerySchema), async (c) => {
    const { page, limit, moduleId } = c.req.valid('query');
    const db = c.var.db;
    const where = ownedBy(notes, c.var.auth!.userId, moduleId);
    const [rows, [counted]] = await db.batch([
      db
        .select()
        .from(notes)
        .where(where)
        .orderBy(desc(notes.createdAt), desc(notes.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ total: count() }).from(notes).where(where),
    ]);
    return ok(c, {
      notes: rows.map(toNote),
      pagination: pagination(page, limit, counted?.total ?? 0),
    });
  })
  .post('/', validate('json', NoteInputSchema), async (c) => {
    const input = c.req.valid('json');
    const db = c.var.db;
    const userId = c.var.auth!.userId;
    const [found] = await moduleById(db, input.moduleId);
    visibleModule(c.var.auth, found);
    const now = Date.now();
    const [[row]] = await db.batch([
      db
        .insert(notes)
        .values({
          id: newId(),
          userId,
          moduleId: input.moduleId,
          sectionId: input.sectionId || null,
          selectedText: input.selectedText || null,
          note: input.note,
          position: input.position,
          color: input.color,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
      updateUserStats(db, userId, { notesCount: 1 }, { now }),
    ]);
    return ok(c, { note: toNote(row!) }, 201);
  })
  .put('/:id', validate('param', IdParamSchema), validate('json', NoteUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const mine = and(eq(notes.id, id), eq(notes.userId, c.var.auth!.userId));
    const [row] = await c.var.db
      .update(notes)
      .set({
        note: input.note,
        ...(input.color ? { color: input.color } : {}),
        updatedAt: Date.now(),
      })
      .where(mine)
      .returning();
    if (!row) throw notFound(NOTE_NOT_FOUND);
    return ok(c, { note: toNote(row) });
  })
  .delete('/:id', validate('param', IdParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    const userId = c.var.auth!.userId;
    const mine = and(eq(notes.id, id), eq(notes.userId, userId));
    const [row] = await db.select({ id: notes.id }).from(notes).where(mine);
    if (!row) throw notFound(NOTE_NOT_FOUND);
    await db.batch([
      db.delete(notes).where(mine),
      updateUserStats(db, userId, { notesCount: -1 }, { activity: false }),
    ]);
    return ok(c, { id });
  });
