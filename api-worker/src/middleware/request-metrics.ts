import { createMiddleware } from 'hono/factory';
import { emptyHistogram, latencyBucket } from '@drone-exam/shared';
import type { AppEnv } from '../env.ts';
import { minuteOf } from '../lib/time.ts';
import { REQUEST_METRICS_FLUSH_MS } from './constants.ts';

type MinuteTally = { requests: number; errors: number; histogram: number[] };

/**
 * The requests one isolate served since its last flush, per minute: counts, server errors and
 * the latency histogram of LATENCY_BUCKETS_MS. Requests only add to it in memory; a request that
 * finds the oldest tally REQUEST_METRICS_FLUSH_MS old writes them all in one statement per minute
 * after its answer, so System Health costs no D1 write per request. What an isolate holds when it
 * is evicted is lost (a few seconds of counts at most): the figures are a measure, not a ledger.
 */
export class RequestTally {
  private minutes = new Map<number, MinuteTally>();
  private oldest: number | null = null;

  add(startedAt: number, latencyMs: number, serverError: boolean) {
    const minute = minuteOf(startedAt);
    const tally = this.minutes.get(minute) ?? {
      requests: 0,
      errors: 0,
      histogram: emptyHistogram(),
    };
    tally.requests += 1;
    if (serverError) tally.errors += 1;
    tally.histogram[latencyBucket(latencyMs)]! += 1;
    this.minutes.set(minute, tally);
    this.oldest ??= startedAt;
  }

  /** Everything held, emptied out, when it is due (or `force`d); null when nothing is due. */
  take(now: number, force = false): Array<[number, MinuteTally]> | null {
    if (this.oldest === null) return null;
    if (!force && now - this.oldest < REQUEST_METRICS_FLUSH_MS) return null;
    const taken = [...this.minutes];
    this.minutes = new Map();
    this.oldest = null;
    return taken;
  }
}

/** One isolate's tally. Module state, not I/O: nothing is read, written or timed at load. */
export const requestTally = new RequestTally();

/** Adds the tallies to their minutes' rows (counts summed, histogram buckets added one by one). */
export async function writeRequestMetrics(d1: D1Database, tallies: Array<[number, MinuteTally]>) {
  const statements = tallies.map(([minute, tally]) => {
    const buckets = tally.histogram.flatMap((count, bucket) => (count ? [bucket] : []));
    const merged = buckets.length
      ? `json_set(latency_json, ${buckets
          .map(
            (bucket) =>
              `'$[${bucket}]', coalesce(json_extract(latency_json, '$[${bucket}]'), 0) + ${tally.histogram[bucket]}`,
          )
          .join(', ')})`
      : 'latency_json';
    return d1
      .prepare(
        `INSERT INTO request_metrics (minute, requests, errors, latency_json) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT(minute) DO UPDATE SET
           requests = requests + excluded.requests,
           errors = errors + excluded.errors,
           latency_json = ${merged}`,
      )
      .bind(minute, tally.requests, tally.errors, JSON.stringify(tally.histogram));
  });
  if (statements.length) await d1.batch(statements);
}

/**
 * Measures every API request for the admin's System Health, in the isolate's tally; calls
 * between our own workers (/api/internal) are not traffic and are left out.
 */
export const requestMetrics = createMiddleware<AppEnv>(async (c, next) => {
  const startedAt = Date.now();
  await next();
  if (c.req.path.startsWith('/api/internal/') || c.req.method === 'OPTIONS') return;
  const now = Date.now();
  requestTally.add(startedAt, now - startedAt, c.res.status >= 500);
  const due = requestTally.take(now);
  if (!due) return;
  const write = writeRequestMetrics(c.env.DB, due).catch((error: unknown) =>
    console.error('Request metrics not recorded', error),
  );
  try {
    c.executionCtx.waitUntil(write);
  } catch {
    await write;
  }
});
