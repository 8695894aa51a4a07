import { createMiddleware } from 'hono/factory';
import { emptyHistogram, latencyBucket } from '@drone-exam/shared';
import type { AppEnv } from '../env.ts';
import { minuteOf } from './figures.ts';

/**
 * Adds one request to its minute's row of request_metrics: the count, a server error (5xx), and
 * its latency in the histogram of LATENCY_BUCKETS_MS. Raw D1, not the request's instrumented
 * session: this write is bookkeeping, not part of the request's budget.
 */
export async function recordRequestMetric(
  d1: D1Database,
  startedAt: number,
  latencyMs: number,
  serverError: boolean,
) {
  const bucket = latencyBucket(latencyMs);
  const histogram = emptyHistogram();
  histogram[bucket] = 1;
  await d1
    .prepare(
      `INSERT INTO request_metrics (minute, requests, errors, latency_json) VALUES (?1, 1, ?2, ?3)
       ON CONFLICT(minute) DO UPDATE SET
         requests = requests + 1,
         errors = errors + excluded.errors,
         latency_json = json_set(latency_json, ?4, coalesce(json_extract(latency_json, ?4), 0) + 1)`,
    )
    .bind(minuteOf(startedAt), serverError ? 1 : 0, JSON.stringify(histogram), `$[${bucket}]`)
    .run();
}

/**
 * Measures every API request for the admin's System Health. The write happens after the answer
 * (waitUntil), so it adds no D1 round trip to the request; calls between our own workers
 * (/api/internal) are not traffic and are left out.
 */
export const requestMetrics = createMiddleware<AppEnv>(async (c, next) => {
  const startedAt = Date.now();
  await next();
  if (c.req.path.startsWith('/api/internal/') || c.req.method === 'OPTIONS') return;
  const write = recordRequestMetric(
    c.env.DB,
    startedAt,
    Date.now() - startedAt,
    c.res.status >= 500,
  ).catch((error: unknown) => console.error('Request metric not recorded', error));
  try {
    c.executionCtx.waitUntil(write);
  } catch {
    await write;
  }
});
