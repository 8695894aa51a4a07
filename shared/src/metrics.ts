/** Upper bounds (ms) of the API latency histogram kept per minute in request_metrics; one more bucket holds the rest. */
export const LATENCY_BUCKETS_MS = [10, 25, 50, 100, 250, 500, 1000, 2500, 5000] as const;

/**
 * Pure helpers behind the admin figures: the API latency histogram kept per minute in
 * request_metrics, percentages that stay null when there is nothing to divide, and day ranges for
 * the daily series.
 */

/** The histogram bucket of one request: the first upper bound it fits under, else the last bucket. */
export function latencyBucket(ms: number, bounds: readonly number[] = LATENCY_BUCKETS_MS): number {
  const index = bounds.findIndex((bound) => ms <= bound);
  return index === -1 ? bounds.length : index;
}

export function emptyHistogram(bounds: readonly number[] = LATENCY_BUCKETS_MS): number[] {
  return Array.from({ length: bounds.length + 1 }, () => 0);
}

export function addHistogram(into: number[], counts: readonly unknown[]): number[] {
  counts.forEach((count, i) => {
    if (i < into.length && typeof count === 'number' && Number.isFinite(count)) into[i]! += count;
  });
  return into;
}

/**
 * The q-quantile (0..1) of a latency histogram, interpolated linearly inside its bucket; in the
 * open-ended last bucket it is that bucket's lower bound. Null for an empty histogram.
 */
export function histogramQuantile(
  counts: readonly number[],
  q: number,
  bounds: readonly number[] = LATENCY_BUCKETS_MS,
): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total <= 0) return null;
  const target = q * total;
  let below = 0;
  for (let i = 0; i < counts.length; i++) {
    const count = counts[i] ?? 0;
    if (count > 0 && below + count >= target) {
      const lower = i === 0 ? 0 : (bounds[i - 1] ?? 0);
      const upper = bounds[i];
      if (upper === undefined) return lower;
      return Math.round(lower + (upper - lower) * ((target - below) / count));
    }
    below += count;
  }
  return bounds[bounds.length - 1] ?? null;
}

/** part / whole in percent, or null when there is no whole (never an invented 0 %). */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? (part / whole) * 100 : null;
}

const DAY_MS = 86_400_000;

/** The last `days` UTC days up to and including the day of `endMs`, oldest first, as YYYY-MM-DD. */
export function dayRange(endMs: number, days: number): string[] {
  const end = Math.floor(endMs / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** The Monday (UTC) that starts the ISO week of a YYYY-MM-DD day. */
export function weekStart(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}
