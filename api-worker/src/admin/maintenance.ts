import { and, asc, inArray, lt, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client.ts';
import {
  activities,
  analyticsEvents,
  dailyVisitors,
  emails,
  requestMetrics,
} from '../db/schema.ts';
import { utcDay } from '../lib/time.ts';
import { minuteOf } from '../lib/time.ts';
import {
  BOOKKEEPING_RETENTION_DAYS,
  PURGE_BATCH_ROWS,
  PURGE_MAX_BATCHES,
  REQUEST_METRICS_RETENTION_DAYS,
  VISITOR_HASH_RETENTION_DAYS,
} from './constants.ts';

const DAY_MS = 86_400_000;

/** Daily cron: request metrics beyond their retention, and visitor hashes once they are not needed. */
export async function pruneAdminMetrics({ db, now }: { db: Db; now: number }) {
  await db.batch([
    db
      .delete(requestMetrics)
      .where(lt(requestMetrics.minute, minuteOf(now - REQUEST_METRICS_RETENTION_DAYS * DAY_MS))),
    db
      .delete(dailyVisitors)
      .where(lt(dailyVisitors.day, utcDay(now - (VISITOR_HASH_RETENTION_DAYS - 1) * DAY_MS))),
  ]);
}

type PurgeTarget = {
  table: SQLiteTable;
  id: SQLiteColumn;
  createdAt: SQLiteColumn;
  /** Which old rows may go at all (an email still waiting to be sent stays, whatever its age). */
  only?: SQL;
};

/**
 * Raw bookkeeping older than BOOKKEEPING_RETENTION_DAYS: analytics events (their daily counts
 * live in daily_metrics), settled emails (emails_sent / emails_failed per day too) and the admin
 * activity feed. The oldest go first, PURGE_BATCH_ROWS a statement through the created_at index
 * and at most PURGE_MAX_BATCHES statements a table a day, so a run stays small whatever piled up;
 * what is left waits for the next day. A learner's own history (attempts, progress, notes,
 * bookmarks, purchases) is never touched.
 */
export async function purgeOldBookkeeping({ db, now }: { db: Db; now: number }) {
  const cutoff = now - BOOKKEEPING_RETENTION_DAYS * DAY_MS;
  const targets: Record<string, PurgeTarget> = {
    analytics_events: {
      table: analyticsEvents,
      id: analyticsEvents.id,
      createdAt: analyticsEvents.createdAt,
    },
    emails: {
      table: emails,
      id: emails.id,
      createdAt: emails.createdAt,
      only: inArray(emails.status, ['sent', 'failed']),
    },
    activities: { table: activities, id: activities.id, createdAt: activities.createdAt },
  };
  const deleted: Record<string, number> = {};
  for (const [name, target] of Object.entries(targets)) {
    deleted[name] = 0;
    for (let batch = 0; batch < PURGE_MAX_BATCHES; batch++) {
      const oldest = db
        .select({ id: target.id })
        .from(target.table)
        .where(and(lt(target.createdAt, cutoff), target.only))
        .orderBy(asc(target.createdAt))
        .limit(PURGE_BATCH_ROWS);
      const result = await db.delete(target.table).where(inArray(target.id, oldest));
      const rows = result.meta.changes ?? 0;
      deleted[name] += rows;
      if (rows < PURGE_BATCH_ROWS) break;
    }
  }
  return deleted;
}
