import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../db/client.ts';

export type Statement = BatchItem<'sqlite'>;

/** D1 binds at most 100 parameters per statement. */
export const D1_MAX_PARAMS = 100;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** One atomic round trip for a list of statements built at run time. */
export function runBatch(db: Db, statements: Statement[]) {
  const [first, ...rest] = statements;
  if (!first) return Promise.resolve([]);
  return db.batch([first, ...rest]);
}

/** True when D1 refused a write because it would break the named unique index or column. */
export function isUniqueViolation(error: unknown, column: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.message.includes('UNIQUE constraint failed') && e.message.includes(column)) return true;
  }
  return false;
}
