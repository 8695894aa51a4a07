import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { userStats } from '../db/schema.ts';
import { utcDay } from './time.ts';

const DAY_MS = 86_400_000;

/**
 * The learner's per-user counters (user_stats, one row per user, created at registration) are
 * changed only through these builders, so study and quiz code keep them the same way and the
 * dashboard reads one row. Each returns a query for the caller's db.batch([...]).
 */
export type UserStatsDelta = Partial<{
  attemptsStarted: number;
  attemptsCompleted: number;
  scoreSum: number;
  modulesStarted: number;
  modulesCompleted: number;
  progressSum: number;
  studySeconds: number;
  bookmarksCount: number;
  notesCount: number;
}>;

const COLUMNS = {
  attemptsStarted: userStats.attemptsStarted,
  attemptsCompleted: userStats.attemptsCompleted,
  scoreSum: userStats.scoreSum,
  modulesStarted: userStats.modulesStarted,
  modulesCompleted: userStats.modulesCompleted,
  progressSum: userStats.progressSum,
  studySeconds: userStats.studySeconds,
  bookmarksCount: userStats.bookmarksCount,
  notesCount: userStats.notesCount,
} as const;

/**
 * Adds the deltas, optionally raises the best score, and counts today towards the streak: the
 * streak grows on the first active day after an active yesterday, stays on a second activity the
 * same day, and restarts at 1 after a gap.
 */
export function updateUserStats(
  db: Db,
  userId: string,
  delta: UserStatsDelta,
  options: { now?: number; bestScore?: number; activity?: boolean } = {},
) {
  const now = options.now ?? Date.now();
  const today = utcDay(now);
  const yesterday = utcDay(now - DAY_MS);
  const set: Record<string, unknown> = { updatedAt: now };
  for (const [key, value] of Object.entries(delta)) {
    if (!value) continue;
    const column = COLUMNS[key as keyof typeof COLUMNS];
    set[key] = sql`${column} + ${value}`;
  }
  if (options.bestScore !== undefined) {
    set.bestScore = sql`max(coalesce(${userStats.bestScore}, 0), ${options.bestScore})`;
  }
  if (options.activity !== false) {
    set.currentStreak = sql`case when ${userStats.lastActivityDay} = ${today} then ${userStats.currentStreak} when ${userStats.lastActivityDay} = ${yesterday} then ${userStats.currentStreak} + 1 else 1 end`;
    set.lastActivityDay = today;
    set.lastActivityAt = now;
  }
  return db
    .update(userStats)
    .set(set)
    .where(sql`${userStats.userId} = ${userId}`);
}

/** The streak as of now: a streak whose last day is before yesterday has lapsed. */
export function currentStreak(
  stats: { currentStreak: number; lastActivityDay: string | null },
  now = Date.now(),
): number {
  if (!stats.lastActivityDay) return 0;
  return stats.lastActivityDay === utcDay(now) || stats.lastActivityDay === utcDay(now - DAY_MS)
    ? stats.currentStreak
    : 0;
}
