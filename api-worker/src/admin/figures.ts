import { inArray, sql } from 'drizzle-orm';
import {
  addHistogram,
  emptyHistogram,
  histogramQuantile,
  percentOf,
  type SystemHealth,
} from '@drone-exam/shared';
import type { Db } from '../db/client.ts';
import { counters, requestMetrics } from '../db/schema.ts';
import type { CounterKey } from '../db/counters.ts';
import { minuteOf } from '../lib/time.ts';
import { SYSTEM_HEALTH_WINDOW_MINUTES } from './constants.ts';

/** A select of some global counters, for the caller's batch; read it back with counterValues. */
export function selectCounters(db: Db, keys: readonly CounterKey[]) {
  return db
    .select({ key: counters.key, value: counters.value })
    .from(counters)
    .where(inArray(counters.key, [...keys]));
}

export function counterValues<K extends CounterKey>(
  rows: Array<{ key: string; value: number }>,
  keys: readonly K[],
): Record<K, number> {
  const values = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const row of rows) if (row.key in values) values[row.key as K] = row.value;
  return values;
}

/** The request metrics of the System Health window: at most one row per minute. */
export function selectRecentRequestMetrics(db: Db, now: number) {
  return db
    .select()
    .from(requestMetrics)
    .where(sql`${requestMetrics.minute} > ${minuteOf(now) - SYSTEM_HEALTH_WINDOW_MINUTES}`);
}

export function systemHealth(rows: Array<typeof requestMetrics.$inferSelect>): SystemHealth {
  const histogram = emptyHistogram();
  let requests = 0;
  let serverErrors = 0;
  for (const row of rows) {
    requests += row.requests;
    serverErrors += row.errors;
    try {
      const counts: unknown = JSON.parse(row.latencyJson);
      if (Array.isArray(counts)) addHistogram(histogram, counts);
    } catch {
      // A malformed row only loses its latencies; its counts above still stand.
    }
  }
  return {
    windowMinutes: SYSTEM_HEALTH_WINDOW_MINUTES,
    requests,
    serverErrors,
    errorRate: percentOf(serverErrors, requests),
    medianLatencyMs: histogramQuantile(histogram, 0.5),
    p95LatencyMs: histogramQuantile(histogram, 0.95),
  };
}
