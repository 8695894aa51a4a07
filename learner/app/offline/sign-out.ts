import { conflicts, queuedWrites } from './outbox';
import { syncNow } from './sync';

/**
 * Before signing out, which deletes everything kept on this device: sends what waits, if the
 * browser is online, and answers how many of the learner's changes still have not reached their
 * account (waiting, or refused and shown as conflicts), so the page can ask before losing them.
 */
export async function unsyncedBeforeSignOut(owner: string): Promise<number> {
  const count = async () => (await queuedWrites(owner)).length + (await conflicts(owner)).length;
  if ((await count()) === 0) return 0;
  await syncNow(owner);
  return count();
}
