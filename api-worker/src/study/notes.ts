import { and, eq } from 'drizzle-orm';
import { NoteInputSchema, NoteUpdateSchema } from '@drone-exam/shared';
import { notes } from '../db/schema.ts';
import { notFound, ok, validate } from '../lib/http.ts';
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
}).put('/:id', validate('param', IdParamSchema), validate('json', NoteUpdateSchema), async (c) => {
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
});
