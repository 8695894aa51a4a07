import type {
  Bookmark,
  BookmarkInput,
  ModuleProgress,
  Note,
  NoteInput,
  NoteUpdate,
  Pagination,
  ProgressUpdate,
} from '@drone-exam/shared';

/** A page of the learner's bookmarks or notes, as the Study Tools panel holds it. */
export type ToolList<T> = { items: T[]; pagination: Pagination };

/** The learner's own material on one module. */
export type LearnerTools = {
  progress: ModuleProgress | null;
  bookmarks: ToolList<Bookmark> | null;
  notes: ToolList<Note> | null;
};

/** A module the learner keeps on this device (or chose not to: `saved` false). */
export type SavedModule = {
  owner: string;
  slug: string;
  moduleId: string;
  title: string;
  saved: boolean;
  savedAt: number;
};

/** What the API last told this device about the learner's material on a module. */
export type ToolsSnapshot = LearnerTools & { owner: string; moduleId: string; at: number };

type Queued = {
  /** Assigned by IndexedDB: the order writes are replayed in. */
  id?: number;
  owner: string;
  moduleId: string;
  queuedAt: number;
  /** On its way to the API: nothing new is folded into it. */
  sending?: boolean;
};

/**
 * A write made while the API could not be reached, replayed in order when it can. Creates carry
 * the Idempotency-Key they are sent with every time, and the id the page shows until then.
 */
export type QueuedWrite = Queued &
  (
    | { kind: 'note.create'; key: string; localId: string; body: NoteInput }
    | { kind: 'note.update'; noteId: string; body: NoteUpdate }
    | { kind: 'note.delete'; noteId: string }
    | { kind: 'bookmark.create'; key: string; localId: string; body: BookmarkInput }
    | { kind: 'bookmark.delete'; bookmarkId: string }
    | { kind: 'progress'; body: ProgressUpdate }
  );

export type WriteKind = QueuedWrite['kind'];

/** A queued write the API refused when it was replayed: shown to the learner, never dropped. */
export type SyncConflict = {
  id?: number;
  owner: string;
  moduleId: string;
  kind: WriteKind;
  message: string;
  /** The note's text, so an edit of a note deleted elsewhere can be kept as a new note. */
  noteText: string | null;
  at: number;
};

/** Items the page shows before the API has them carry this. */
export type Pending<T> = T & { pending?: boolean };
