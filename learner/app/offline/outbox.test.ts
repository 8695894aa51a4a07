import { describe, expect, it } from 'vitest';
import type { ModuleProgress, Note, Pagination } from '@drone-exam/shared';
import { withAccepted, withQueued } from './outbox-view';
import { mergeProgress, planWrite } from './outbox-write';
import type { LearnerTools, QueuedWrite } from './types';

const at = 1_800_000_000_000;
const base = { owner: 'learner-1', moduleId: 'module-1', queuedAt: at };
const page = (totalItems: number): Pagination => ({
  currentPage: 1,
  totalPages: 1,
  totalItems,
  limit: 50,
  hasNextPage: false,
  hasPrevPage: false,
});
const note = (id: string, text: string): Note => ({
  id,
  moduleId: 'module-1',
  sectionId: null,
  selectedText: null,
  note: text,
  position: 0,
  color: 'yellow',
  createdAt: new Date(at).toISOString(),
  updatedAt: new Date(at).toISOString(),
});
const progress = (percent: number, extra: Partial<ModuleProgress> = {}): ModuleProgress => ({
  moduleId: 'module-1',
  progress: percent,
  position: 0,
  timeSpent: 3,
  sectionsRead: ['section-0'],
  isCompleted: false,
  completedAt: null,
  lastReadAt: null,
  startedAt: new Date(at).toISOString(),
  ...extra,
});

const create: QueuedWrite = {
  ...base,
  id: 1,
  kind: 'note.create',
  key: 'key-1',
  localId: 'local-1',
  body: { moduleId: 'module-1', note: 'Icing', color: 'yellow' },
};

describe('the outbox folds writes to the same thing while they wait', () => {
  it('an edit of a note not yet sent changes the queued note; deleting it drops it', () => {
    const edited = planWrite([create], {
      ...base,
      kind: 'note.update',
      noteId: 'local-1',
      body: { note: 'Icing below 0 °C', color: 'blue' },
    });
    expect(edited).toEqual({
      remove: [],
      add: null,
      put: [{ ...create, body: { moduleId: 'module-1', note: 'Icing below 0 °C', color: 'blue' } }],
    });
    expect(planWrite([create], { ...base, kind: 'note.delete', noteId: 'local-1' })).toEqual({
      remove: [1],
      put: [],
      add: null,
    });
  });

  it('never folds into a write already on its way: what follows waits its turn', () => {
    const update: QueuedWrite = {
      ...base,
      kind: 'note.update',
      noteId: 'local-1',
      body: { note: 'Later' },
    };
    expect(planWrite([{ ...create, sending: true }], update)).toEqual({
      remove: [],
      put: [],
      add: update,
    });
  });

  it('deleting a note with a queued edit drops the edit and queues the delete', () => {
    const update: QueuedWrite = {
      ...base,
      id: 4,
      kind: 'note.update',
      noteId: 'n1',
      body: { note: 'x' },
    };
    const remove: QueuedWrite = { ...base, kind: 'note.delete', noteId: 'n1' };
    expect(planWrite([update], remove)).toEqual({ remove: [4], put: [], add: remove });
  });

  it('reading progress is one save per module: furthest point, all the time, last position and toggle', () => {
    expect(
      mergeProgress(
        { progress: 40, timeSpent: 1.5, sectionsRead: ['section-3'], position: 900 },
        { progress: 30, timeSpent: 2, sectionsRead: ['section-1'], isCompleted: true },
      ),
    ).toEqual({
      progress: 40,
      timeSpent: 3.5,
      sectionsRead: ['section-1', 'section-3'],
      position: 900,
      isCompleted: true,
    });
    const queued: QueuedWrite = {
      ...base,
      id: 7,
      kind: 'progress',
      body: { progress: 10, timeSpent: 1 },
    };
    const plan = planWrite([queued], { ...base, kind: 'progress', body: { progress: 20 } });
    expect(plan.put).toEqual([
      { ...queued, body: { progress: 20, timeSpent: 1, sectionsRead: [] } },
    ]);
    // Another module's progress is its own save.
    const other: QueuedWrite = {
      ...base,
      moduleId: 'module-2',
      kind: 'progress',
      body: { progress: 5 },
    };
    expect(planWrite([queued], other).add).toEqual(other);
  });
});

describe('what the page shows: the API’s material with the queued writes on top', () => {
  const tools: LearnerTools = {
    progress: progress(50),
    bookmarks: { items: [], pagination: page(0) },
    notes: { items: [note('n1', 'Fog'), note('n2', 'Wind')], pagination: page(2) },
  };

  it('a queued note comes first and is marked; edits and deletes apply; counts follow', () => {
    const shown = withQueued(tools, [
      create,
      { ...base, kind: 'note.update', noteId: 'n1', body: { note: 'Fog at dawn' } },
      { ...base, kind: 'note.delete', noteId: 'n2' },
    ]);
    expect(shown.notes!.items.map((n) => [n.id, n.note, 'pending' in n])).toEqual([
      ['local-1', 'Icing', true],
      ['n1', 'Fog at dawn', true],
    ]);
    expect(shown.notes!.pagination.totalItems).toBe(2);
  });

  it('progress never goes down, adds the time, and completes at 100 %', () => {
    const shown = withQueued(tools, [
      { ...base, kind: 'progress', body: { progress: 30, timeSpent: 2.5 } },
    ]);
    expect(shown.progress).toMatchObject({ progress: 50, timeSpent: 5, isCompleted: false });
    const done = withQueued(tools, [{ ...base, kind: 'progress', body: { progress: 100 } }]);
    expect(done.progress).toMatchObject({ progress: 100, isCompleted: true });
    expect(done.progress!.completedAt).toBe(new Date(at).toISOString());
  });

  it('an accepted create keeps the id the page showed it under', () => {
    const accepted = withAccepted(tools, create, { note: note('n9', 'Icing') });
    expect(accepted.notes!.items[0]).toMatchObject({ id: 'n9', localId: 'local-1' });
    expect(accepted.notes!.pagination.totalItems).toBe(3);
  });
});
