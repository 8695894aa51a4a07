import type { Bookmark, ModuleProgress, Note, ProgressUpdate } from '@drone-exam/shared';
import { completedAfterSave, mergeSections } from '@drone-exam/shared/reading';
import { NOTE_DEFAULT_COLOUR } from '@drone-exam/shared/schemas/study-values';
import type { LearnerTools, Pending, QueuedWrite, ToolList } from './types';

/**
 * What a page shows of the learner's material: what the API said, with the outbox's writes on top
 * (outbox.ts keeps them on the device). Apart from the outbox, so the module page shows its
 * material without loading IndexedDB's code at start-up.
 */

const LOCAL_PREFIX = 'local-';
export const newLocalId = () => `${LOCAL_PREFIX}${crypto.randomUUID()}`;
export const isLocalId = (id: string) => id.startsWith(LOCAL_PREFIX);

const iso = (ms: number) => new Date(ms).toISOString();

function emptyProgress(moduleId: string): ModuleProgress {
  return {
    moduleId,
    progress: 0,
    position: 0,
    timeSpent: 0,
    sectionsRead: [],
    isCompleted: false,
    completedAt: null,
    lastReadAt: null,
    startedAt: null,
  };
}

/** The learner's progress as the page shows it: what the API saved, and the save still queued. */
export function progressWithQueued(
  saved: ModuleProgress | null,
  moduleId: string,
  body: ProgressUpdate,
  queuedAt: number,
): ModuleProgress {
  const base = saved ?? emptyProgress(moduleId);
  const progress = Math.max(base.progress, Math.round(body.progress));
  const isCompleted = completedAfterSave(base, progress, body.isCompleted);
  return {
    ...base,
    progress,
    position: body.position === undefined ? base.position : Math.round(body.position),
    timeSpent: base.timeSpent + Math.floor(body.timeSpent ?? 0),
    sectionsRead: mergeSections(base.sectionsRead, body.sectionsRead ?? []),
    isCompleted,
    completedAt: isCompleted ? (base.completedAt ?? iso(queuedAt)) : null,
    lastReadAt: iso(queuedAt),
    startedAt: base.startedAt ?? iso(queuedAt),
  };
}

type Item = { id: string };

function prepend<T extends Item>(list: ToolList<T>, item: T): ToolList<T> {
  if (list.items.some((existing) => existing.id === item.id)) return list;
  return {
    items: [item, ...list.items],
    pagination: { ...list.pagination, totalItems: list.pagination.totalItems + 1 },
  };
}

function without<T extends Item>(list: ToolList<T>, id: string): ToolList<T> {
  if (!list.items.some((item) => item.id === id)) return list;
  return {
    items: list.items.filter((item) => item.id !== id),
    pagination: { ...list.pagination, totalItems: Math.max(0, list.pagination.totalItems - 1) },
  };
}

function replaced<T extends Item>(list: ToolList<T>, id: string, change: (item: T) => T) {
  return { ...list, items: list.items.map((item) => (item.id === id ? change(item) : item)) };
}

/** The learner's material as the page shows it: the API's, with the queued writes on top. */
export function withQueued(tools: LearnerTools, queue: readonly QueuedWrite[]): LearnerTools {
  let { progress, bookmarks, notes } = tools;
  for (const write of queue) {
    switch (write.kind) {
      case 'note.create': {
        const { body } = write;
        const note: Pending<Note> = {
          id: write.localId,
          moduleId: write.moduleId,
          sectionId: body.sectionId ?? null,
          selectedText: body.selectedText ?? null,
          note: body.note,
          position: Number(body.position ?? 0),
          color: body.color ?? NOTE_DEFAULT_COLOUR,
          createdAt: iso(write.queuedAt),
          updatedAt: iso(write.queuedAt),
          pending: true,
        };
        if (notes) notes = prepend(notes, note);
        break;
      }
      case 'note.update':
        if (notes)
          notes = replaced(notes, write.noteId, (note) => ({
            ...note,
            note: write.body.note,
            color: write.body.color ?? note.color,
            pending: true,
          }));
        break;
      case 'note.delete':
        if (notes) notes = without(notes, write.noteId);
        break;
      case 'bookmark.create': {
        const { body } = write;
        const bookmark: Pending<Bookmark> = {
          id: write.localId,
          moduleId: write.moduleId,
          title: body.title,
          sectionId: body.sectionId ?? null,
          position: Number(body.position ?? 0),
          note: body.note ?? null,
          createdAt: iso(write.queuedAt),
          pending: true,
        };
        if (bookmarks) bookmarks = prepend(bookmarks, bookmark);
        break;
      }
      case 'bookmark.delete':
        if (bookmarks) bookmarks = without(bookmarks, write.bookmarkId);
        break;
      case 'progress':
        progress = progressWithQueued(progress, write.moduleId, write.body, write.queuedAt);
        break;
    }
  }
  return { progress, bookmarks, notes };
}

/**
 * The learner's material after the API accepted a write (`data` is its answer's data). A created
 * item keeps the id the page showed it under (`localId`), so the page can follow it.
 */
export function withAccepted(tools: LearnerTools, write: QueuedWrite, data: unknown): LearnerTools {
  const { bookmarks, notes } = tools;
  switch (write.kind) {
    case 'note.create': {
      const note = { ...(data as { note: Note }).note, localId: write.localId };
      return { ...tools, notes: notes && prepend(notes, note) };
    }
    case 'note.update': {
      const note = (data as { note: Note }).note;
      return { ...tools, notes: notes && replaced(notes, note.id, () => note) };
    }
    case 'note.delete':
      return { ...tools, notes: notes && without(notes, write.noteId) };
    case 'bookmark.create': {
      const bookmark = { ...(data as { bookmark: Bookmark }).bookmark, localId: write.localId };
      return { ...tools, bookmarks: bookmarks && prepend(bookmarks, bookmark) };
    }
    case 'bookmark.delete':
      return { ...tools, bookmarks: bookmarks && without(bookmarks, write.bookmarkId) };
    case 'progress':
      return { ...tools, progress: (data as { progress: ModuleProgress }).progress };
  }
}

/** The id the API knows an item by, for an id the page may still show from before it synced. */
export function serverId(tools: LearnerTools, id: string): string {
  if (!isLocalId(id)) return id;
  const items: Array<Item & { localId?: string }> = [
    ...(tools.notes?.items ?? []),
    ...(tools.bookmarks?.items ?? []),
  ];
  return items.find((item) => item.localId === id)?.id ?? id;
}
