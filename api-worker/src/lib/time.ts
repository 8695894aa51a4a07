export const iso = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();

/** YYYY-MM-DD in UTC, the unit of streaks and daily metrics. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The minute a time falls in, the key of the request metrics' rows. */
export const minuteOf = (ms: number) => Math.floor(ms / 60_000);
