import type { Db } from '../db/client.ts';
import { isGuardFailure, type Statement } from '../db/guards.ts';
import { conflict } from '../lib/http.ts';

export const CHANGED_MEANWHILE =
  'This account changed while you were editing it. Refresh the list and try again.';

/** Runs a guarded batch (one or more statements); a failed guard answers 409, not a server error. */
export async function guardedBatch(db: Db, statements: readonly Statement[]) {
  try {
    return await db.batch(statements as unknown as [Statement, ...Statement[]]);
  } catch (error) {
    if (isGuardFailure(error)) throw conflict(CHANGED_MEANWHILE, 'CHANGED_MEANWHILE');
    throw error;
  }
}
