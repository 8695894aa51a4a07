import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './client.ts';

/** A statement a batch can hold. */
export type Statement = BatchItem<'sqlite'>;

/** One atomic round trip for a list of statements built at run time. */
export function runBatch(db: Db, statements: Statement[]) {
  const [first, ...rest] = statements;
  if (!first) return Promise.resolve([]);
  return db.batch([first, ...rest]);
}

/**
 * One batch (one round trip, one transaction): `first` in order, then `named` in the order
 * written, whose results come back by name rather than by position.
 */
export async function batchThen<T extends Record<string, Statement>>(
  db: Db,
  first: Statement[],
  named: T,
): Promise<{ [K in keyof T]: T[K]['_']['result'] }> {
  const names = Object.keys(named);
  const results = await db.batch([...first, ...Object.values(named)] as [
    Statement,
    ...Statement[],
  ]);
  return Object.fromEntries(names.map((name, i) => [name, results[first.length + i]])) as {
    [K in keyof T]: T[K]['_']['result'];
  };
}
