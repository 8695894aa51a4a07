import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { quizAttempts } from '../db/schema.ts';
import { bumpCounter } from '../lib/events.ts';
import { isCloseRefused } from './queries.ts';
import { ATTEMPT_ABANDON_AFTER_MS } from './constants.ts';

/** D1 binds at most 100 parameters per statement. */
const CHUNK = 90;
/** Enough for a day's backlog; whatever is left waits for the next run. */
const MAX_ROUNDS = 100;

/**
 * Daily cron: an in-progress attempt untouched for 24 hours becomes abandoned. Each chunk is
 * closed with its counter in one batch; the close-once trigger aborts a chunk in which an attempt
 * was finished meanwhile, and the next round reads the stale ones again.
 */
export async function abandonStaleAttempts({ db, now }: { db: Db; now: number }) {
  const cutoff = now - ATTEMPT_ABANDON_AFTER_MS;
  let abandoned = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const stale = await db
      .select({ id: quizAttempts.id })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.status, 'in-progress'), lt(quizAttempts.lastActivityAt, cutoff)))
      .limit(CHUNK);
    if (stale.length === 0) break;
    const ids = stale.map((row) => row.id);
    try {
      await db.batch([
        db.update(quizAttempts).set({ status: 'abandoned' }).where(inArray(quizAttempts.id, ids)),
        bumpCounter(db, 'attempts.abandoned', ids.length),
      ]);
      abandoned += ids.length;
    } catch (error) {
      if (!isCloseRefused(error)) throw error;
    }
  }
  return abandoned;
}
