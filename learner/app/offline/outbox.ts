import { offlineDb } from './db';
import { withAccepted } from './outbox-view';
import type { LearnerTools, QueuedWrite, SyncConflict, ToolsSnapshot } from './types';

/**
 * The outbox: writes the learner made while the API could not be reached, kept in IndexedDB and
 * replayed in order (replay.ts). Writes to the same thing are folded together while they wait, so
 * the API sees what the learner ended with: an edit of a note not yet sent changes the queued
 * note, deleting it drops the note, and reading progress is one save per module.
 */

// ---- IndexedDB ----------------------------------------------------------------------------

/** The owner's queued writes in replay order, all of them or one module's. */
export async function queuedWrites(owner: string, moduleId?: string): Promise<QueuedWrite[]> {
  const all = (await (
    await offlineDb()
  ).getAllFromIndex('outbox', 'owner', owner)) as QueuedWrite[];
  all.sort((a, b) => a.id! - b.id!);
  return moduleId ? all.filter((write) => write.moduleId === moduleId) : all;
}

export async function readSnapshot(owner: string, moduleId: string) {
  return (await offlineDb()).get('tools', [owner, moduleId]);
}

export async function storeSnapshot(owner: string, moduleId: string, tools: LearnerTools) {
  const snapshot: ToolsSnapshot = { ...tools, owner, moduleId, at: Date.now() };
  await (await offlineDb()).put('tools', snapshot);
}

export async function conflicts(owner: string): Promise<SyncConflict[]> {
  return (await offlineDb()).getAllFromIndex('conflicts', 'owner', owner);
}

export async function dismissConflict(id: number): Promise<void> {
  await (await offlineDb()).delete('conflicts', id);
}

// ---- writes the API accepted ----------------------------------------------------------------

const EMPTY: LearnerTools = { progress: null, bookmarks: null, notes: null };

export function accepted(snapshot: ToolsSnapshot | undefined, write: QueuedWrite, data: unknown) {
  const next = withAccepted(snapshot ?? EMPTY, write, data);
  return { ...next, owner: write.owner, moduleId: write.moduleId, at: Date.now() };
}

/** Records a write the API accepted when it was sent straight away, in the saved copy. */
export async function recordAccepted(write: QueuedWrite, data: unknown): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('tools', 'readwrite');
  await tx.store.put(accepted(await tx.store.get([write.owner, write.moduleId]), write, data));
  await tx.done;
}
