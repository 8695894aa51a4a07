import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type {
  ApiFailure,
  BookmarkInput,
  NoteInput,
  NoteUpdate,
  ProgressUpdate,
} from '@drone-exam/shared';
import { NETWORK_ERROR } from '@drone-exam/shared/api';
import { api } from '../../lib/api';
import {
  isLocalId,
  newLocalId,
  serverId,
  withAccepted,
  withQueued,
} from '../../offline/outbox-view';
import { sendWrite, type WriteAnswer } from '../../offline/send';
import type { LearnerTools, QueuedWrite } from '../../offline/types';
import { warnOfflineDataUnavailable } from '../../offline/unavailable';
import { claimDocumentCopy } from '../../offline/document-copy';
import { whenIdle } from '../../lib/idle';
import { STUDY_TOOLS_PAGE_SIZE } from './constants';

/** What became of a write: the API has it, it waits in the outbox, or the API refused it. */
export type WriteOutcome<T> =
  { state: 'saved'; data: T } | { state: 'queued' } | { state: 'refused'; failure: ApiFailure };

type NewWrite = QueuedWrite extends infer W
  ? W extends QueuedWrite
    ? Omit<W, 'owner' | 'moduleId' | 'queuedAt' | 'id'>
    : never
  : never;

/**
 * The device's side of the learner's material (its copy of what the API last said, the outbox and
 * syncing) loads apart from the page: once the page is idle, or at the learner's first write if
 * that comes sooner. Nobody needs it to read the page as it opens.
 */
const loadDevice = () => import('../../offline/device');
type Device = Awaited<ReturnType<typeof loadDevice>>;

/** A write naming an item the API does not know yet can only wait behind that item's create. */
function namesLocalItem(write: QueuedWrite): boolean {
  if (write.kind === 'note.update' || write.kind === 'note.delete') return isLocalId(write.noteId);
  if (write.kind === 'bookmark.delete') return isLocalId(write.bookmarkId);
  return false;
}

/**
 * The learner's progress, bookmarks and notes on one module, for the module page, online or not.
 * What the page shows is what the API last said (from the page's loader, or the copy on this
 * device when the page itself is a copy) with the learner's queued writes on top. A write goes
 * straight to the API when the browser is online and nothing waits before it; otherwise it is
 * queued and replayed in order (offline/replay.ts).
 */
