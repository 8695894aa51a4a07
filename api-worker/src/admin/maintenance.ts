import { lt } from 'drizzle-orm';
import {
  REQUEST_METRICS_RETENTION_DAYS,
  VISITOR_HASH_RETENTION_DAYS,
} from '@drone-exam/shared/constants';
import type { Db } from '../db/client.ts';
import { dailyVisitors, requestMetrics } from '../db/schema.ts';
import { utcDay } from '../lib/time.ts';
import { minuteOf } from './figures.ts';

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
