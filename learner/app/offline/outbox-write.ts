import type { ProgressUpdate } from '@drone-exam/shared';
import { mergeSections } from '@drone-exam/shared/reading';
import { offlineDb } from './db';
import type { QueuedWrite } from './types';

/**
 * Queuing a write into the outbox (outbox.ts), folded into what already waits. Apart from the
 * outbox's reads, so pages load it only when a write has to wait (sync.ts).
 */

export type Plan = { remove: number[]; put: QueuedWrite[]; add: QueuedWrite | null };

const MAX_MINUTES = 24 * 60;

/** Two progress saves as one: the furthest point, the time of both, the last position and toggle. */
export function mergeProgress(earlier: ProgressUpdate, later: ProgressUpdate): ProgressUpdate {
  const merged: ProgressUpdate = {
    progress: Math.max(earlier.progress, later.progress),
    timeSpent: Math.min(MAX_MINUTES, (earlier.timeSpent ?? 0) + (later.timeSpent ?? 0)),
    sectionsRead: mergeSections(earlier.sectionsRead ?? [], later.sectionsRead ?? []),
  };
  const position = later.position ?? earlier.position;
  if (position !== undefined) merged.position = position;
  const isCompleted = later.isCompleted ?? earlier.isCompleted;
  if (isCompleted !== undefined) merged.isCompleted = isCompleted;
  return merged;
}

/** How a new write changes the queue of its owner (`queue` in replay order). */
export function planWrite(queue: readonly QueuedWrite[], write: QueuedWrite): Plan {
  const waiting = queue.filter((queued) => !queued.sending);
  const plan: Plan = { remove: [], put: [], add: null };
  switch (write.kind) {
    case 'note.update':
    case 'note.delete': {
      const create = waiting.find((q) => q.kind === 'note.create' && q.localId === write.noteId);
      if (create?.kind === 'note.create') {
        if (write.kind === 'note.delete') plan.remove.push(create.id!);
        else {
          const body = { ...create.body, note: write.body.note };
          if (write.body.color) body.color = write.body.color;
          plan.put.push({ ...create, body });
        }
        return plan;
      }
      const update = waiting.find((q) => q.kind === 'note.update' && q.noteId === write.noteId);
      if (update?.kind === 'note.update') {
        if (write.kind === 'note.delete') plan.remove.push(update.id!);
        else {
          plan.put.push({
            ...update,
            body: { note: write.body.note, color: write.body.color ?? update.body.color },
          });
          return plan;
        }
      }
      plan.add = write;
      return plan;
    }
    case 'bookmark.delete': {
      const create = waiting.find(
        (q) => q.kind === 'bookmark.create' && q.localId === write.bookmarkId,
      );
      if (create) plan.remove.push(create.id!);
      else plan.add = write;
      return plan;
    }
    case 'progress': {
      const queued = waiting.find((q) => q.kind === 'progress' && q.moduleId === write.moduleId);
      if (queued?.kind === 'progress') {
        plan.put.push({ ...queued, body: mergeProgress(queued.body, write.body) });
      } else plan.add = write;
      return plan;
    }
    default:
      plan.add = write;
      return plan;
  }
}

/** Queues a write, folded into what already waits. */
export async function queueWrite(write: QueuedWrite): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('outbox', 'readwrite');
  const queue = (await tx.store.index('owner').getAll(write.owner)) as QueuedWrite[];
  queue.sort((a, b) => a.id! - b.id!);
  const plan = planWrite(queue, write);
  await Promise.all([
    ...plan.remove.map((id) => tx.store.delete(id)),
    ...plan.put.map((changed) => tx.store.put(changed)),
    ...(plan.add ? [tx.store.add(plan.add)] : []),
  ]);
  await tx.done;
}
