import { D1PreparedQuery } from 'drizzle-orm/d1';

/** What the guard reads of drizzle's prepared D1 query (its declarations leave these out). */
type MappedQuery = {
  fields?: readonly unknown[];
  mapAllResult(rows: unknown, isFromBatch?: boolean): unknown;
  mapGetResult(result: unknown, isFromBatch?: boolean): unknown;
};

const GUARDED = Symbol.for('drone-exam.collapsed-batch-columns');

/** Throws when a batch row has fewer names than the columns selected: two of them shared one. */
function refuseCollapsed(fields: readonly unknown[] | undefined, rows: unknown) {
  const first = (rows as { results?: Record<string, unknown>[] } | undefined)?.results?.[0];
  if (!fields || !first) return;
  const names = Object.keys(first);
  if (names.length < fields.length)
    throw new Error(
      `A batch select returned columns with the same name: ${fields.length} columns selected, ${names.length} names came back (${names.join(', ')})`,
    );
}

/**
 * D1 returns a batch's rows as objects keyed by column name, and drizzle reads a batch's rows back
 * by position (the object's keys in order): two selected columns with one name (a join's two `id`s)
 * collapse into one key and every later field shifts into the wrong property, silently. In the
 * API tests such a batch select throws instead, naming what came back; outside a batch drizzle
 * reads arrays and nothing collapses.
 */
export function refuseCollapsedBatchColumns() {
  const query = D1PreparedQuery.prototype as unknown as MappedQuery & { [GUARDED]?: true };
  // Every test file's setup asks; the prototype is wrapped once per runtime.
  if (query[GUARDED]) return;
  query[GUARDED] = true;
  const { mapAllResult, mapGetResult } = query;
  query.mapAllResult = function (this: MappedQuery, rows, isFromBatch) {
    if (isFromBatch) refuseCollapsed(this.fields, rows);
    return mapAllResult.call(this, rows, isFromBatch);
  };
  query.mapGetResult = function (this: MappedQuery, result, isFromBatch) {
    if (isFromBatch) refuseCollapsed(this.fields, result);
    return mapGetResult.call(this, result, isFromBatch);
  };
}
