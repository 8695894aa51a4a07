import { drizzle } from 'drizzle-orm/d1';
import { instrumentD1 } from './instrument.ts';

type D1Like = D1Database | D1DatabaseSession;

/**
 * Drizzle over one D1 session per request. drizzle-orm 0.45 types only D1Database, but a session
 * has the same prepare/batch surface (drizzle-orm#4522), hence the cast. No schema is passed:
 * the code uses the query builder only, and drizzle would map every table's relations again on
 * each request (about 0.2 ms of CPU per request, measured).
 */
export function createDb(d1: D1Like) {
  return drizzle(instrumentD1(d1) as unknown as D1Database);
}

export type Db = ReturnType<typeof createDb>;

/**
 * Reads may go to the nearest replica, continuing from the client's bookmark so a learner always
 * sees their own writes; writes start at the primary.
 */
export function openSession(db: D1Database, method: string, bookmark: string | undefined) {
  if (method !== 'GET' && method !== 'HEAD') return db.withSession('first-primary');
  return db.withSession(bookmark || 'first-unconstrained');
}
