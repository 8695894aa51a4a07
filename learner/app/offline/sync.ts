import { useEffect, useState } from 'react';
import { api } from '../lib/api';
import { warnOfflineDataUnavailable } from './unavailable';
import { conflicts, queuedWrites } from './outbox';
import type { ReplayOutcome } from './replay';
import type { QueuedWrite, SyncConflict } from './types';

/**
 * The page's side of syncing: one replay at a time per browser (a Web Lock across tabs), started
 * when a page opens, when a write is queued and when the connection returns, and tried again
 * every half minute while writes wait and the browser believes it is online. Every tab hears when
 * the offline data changed, so what it shows follows.
 */

const RETRY_MS = 30_000;
const CHANNEL = 'dronecert-offline';

type Listener = () => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function broadcast(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  if (!channel) {
    channel = new BroadcastChannel(CHANNEL);
    channel.addEventListener('message', () => {
      for (const listener of listeners) listener();
    });
  }
  return channel;
}

/** Tells this tab and the others that the learner's offline data changed. */
export function notifyChanged(): void {
  for (const listener of listeners) listener();
  broadcast()?.postMessage('changed');
}

export function onChanged(listener: Listener): () => void {
  broadcast();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type RunState = { syncing: boolean; last: ReplayOutcome | null };
let runState: RunState = { syncing: false, last: null };
let running: Promise<void> | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;

function setRunState(next: RunState) {
  runState = next;
  for (const listener of listeners) listener();
}

async function withLock(task: () => Promise<void>): Promise<void> {
  if (!navigator.locks) return task();
  // Another tab replaying already: it sends these writes too.
  await navigator.locks.request(CHANNEL, { ifAvailable: true }, async (lock) => {
    if (lock) await task();
  });
}

/** Replays the learner's queued writes now, if the browser is online. */
export function syncNow(owner: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.onLine) return Promise.resolve();
  clearTimeout(retry);
  running ??= withLock(async () => {
    setRunState({ ...runState, syncing: true });
    let outcome: ReplayOutcome = { sent: 0, conflicts: 0, stopped: 'unavailable' };
    try {
      // The replay's code is loaded only when writes wait, which is seldom.
      if ((await queuedWrites(owner)).length > 0) {
        const { replayOutbox } = await import('./replay');
        outcome = await replayOutbox(owner, api, notifyChanged);
      } else outcome = { sent: 0, conflicts: 0, stopped: null };
    } finally {
      setRunState({
        syncing: false,
        last: outcome.sent || outcome.conflicts ? outcome : runState.last,
      });
      if (outcome.sent || outcome.conflicts) notifyChanged();
    }
    if (outcome.stopped === 'offline' || outcome.stopped === 'unavailable') {
      retry = setTimeout(() => void syncNow(owner), RETRY_MS);
    }
  })
    .catch((error: unknown) => console.warn('Offline changes not synced yet', error))
    .finally(() => {
      running = null;
    });
  return running;
}

/** Queues a write and sends it as soon as it can be. */
export async function queueAndSync(write: QueuedWrite): Promise<void> {
  const { queueWrite } = await import('./outbox-write');
  await queueWrite(write);
  notifyChanged();
  void syncNow(write.owner);
}

/** Keeps syncing for the signed-in learner while the page is open. */
export function useSyncRunner(owner: string | null): void {
  useEffect(() => {
    if (!owner) return;
    const sync = () => void syncNow(owner);
    sync();
    window.addEventListener('online', sync);
    return () => {
      window.removeEventListener('online', sync);
      clearTimeout(retry);
    };
  }, [owner]);
}

export { useOnline } from './online';

export type SyncState = {
  /** Writes waiting to be sent. */
  pending: number;
  conflicts: SyncConflict[];
  syncing: boolean;
  /** The last replay in this tab sent something and nothing waits: "Synced". */
  synced: boolean;
};

/** What the learner's offline writes are doing, for the status line. */
export function useSyncState(owner: string | null): SyncState {
  const [state, setState] = useState<SyncState>({
    pending: 0,
    conflicts: [],
    syncing: false,
    synced: false,
  });
  useEffect(() => {
    if (!owner) return;
    let live = true;
    const read = async () => {
      try {
        const [queue, refused] = await Promise.all([queuedWrites(owner), conflicts(owner)]);
        if (!live) return;
        setState({
          pending: queue.length,
          conflicts: refused,
          syncing: runState.syncing,
          synced: queue.length === 0 && (runState.last?.sent ?? 0) > 0,
        });
      } catch (error) {
        // No IndexedDB (a private window in some browsers): nothing is ever queued here.
        warnOfflineDataUnavailable(error);
      }
    };
    void read();
    const stop = onChanged(() => void read());
    return () => {
      live = false;
      stop();
    };
  }, [owner]);
  return state;
}
