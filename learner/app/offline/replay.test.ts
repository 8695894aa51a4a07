import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient, ApiRequestOptions, ApiResult, Note } from '@drone-exam/shared';
import { forgetOwners, offlineDb } from './db';
import { queuedWrites, readSnapshot, storeSnapshot } from './outbox';
import { queueWrite } from './outbox-write';
import { replayOutbox } from './replay';
import type { QueuedWrite } from './types';

const OWNER = 'learner-1';
const base = { owner: OWNER, moduleId: 'module-1', queuedAt: Date.now() };

type Call = { path: string; options: ApiRequestOptions };

/** The API as a script: each call answers with the next reply for its path, else 200. */
function scriptedApi(replies: Record<string, Array<ApiResult<unknown>>> = {}, me = OWNER) {
  const calls: Call[] = [];
  const api = (async (path: string, options: ApiRequestOptions = {}) => {
    calls.push({ path, options });
    if (path === '/auth/me') return { success: true, data: { user: { id: me } } };
    const next = replies[`${options.method ?? 'GET'} ${path}`]?.shift();
    if (next) return next;
    return { success: true, data: echo(path, options) };
  }) as ApiClient;
  return { api, calls: () => calls.filter((call) => call.path !== '/auth/me') };
}

function echo(path: string, options: ApiRequestOptions): unknown {
  const body = options.body as Record<string, unknown> | undefined;
  if (path.startsWith('/study-materials/notes')) {
    const id = path.split('/')[3] ?? `server-${String(body?.note)}`;
    return { note: { id, moduleId: 'module-1', note: body?.note, color: 'yellow' } as Note };
  }
  if (path.startsWith('/study-materials/progress'))
    return { progress: { moduleId: 'module-1', progress: body?.progress } };
  return { id: path.split('/').pop() };
}

const offline: ApiResult<unknown> = { success: false, error: 'Network', status: 0 };
const noteWrite = (n: number): QueuedWrite => ({
  ...base,
  kind: 'note.create',
  key: `key-${n}`,
  localId: `local-${n}`,
  body: { moduleId: 'module-1', note: `Note ${n}` },
});

beforeEach(async () => {
  await forgetOwners(null);
});

describe('replaying the outbox', () => {
  it('sends writes in the order they were made, creates with their Idempotency-Key', async () => {
    await storeSnapshot(OWNER, 'module-1', {
      progress: null,
      bookmarks: null,
      notes: {
        items: [],
        pagination: {
          currentPage: 1,
          totalPages: 1,
          totalItems: 0,
          limit: 50,
          hasNextPage: false,
          hasPrevPage: false,
        },
      },
    });
    await queueWrite(noteWrite(1));
    await queueWrite({ ...base, kind: 'progress', body: { progress: 40 } });
    await queueWrite(noteWrite(2));
    const { api, calls } = scriptedApi();

    expect(await replayOutbox(OWNER, api)).toEqual({ sent: 3, conflicts: 0, stopped: null });
    expect(calls().map((c) => [c.options.method, c.path, c.options.headers])).toEqual([
      ['POST', '/study-materials/notes', { 'Idempotency-Key': 'key-1' }],
      ['PUT', '/study-materials/progress/module-1', undefined],
      ['POST', '/study-materials/notes', { 'Idempotency-Key': 'key-2' }],
    ]);
    expect(await queuedWrites(OWNER)).toEqual([]);
    const snapshot = await readSnapshot(OWNER, 'module-1');
    expect(snapshot!.notes!.items.map((n) => n.id)).toEqual(['server-Note 2', 'server-Note 1']);
    expect(snapshot!.progress).toMatchObject({ progress: 40 });
  });

  it('stops where the connection drops and sends the same create, same key, next time', async () => {
    await queueWrite(noteWrite(1));
    await queueWrite(noteWrite(2));
    const first = scriptedApi({ 'POST /study-materials/notes': [offline] });
    expect(await replayOutbox(OWNER, first.api)).toEqual({
      sent: 0,
      conflicts: 0,
      stopped: 'offline',
    });
    expect((await queuedWrites(OWNER)).map((w) => w.kind === 'note.create' && w.key)).toEqual([
      'key-1',
      'key-2',
    ]);
    // An edit made meanwhile is not folded into a create that may already have reached the API.
    await queueWrite({ ...base, kind: 'note.update', noteId: 'local-1', body: { note: 'Edited' } });

    const second = scriptedApi();
    expect(await replayOutbox(OWNER, second.api)).toMatchObject({ sent: 3, stopped: null });
    expect(
      second.calls().map((c) => [c.options.method, c.path, c.options.headers?.['Idempotency-Key']]),
    ).toEqual([
      ['POST', '/study-materials/notes', 'key-1'],
      ['POST', '/study-materials/notes', 'key-2'],
      // The edit follows the note to the id the API gave it.
      ['PUT', '/study-materials/notes/server-Note 1', undefined],
    ]);
  });

  it('shows what the API refuses, and deleting what is already gone counts as done', async () => {
    await queueWrite({ ...base, kind: 'note.update', noteId: 'n1', body: { note: 'Late edit' } });
    await queueWrite({ ...base, kind: 'bookmark.delete', bookmarkId: 'b1' });
    const gone = { success: false as const, error: 'Not found', status: 404 };
    const { api } = scriptedApi({
      'PUT /study-materials/notes/n1': [gone],
      'DELETE /study-materials/bookmarks/b1': [gone],
    });
    expect(await replayOutbox(OWNER, api)).toEqual({ sent: 1, conflicts: 1, stopped: null });
    const conflicts = await (await offlineDb()).getAll('conflicts');
    expect(conflicts).toMatchObject([
      { owner: OWNER, kind: 'note.update', reason: null, noteText: 'Late edit' },
    ]);
    expect(await queuedWrites(OWNER)).toEqual([]);
  });

  it('sends nothing while another learner is signed in, or the API is busy', async () => {
    await queueWrite(noteWrite(1));
    const other = scriptedApi({}, 'learner-2');
    expect(await replayOutbox(OWNER, other.api)).toMatchObject({ stopped: 'another-learner' });
    expect(other.calls()).toEqual([]);
    const busy = scriptedApi({
      'POST /study-materials/notes': [{ success: false, error: 'Busy', status: 503 }],
    });
    expect(await replayOutbox(OWNER, busy.api)).toMatchObject({ sent: 0, stopped: 'unavailable' });
    expect(await queuedWrites(OWNER)).toHaveLength(1);
  });

  it('a refused create takes the writes that named it along', async () => {
    await queueWrite(noteWrite(1));
    await (
      await offlineDb()
    ).put('outbox', {
      ...base,
      id: 99,
      kind: 'note.delete',
      noteId: 'local-1',
    });
    const { api, calls } = scriptedApi({
      'POST /study-materials/notes': [{ success: false, error: 'Module not found', status: 404 }],
    });
    expect(await replayOutbox(OWNER, api)).toEqual({ sent: 0, conflicts: 1, stopped: null });
    expect(calls()).toHaveLength(1);
    expect(await queuedWrites(OWNER)).toEqual([]);
  });
});
