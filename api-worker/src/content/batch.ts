export type { Statement } from '../db/batch.ts';

/** D1 binds at most 100 parameters per statement. */
export const D1_MAX_PARAMS = 100;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** True when D1 refused a write because it would break the named unique index or column. */
export function isUniqueViolation(error: unknown, column: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.message.includes('UNIQUE constraint failed') && e.message.includes(column)) return true;
  }
  return false;
}
