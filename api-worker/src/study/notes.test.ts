import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Note, Pagination } from '@drone-exam/shared';
import { NOTE_TEXT_REQUIRED } from '@drone-exam/shared';
import { call, callOk, signedInUser, testDb } from '../../test/helpers.ts';
import { notes, userStats } from '../db/schema.ts';
import { createModule } from './test-modules.ts';
import { IDEMPOTENCY_KEY_REUSED, IDEMPOTENT_REPLAY_HEADER } from './owned.ts';
import { IDEMPOTENCY_KEY_INVALID } from '@drone-exam/shared/schemas/common-values';

type NoteList = { notes: Note[]; pagination: Pagination };

const add = (token: string, body: Record<string, unknown>) =>
  callOk<{ note: Note }>('/api/study-materials/notes', { token, body }).then((data) => data.note);

const countOf = async (userId: string) =>
  (await testDb().select().from(userStats).where(eq(userStats.userId, userId)))[0]!.notesCount;

describe('notes', () => {
  it('adds a note on selected text, yellow unless a colour is chosen, listed by module', async () => {
    const airspace = await createModule({ slug: 'airspace' });
    const weather = await createModule({ slug: 'weather' });
    const learner = await signedInUser();

    const note = await add(learner.token, {
      moduleId: airspace.id,
      sectionId: 'class-g',
      selectedText: 'Class G is uncontrolled',
      note: 'Basic pilots may fly here',
      position: 640,
    });
    expect(note).toMatchObject({
      moduleId: airspace.id,
      sectionId: 'class-g',
      selectedText: 'Class G is uncontrolled',
      note: 'Basic pilots may fly here',
      position: 640,
      color: 'yellow',
    });
    const green = await add(learner.token, { moduleId: weather.id, note: 'Icing', color: 'green' });
    expect(green.color).toBe('green');

    const list = await callOk<NoteList>(`/api/study-materials/notes?moduleId=${airspace.id}`, {
      token: learner.token,
    });
    expect(list.notes.map((n) => n.id)).toEqual([note.id]);
    expect(list.pagination.totalItems).toBe(1);
    expect(await countOf(learner.id)).toBe(2);
  });

  it('refuses a note without text or with an unknown colour', async () => {
    const module = await createModule({ slug: 'airspace' });
    const learner = await signedInUser();
    const empty = await call('/api/study-materials/notes', {
      token: learner.token,
      body: { moduleId: module.id, note: '  ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({
      error: NOTE_TEXT_REQUIRED,
      fields: { note: NOTE_TEXT_REQUIRED },
    });
    const colour = await call('/api/study-materials/notes', {
      token: learner.token,
      body: { moduleId: module.id, note: 'Hi', color: 'mauve' },
    });
    expect(colour.status).toBe(400);
    expect(colour.json.success === false && colour.json.fields?.color).toMatch(
      /Colour must be one of/,
    );
    const missingModule = await call('/api/study-materials/notes', {
      token: learner.token,
      body: { moduleId: 'nope', note: 'Hi' },
    });
    expect(missingModule.status).toBe(404);
    expect(await testDb().select().from(notes)).toEqual([]);
  });

  it('edits and deletes only the learner’s own notes; another learner’s id answers 404', async () => {
    const module = await createModule({ slug: 'airspace' });
    const owner = await signedInUser();
    const stranger = await signedInUser();
    const note = await add(owner.token, { moduleId: module.id, note: 'First thought' });

    const edited = await callOk<{ note: Note }>(`/api/study-materials/notes/${note.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { note: 'Second thought', color: 'blue' },
    });
    expect(edited.note).toMatchObject({ id: note.id, note: 'Second thought', color: 'blue' });
    const textOnly = await callOk<{ note: Note }>(`/api/study-materials/notes/${note.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { note: 'Third thought' },
    });
    expect(textOnly.note).toMatchObject({ note: 'Third thought', color: 'blue' });
    const blank = await call(`/api/study-materials/notes/${note.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { note: '' },
    });
    expect(blank.status).toBe(400);

    for (const method of ['PUT', 'DELETE']) {
      const { status, json } = await call(`/api/study-materials/notes/${note.id}`, {
        method,
        token: stranger.token,
        body: method === 'PUT' ? { note: 'Hijacked' } : undefined,
      });
      expect(status).toBe(404);
      expect(json).toMatchObject({ success: false, error: 'Note not found' });
    }
    const [stored] = await testDb().select().from(notes).where(eq(notes.id, note.id));
    expect(stored?.note).toBe('Third thought');

    await callOk(`/api/study-materials/notes/${note.id}`, { method: 'DELETE', token: owner.token });
    expect(await testDb().select().from(notes)).toEqual([]);
    expect(await countOf(owner.id)).toBe(0);
  });

  it('takes the note back as GET returned it; refuses moving it and keys that are not its fields', async () => {
    const airspace = await createModule({ slug: 'airspace' });
    const weather = await createModule({ slug: 'weather' });
    const learner = await signedInUser();
    await add(learner.token, {
      moduleId: airspace.id,
      sectionId: 'class-g',
      selectedText: 'Class G is uncontrolled',
      note: 'First thought',
      position: 640,
    });
    const listed = await callOk<NoteList>(`/api/study-materials/notes?moduleId=${airspace.id}`, {
      token: learner.token,
    });
    const read = listed.notes[0]!;
    const path = `/api/study-materials/notes/${read.id}`;

    const edited = await callOk<{ note: Note }>(path, {
      method: 'PUT',
      token: learner.token,
      body: { ...read, note: 'Second thought', color: 'green' },
    });
    expect(edited.note).toMatchObject({
      id: read.id,
      moduleId: airspace.id,
      sectionId: 'class-g',
      selectedText: 'Class G is uncontrolled',
      position: 640,
      note: 'Second thought',
      color: 'green',
    });

    const moved = await call(path, {
      method: 'PUT',
      token: learner.token,
      body: { ...edited.note, moduleId: weather.id, note: 'Moved' },
    });
    expect(moved.status).toBe(400);
    expect(moved.json).toMatchObject({
      success: false,
      error: 'A note cannot move to another module',
      code: 'READ_ONLY_FIELD',
      fields: { moduleId: 'A note cannot move to another module' },
    });
    const french = await call(path, {
      method: 'PUT',
      token: learner.token,
      headers: { 'accept-language': 'fr' },
      body: { ...edited.note, moduleId: weather.id },
    });
    expect(french.json).toMatchObject({ error: 'Une note ne peut pas changer de module' });

    const unknown = await call(path, {
      method: 'PUT',
      token: learner.token,
      body: { ...edited.note, pinned: true },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(unknown.json.success === false && unknown.json.error).toMatch(/pinned/);

    const [stored] = await testDb().select().from(notes).where(eq(notes.id, read.id));
    expect(stored).toMatchObject({ moduleId: airspace.id, note: 'Second thought' });
  });

  it('records a note sent again with the same Idempotency-Key once, and says it was a replay', async () => {
    const airspace = await createModule({ slug: 'airspace' });
    const weather = await createModule({ slug: 'weather' });
    const learner = await signedInUser();
    const stranger = await signedInUser();
    const headers = { 'idempotency-key': 'offline-7b0f2c1e-5d1a' };
    const body = { moduleId: airspace.id, note: 'Written in the field', position: 40 };

    const first = await call<{ note: Note }>('/api/study-materials/notes', {
      token: learner.token,
      headers,
      body,
    });
    expect(first.status).toBe(201);
    expect(first.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBeNull();
    const again = await call<{ note: Note }>('/api/study-materials/notes', {
      token: learner.token,
      headers,
      body,
    });
    expect(again.status).toBe(201);
    expect(again.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBe('true');
    expect(again.json.success && again.json.data.note.id).toBe(
      first.json.success && first.json.data.note.id,
    );
    // Two sends at the same moment: the unique key lets one in.
    const keyed = { token: learner.token, headers: { 'idempotency-key': 'offline-race-0001' } };
    const race = await Promise.all(
      [1, 2, 3].map(() =>
        call<{ note: Note }>('/api/study-materials/notes', {
          ...keyed,
          body: { moduleId: airspace.id, note: 'Sent twice' },
        }),
      ),
    );
    expect(race.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(race.map((r) => r.json.success && r.json.data.note.id)).size).toBe(1);
    // Keys are the learner's own: another learner's same key makes their own note.
    const theirs = await call('/api/study-materials/notes', {
      token: stranger.token,
      headers,
      body,
    });
    expect(theirs.status).toBe(201);

    const rows = await testDb().select().from(notes).where(eq(notes.userId, learner.id));
    expect(rows.map((row) => row.note).sort()).toEqual(['Sent twice', 'Written in the field']);
    expect(await countOf(learner.id)).toBe(2);

    const reused = await call('/api/study-materials/notes', {
      token: learner.token,
      headers,
      body: { ...body, moduleId: weather.id },
    });
    expect(reused.status).toBe(422);
    expect(reused.json).toMatchObject({
      error: IDEMPOTENCY_KEY_REUSED,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const malformed = await call('/api/study-materials/notes', {
      token: learner.token,
      headers: { 'idempotency-key': 'short' },
      body,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ error: IDEMPOTENCY_KEY_INVALID });
    expect(await countOf(learner.id)).toBe(2);
  });
});
