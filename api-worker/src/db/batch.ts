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

/** A part of a named batch: one statement, or a list of statements whose results are not read. */
type BatchPart = Statement | readonly Statement[];
type PartResult<P> = P extends readonly Statement[]
  ? unknown[]
  : P extends Statement
    ? P['_']['result']
    : never;

/**
 * One batch (one round trip, one transaction) of named parts in the order written. A statement's
 * result comes back under its name, so no caller counts positions; a list runs in place and comes
 * back as its list of results.
 */
export async function namedBatch<T extends Record<string, BatchPart>>(
  db: Db,
  parts: T,
): Promise<{ [K in keyof T]: PartResult<T[K]> }> {
  const entries = Object.entries(parts);
  const statements = entries.flatMap(([, part]) => (Array.isArray(part) ? part : [part]));
  const results: unknown[] = await runBatch(db, statements as Statement[]);
  let at = 0;
  return Object.fromEntries(
    entries.map(([name, part]) => {
      const count = Array.isArray(part) ? part.length : 1;
      const own = results.slice(at, (at += count));
      return [name, Array.isArray(part) ? own : own[0]];
    }),
  ) as { [K in keyof T]: PartResult<T[K]> };
}
