import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './client.ts';
import { counters } from './schema.ts';

const GUARD_KEY = 'batch-guard';

export type Statement = BatchItem<'sqlite'>;

/**
 * A statement for a db.batch that fails (a NOT NULL violation on counters.value) unless the
 * condition holds when it runs. D1 runs a batch as one transaction and rolls all of it back when a
 * statement fails, so a rule checked before a write (the last active admin, a row that changed
 * meanwhile) also holds against a concurrent write. `changes()` in the condition refers to the
 * statement just before this one.
 */
export function abortUnless(db: Db, condition: SQL) {
  return db.insert(counters).select(sql`SELECT ${GUARD_KEY}, NULL, 0 WHERE NOT (${condition})`);
}

/** Whether a failed batch carries this text at any level (D1 wraps SQLite's message in causes). */
export function abortedWith(error: unknown, text: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (String((e as { message?: unknown }).message ?? e).includes(text)) return true;
  }
  return false;
}

export const isGuardFailure = (error: unknown) => abortedWith(error, 'counters.value');
