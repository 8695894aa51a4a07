import type { ApiClient, ApiResult } from '@drone-exam/shared';
import { offlineDb } from './db';
import { accepted } from './outbox';
import { sendWrite } from './send';
import type { QueuedWrite, SyncConflict } from './types';

/**
 * Sends the learner's queued writes to the API in the order they were made, one at a time. The
 * API's own rules decide each one (progress is never lowered, only the owner may change a note);
 * a create is sent with the same Idempotency-Key every time, so one that reached the API before
 * the connection dropped is recorded once. A write the API refuses becomes a conflict the
 * learner sees; a write that could not be sent stays queued, in its place.
 */

export type ReplayStop = 'offline' | 'signed-out' | 'another-learner' | 'unavailable';
export type ReplayOutcome = { sent: number; conflicts: number; stopped: ReplayStop | null };

type Verdict =
  | { kind: 'accepted'; data: unknown }
  | { kind: 'conflict'; reason: string | null }
  | { kind: 'stop'; reason: ReplayStop };

/** What a replayed write's answer means. */
export function verdict(write: QueuedWrite, result: ApiResult<unknown>): Verdict {
  if (result.success) return { kind: 'accepted', data: result.data };
  const status = result.status ?? 0;
  if (status === 0) return { kind: 'stop', reason: 'offline' };
  if (status === 401) return { kind: 'stop', reason: 'signed-out' };
  // Busy, rate limited or saved from another tab at that moment: try again later, in order.
  if (status === 429 || status === 409 || status >= 500)
    return { kind: 'stop', reason: 'unavailable' };
  if (status === 404) {
    // Deleting what is already gone ends where the learner meant to.
    if (write.kind === 'note.delete' || write.kind === 'bookmark.delete')
      return { kind: 'accepted', data: null };
    if (write.kind === 'note.update') return { kind: 'conflict', reason: null };
  }
  return { kind: 'conflict', reason: result.error ?? null };
}

/** Records the API's answer: the write leaves the queue and the saved copy of the material follows. */
async function settle(write: QueuedWrite, outcome: Verdict & { kind: 'accepted' | 'conflict' }) {
  const db = await offlineDb();
  const tx = db.transaction(['outbox', 'tools', 'conflicts'], 'readwrite');
  const outbox = tx.objectStore('outbox');
  await outbox.delete(write.id!);
  const createdId =
    outcome.kind === 'accepted' &&
    (write.kind === 'note.create' || write.kind === 'bookmark.create')
      ? ((outcome.data as Record<string, { id: string }>)[
          write.kind === 'note.create' ? 'note' : 'bookmark'
        ]?.id ?? null)
      : null;
  // Writes queued after a create, made on the item before it synced, now name it by its real id
  // (or, if the API refused the create, there is nothing left for them to change).
  if (write.kind === 'note.create' || write.kind === 'bookmark.create') {
    for (const later of (await outbox.index('owner').getAll(write.owner)) as QueuedWrite[]) {
      const target =
        later.kind === 'note.update' || later.kind === 'note.delete'
          ? later.noteId
          : later.kind === 'bookmark.delete'
            ? later.bookmarkId
            : null;
      if (target !== write.localId) continue;
      if (!createdId) await outbox.delete(later.id!);
      else if (later.kind === 'bookmark.delete')
        await outbox.put({ ...later, bookmarkId: createdId });
      else if (later.kind === 'note.update' || later.kind === 'note.delete')
        await outbox.put({ ...later, noteId: createdId });
    }
  }
  if (outcome.kind === 'accepted') {
    const tools = tx.objectStore('tools');
    await tools.put(accepted(await tools.get([write.owner, write.moduleId]), write, outcome.data));
  } else {
    const conflict: SyncConflict = {
      owner: write.owner,
      moduleId: write.moduleId,
      kind: write.kind,
      reason: outcome.reason,
      noteText:
        write.kind === 'note.create' || write.kind === 'note.update' ? write.body.note : null,
      at: Date.now(),
    };
    await tx.objectStore('conflicts').add(conflict);
  }
  await tx.done;
}

async function nextWrite(owner: string): Promise<QueuedWrite | null> {
  const db = await offlineDb();
  const tx = db.transaction('outbox', 'readwrite');
  const queue = (await tx.store.index('owner').getAll(owner)) as QueuedWrite[];
  const first = queue.sort((a, b) => a.id! - b.id!)[0];
  if (!first) return null;
  // Marked while it is on its way, so nothing new is folded into what was already sent.
  if (!first.sending) await tx.store.put({ ...first, sending: true });
  await tx.done;
  return { ...first, sending: true };
}

/** Replays the owner's queue until it is empty or the API cannot take more just now. */
export async function replayOutbox(
  owner: string,
  api: ApiClient,
  onProgress: () => void = () => {},
): Promise<ReplayOutcome> {
  const outcome: ReplayOutcome = { sent: 0, conflicts: 0, stopped: null };
  if (!(await nextWrite(owner))) return outcome;
  // The session must still be this learner's: another learner's writes are never sent as theirs.
  const me = await api('/auth/me');
  if (!me.success) {
    const stopped = me.status === 401 ? 'signed-out' : me.status === 0 ? 'offline' : 'unavailable';
    return { ...outcome, stopped };
  }
  if (me.data.user.id !== owner) return { ...outcome, stopped: 'another-learner' };

  for (let write = await nextWrite(owner); write; write = await nextWrite(owner)) {
    const decided = verdict(write, await sendWrite(api, write));
    if (decided.kind === 'stop') {
      outcome.stopped = decided.reason;
      break;
    }
    await settle(write, decided);
    if (decided.kind === 'accepted') outcome.sent += 1;
    else outcome.conflicts += 1;
    onProgress();
  }
  return outcome;
}
