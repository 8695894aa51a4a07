import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { QueuedWrite, SavedModule, SyncConflict, ToolsSnapshot } from './types';

/**
 * The learner's offline data on this device, in IndexedDB, shared by the pages and the service
 * worker. Every record carries its owner (the learner's id): a page reads only the signed-in
 * learner's, the worker deletes everyone else's when another learner signs in, and signing out
 * deletes all of it.
 */
export const OFFLINE_DB = 'dronecert-offline';

const DB_VERSION = 1;

type ByOwner = { owner: string };

interface OfflineSchema extends DBSchema {
  /** `scope`: whose pages the service worker last served (the learner's id or `visitor`). */
  meta: { key: string; value: string };
  saved: { key: [string, string]; value: SavedModule; indexes: ByOwner };
  tools: { key: [string, string]; value: ToolsSnapshot; indexes: ByOwner };
  outbox: { key: number; value: QueuedWrite; indexes: ByOwner };
  conflicts: { key: number; value: SyncConflict; indexes: ByOwner };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;
export const PERSONAL_STORES = ['saved', 'tools', 'outbox', 'conflicts'] as const;

let opening: Promise<OfflineDb> | null = null;

export function offlineDb(): Promise<OfflineDb> {
  opening ??= openDB<OfflineSchema>(OFFLINE_DB, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('meta');
      db.createObjectStore('saved', { keyPath: ['owner', 'slug'] }).createIndex('owner', 'owner');
      db.createObjectStore('tools', { keyPath: ['owner', 'moduleId'] }).createIndex(
        'owner',
        'owner',
      );
      for (const name of ['outbox', 'conflicts'] as const) {
        db.createObjectStore(name, { keyPath: 'id', autoIncrement: true }).createIndex(
          'owner',
          'owner',
        );
      }
    },
    // Another tab or the worker upgrading: let it, and open again on next use.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Deletes every personal record, or every one not owned by `keep`. */
export async function forgetOwners(keep: string | null = null): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(PERSONAL_STORES, 'readwrite');
  await Promise.all(
    PERSONAL_STORES.map(async (name) => {
      const store = tx.objectStore(name);
      if (keep === null) return store.clear();
      for (let cursor = await store.openCursor(); cursor; cursor = await cursor.continue()) {
        if (cursor.value.owner !== keep) await cursor.delete();
      }
    }),
  );
  await tx.done;
}

export async function readScope(): Promise<string | null> {
  return (await (await offlineDb()).get('meta', 'scope')) ?? null;
}

export async function writeScope(scope: string): Promise<void> {
  await (await offlineDb()).put('meta', scope, 'scope');
}

/** The learner's saved modules (those they chose to keep). */
export async function savedModules(owner: string): Promise<SavedModule[]> {
  const all = await (await offlineDb()).getAllFromIndex('saved', 'owner', owner);
  return all.filter((module) => module.saved).sort((a, b) => a.title.localeCompare(b.title));
}
