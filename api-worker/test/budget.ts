import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { queryRecorder } from '../src/db/instrument.ts';

export const MAX_ROUND_TRIPS = 2;

/**
 * Runs one API call with D1 instrumented and returns what it cost: round trips (a batch counts
 * as one) and every statement's query plan. A plan step that reads a whole table ("SCAN t" with
 * no index) is a table scan. FTS virtual tables answer MATCH through their own index.
 */
export async function measure(call: () => Promise<unknown>) {
  queryRecorder.start();
  let log;
  try {
    await call();
  } finally {
    log = queryRecorder.stop()!;
  }
  const scans: string[] = [];
  // What the reads cost in rows, asked of D1 again with the same values (reads change nothing).
  let rowsRead = 0;
  for (const { sql, params } of log.calls) {
    if (!/^\s*(select|with)/i.test(sql)) continue;
    const { meta } = await env.DB.prepare(sql)
      .bind(...params)
      .all();
    rowsRead += meta.rows_read ?? 0;
  }
  for (const sql of log.statements) {
    if (!/^\s*(select|with|update|delete|insert)/i.test(sql)) continue;
    const explained = await explain(sql);
    for (const step of explained) {
      if (/^SCAN \S+$/.test(step) && !/_fts\b/.test(step)) scans.push(`${step}  ←  ${sql}`);
    }
  }
  return { roundTrips: log.roundTrips, statements: log.statements, scans, rowsRead };
}

/** EXPLAIN QUERY PLAN with every parameter bound to NULL (the plan does not depend on values). */
async function explain(sql: string): Promise<string[]> {
  const params = (sql.match(/\?/g) ?? []).map(() => null);
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

export async function expectWithinBudget(
  call: () => Promise<unknown>,
  maxRoundTrips = MAX_ROUND_TRIPS,
) {
  const cost = await measure(call);
  expect(cost.scans, 'table scans').toEqual([]);
  expect(cost.roundTrips, `D1 round trips for:\n${cost.statements.join('\n')}`).toBeLessThanOrEqual(
    maxRoundTrips,
  );
  return cost;
}
