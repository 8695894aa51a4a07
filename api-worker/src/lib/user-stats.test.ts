import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, testDb } from '../../test/helpers.ts';
import { userStats } from '../db/schema.ts';
import { currentStreak, updateUserStats } from './user-stats.ts';

const DAY = 86_400_000;
const read = async (userId: string) =>
  (await testDb().select().from(userStats).where(eq(userStats.userId, userId)))[0]!;

describe('updateUserStats', () => {
  it('adds deltas and keeps the best score', async () => {
    const user = await createUser();
    const db = testDb();
    await db.batch([
      updateUserStats(db, user.id, { attemptsCompleted: 1, scoreSum: 72 }, { bestScore: 72 }),
    ]);
    await db.batch([
      updateUserStats(db, user.id, { attemptsCompleted: 1, scoreSum: 60 }, { bestScore: 60 }),
    ]);
    const stats = await read(user.id);
    expect(stats).toMatchObject({ attemptsCompleted: 2, scoreSum: 132, bestScore: 72 });
  });

  it('grows the streak on consecutive days, holds it within a day, restarts after a gap', async () => {
    const user = await createUser();
    const db = testDb();
    const day1 = Date.UTC(2026, 10, 1, 10);
    await db.batch([updateUserStats(db, user.id, { studySeconds: 60 }, { now: day1 })]);
    await db.batch([updateUserStats(db, user.id, { studySeconds: 60 }, { now: day1 + 3_600_000 })]);
    expect((await read(user.id)).currentStreak).toBe(1);
    await db.batch([updateUserStats(db, user.id, { studySeconds: 60 }, { now: day1 + DAY })]);
    expect((await read(user.id)).currentStreak).toBe(2);
    await db.batch([updateUserStats(db, user.id, { studySeconds: 60 }, { now: day1 + 4 * DAY })]);
    const stats = await read(user.id);
    expect(stats).toMatchObject({ currentStreak: 1, studySeconds: 240 });
    expect(currentStreak(stats, day1 + 5 * DAY)).toBe(1);
    expect(currentStreak(stats, day1 + 6 * DAY)).toBe(0);
  });
});
