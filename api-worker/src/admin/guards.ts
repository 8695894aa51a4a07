import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../db/client.ts';
import { counters } from '../db/schema.ts';
import { conflict } from '../lib/http.ts';

const GUARD_KEY = 'admin.batch-guard';

/**
 * A statement for a db.batch that fails (a NOT NULL violation on counters.value) unless the
 * condition holds when it runs. D1 runs a batch as one transaction and rolls all of it back when a
 * statement fails, so the rules checked before a write (the last active admin, an account that
 * changed meanwhile) also hold against a concurrent write. `changes()` in the condition refers to
 * the statement just before this one.
 */
export function abortUnless(db: Db, condition: SQL) {
  return db.insert(counters).select(sql`SELECT ${GUARD_KEY}, NULL, 0 WHERE NOT (${condition})`);
}

export function isGuardFailure(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (String((e as { message?: unknown }).message ?? e).includes('counters.value')) return true;
  }
  return false;
}

export const CHANGED_MEANWHILE =
  'This account changed while you were editing it. Refresh the list and try again.';

export type Statement = BatchItem<'sqlite'>;

/** Runs a guarded batch (one or more statements); a failed guard answers 409, not a server error. */
export async function guardedBatch(db: Db, statements: readonly Statement[]) {
  try {
    return await db.batch(statements as unknown as [Statement, ...Statement[]]);
  } catch (error) {
    if (isGuardFailure(error)) throw conflict(CHANGED_MEANWHILE, 'CHANGED_MEANWHILE');
    throw error;
  }
}
