import { and, eq } from 'drizzle-orm';
import { NOTE_READ_ONLY, NoteInputSchema, NoteUpdateSchema } from '@drone-exam/shared';
import { notes } from '../db/schema.ts';
import { keepsReadOnly, notFound, ok, validate, validateUpdate } from '../lib/http.ts';
import { IdParamSchema, ownedStudyRoutes } from './owned.ts';
import { toNote } from './queries.ts';

export const NOTE_NOT_FOUND = 'Note not found';

/** A learner's notes on selected text: theirs alone (another learner's id answers 404). */
export const noteRoutes = ownedStudyRoutes({
  table: notes,
  names: { list: 'notes', item: 'note' },
  notFoundMessage: NOTE_NOT_FOUND,
  counter: 'notesCount',
  input: NoteInputSchema,
  values: (input, now) => ({
    sectionId: input.sectionId || null,
    selectedText: input.selectedText || null,
    note: input.note,
    position: input.position,
    color: input.color,
    updatedAt: now,
  }),
  toItem: toNote,
}).put(
  '/:id',
  validate('param', IdParamSchema),
  validateUpdate(NoteUpdateSchema, NOTE_READ_ONLY),
  async (c) => {
    const { id } = c.req.valid('param');
    const { changes, kept } = c.req.valid('json');
    const db = c.var.db;
    const mine = and(eq(notes.id, id), eq(notes.userId, c.var.auth!.userId));
    // A note sent back as read is held to the stored one first; a bare change needs no read.
    if (Object.keys(kept).length > 0) {
      const [stored] = await db.select().from(notes).where(mine);
      if (!stored) throw notFound(NOTE_NOT_FOUND);
      keepsReadOnly(kept, toNote(stored), NOTE_READ_ONLY);
    }
    const [row] = await db
      .update(notes)
      .set({
        note: changes.note,
        ...(changes.color ? { color: changes.color } : {}),
        updatedAt: Date.now(),
      })
      .where(mine)
      .returning();
    if (!row) throw notFound(NOTE_NOT_FOUND);
    return ok(c, { note: toNote(row) });
  },
);