export function useStudyMaterials({
  owner,
  moduleId,
  initial,
}: {
  owner: string | null;
  moduleId: string;
  initial: LearnerTools | null;
}) {
  const [saved, setSaved] = useState<LearnerTools | null>(initial);
  const [queue, setQueue] = useState<QueuedWrite[]>([]);
  const tools = useMemo(() => saved && withQueued(saved, queue), [saved, queue]);
  const shown = useRef(tools);
  useEffect(() => {
    shown.current = tools;
  });
  const first = useRef(initial);
  const { pathname } = useLocation();
  /** The device's side, ready once this module's copy is written and read (see the effect). */
  const device = useRef<() => Promise<Device>>(loadDevice);

  useEffect(() => {
    const start = first.current;
    if (!owner || !start) return;
    let live = true;
    let stop = () => {};
    // A page shown from this device's copy may be older than what the device last heard.
    const fromCopy = claimDocumentCopy(pathname);
    let opening: Promise<Device> | undefined;
    // Writes wait for this: a copy written after one of them was recorded would drop it.
    const open = () =>
      (opening ??= loadDevice().then(async (store) => {
        const read = async () => {
          const [snapshot, queued] = await Promise.all([
            store.readSnapshot(owner, moduleId),
            store.queuedWrites(owner, moduleId),
          ]);
          if (!live) return;
          if (snapshot) {
            setSaved({
              progress: snapshot.progress ?? start.progress,
              bookmarks: snapshot.bookmarks ?? start.bookmarks,
              notes: snapshot.notes ?? start.notes,
            });
          }
          setQueue(queued);
        };
        if (live) stop = store.onChanged(() => void read().catch(warnOfflineDataUnavailable));
        await (fromCopy ? Promise.resolve() : store.storeSnapshot(owner, moduleId, start))
          .then(read)
          .catch(warnOfflineDataUnavailable);
        return store;
      }));
    device.current = open;
    const cancel = whenIdle(() => void open().catch(warnOfflineDataUnavailable));
    return () => {
      live = false;
      cancel();
      stop();
      device.current = loadDevice;
    };
  }, [owner, moduleId, pathname]);

  const write = useCallback(
    async <K extends NewWrite['kind']>(
      change: NewWrite & { kind: K },
      options: { keepalive?: boolean } = {},
    ): Promise<WriteOutcome<WriteAnswer[K]>> => {
      if (!owner) return { state: 'refused', failure: { success: false, error: NETWORK_ERROR } };
      const full = { ...change, owner, moduleId, queuedAt: Date.now() } as QueuedWrite;
      // A page on its way out sends at once (keepalive): opening the outbox first would let the
      // page go before the request starts.
      let store: Device | null = null;
      let waiting = false;
      if (!options.keepalive) {
        try {
          store = await device.current();
          waiting = (await store.queuedWrites(owner)).length > 0;
        } catch (error) {
          warnOfflineDataUnavailable(error);
        }
      }
      if (navigator.onLine && !waiting && !namesLocalItem(full)) {
        const result = await sendWrite(api, full, options);
        if (result.success) {
          setSaved((current) => current && withAccepted(current, full, result.data));
          void device
            .current()
            .then((opened) => opened.recordAccepted(full, result.data).then(opened.notifyChanged))
            .catch(warnOfflineDataUnavailable);
          // sendWrite answers per kind, but a switch cannot narrow the generic kind K.
          return { state: 'saved', data: result.data as WriteAnswer[K] };
        }
        if (result.status !== 0) return { state: 'refused', failure: result };
      }
      try {
        await (store ?? (await device.current())).queueAndSync(full);
        return { state: 'queued' };
      } catch (error) {
        warnOfflineDataUnavailable(error);
        return { state: 'refused', failure: { success: false, error: NETWORK_ERROR, status: 0 } };
      }
    },
    [owner, moduleId],
  );

  const actions = useMemo(() => {
    /** The API's id for an item the page may still show under the id it had before it synced. */
    const idOf = (id: string) => (shown.current ? serverId(shown.current, id) : id);
    return {
      addNote: (body: Omit<NoteInput, 'moduleId'>) =>
        write({
          kind: 'note.create',
          key: crypto.randomUUID(),
          localId: newLocalId(),
          body: { ...body, moduleId },
        }),
      updateNote: (id: string, body: NoteUpdate) =>
        write({ kind: 'note.update', noteId: idOf(id), body }),
      deleteNote: (id: string) => write({ kind: 'note.delete', noteId: idOf(id) }),
      addBookmark: (body: Omit<BookmarkInput, 'moduleId'>) =>
        write({
          kind: 'bookmark.create',
          key: crypto.randomUUID(),
          localId: newLocalId(),
          body: { ...body, moduleId },
        }),
      deleteBookmark: (id: string) => write({ kind: 'bookmark.delete', bookmarkId: idOf(id) }),
      saveProgress: (body: ProgressUpdate, options: { keepalive?: boolean } = {}) =>
        write({ kind: 'progress', body }, options),
    };
  }, [write, moduleId]);

  /** The next page of bookmarks or notes (needs the API: nothing past the first page is kept). */
  const loadMore = useCallback(
    async (kind: 'bookmarks' | 'notes'): Promise<ApiFailure | null> => {
      const list = saved?.[kind];
      if (!list) return null;
      const result = await api(`/study-materials/${kind}`, {
        query: { moduleId, page: list.pagination.currentPage + 1, limit: STUDY_TOOLS_PAGE_SIZE },
      });
      if (!result.success) return result;
      const page = 'notes' in result.data ? result.data.notes : result.data.bookmarks;
      const more = {
        items: [...list.items, ...page],
        pagination: result.data.pagination,
      };
      const next = { ...saved, [kind]: more } as LearnerTools;
      setSaved(next);
      if (owner)
        void device
          .current()
          .then((store) => store.storeSnapshot(owner, moduleId, next))
          .catch(warnOfflineDataUnavailable);
      return null;
    },
    [saved, owner, moduleId],
  );

  const progressQueued = queue.some((queued) => queued.kind === 'progress');
  return { tools, progressQueued, actions, loadMore };
}

export type StudyMaterials = ReturnType<typeof useStudyMaterials>;
