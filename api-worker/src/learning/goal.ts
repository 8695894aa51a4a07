/**
 * The daily goal and the streak (issue 31). Each answer counts in the learner's day (learner_days,
 * their own time zone) in the answer's batch; the day is met at the goal, or when the answer
 * clears the last review due that day. When a day becomes met the streak state (learner_streaks)
 * moves on, freezing the missed days since; reads settle it as of today (streak.ts).
 */
import { and, asc, eq, gte, isNotNull, sql, type SQL } from 'drizzle-orm';
import { DAILY_GOAL_DEFAULT } from '@drone-exam/shared/schemas/learning-values';
import { DEFAULT_TIME_ZONE, STREAK_CALENDAR_DAYS } from './constants.ts';
import type { DailyGoal, Streak } from '@drone-exam/shared/schemas/learning';
import type { Db } from '../db/client.ts';
import { learnerDays, learnerPlans, learnerQuestions, learnerStreaks } from '../db/schema.ts';
import type { AnswerFeature } from '../lib/answer-feature.ts';
import { addDays, dayStart, localDay } from './days.ts';
import { planOf } from './plan.ts';
import { NO_STREAK, meetDay, streakToday, type StreakState } from './streak.ts';

type GoalRow = { timeZone: string; dailyGoal: number };
type StreakRow = Omit<StreakState, 'lastMetDay'> & { lastMetDay: string };
type DueRow = { questionSeq: number; dueAt: number | null };

const goalOf = (db: Db, userId: string) =>
  db
    .select({ timeZone: learnerPlans.timeZone, dailyGoal: learnerPlans.dailyGoal })
    .from(learnerPlans)
    .where(eq(learnerPlans.userId, userId))
    .limit(1);

const streakOf = (db: Db, userId: string) =>
  db
    .select({
      current: learnerStreaks.current,
      longest: learnerStreaks.longest,
      freezes: learnerStreaks.freezes,
      lastMetDay: learnerStreaks.lastMetDay,
    })
    .from(learnerStreaks)
    .where(eq(learnerStreaks.userId, userId))
    .limit(1);

const goalSettings = (row: GoalRow | undefined): GoalRow => ({
  timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
  dailyGoal: row?.dailyGoal ?? DAILY_GOAL_DEFAULT,
});

/** The streak's day has not counted yet: no state, or state last moved on an earlier day. */
const notCountedYet = (userId: string, today: string) =>
  sql`coalesce((select ${learnerStreaks.lastMetDay} from ${learnerStreaks} where ${learnerStreaks.userId} = ${userId}), '') < ${today}`;

const todayMet = (userId: string, today: string) =>
  sql`exists (select 1 from ${learnerDays} where ${learnerDays.userId} = ${userId} and ${learnerDays.day} = ${today} and ${learnerDays.met} = 1)`;

/**
 * The streak's writes once today may have become met, placed after today's count in the same
 * batch: the missed days frozen, then the state. Both hold only if today is met by then and the
 * streak has not counted it, so two answers at once move it once.
 */
function streakWrites(
  db: Db,
  userId: string,
  state: StreakState,
  today: string,
  now: number,
  when: SQL,
) {
  const next = meetDay(state, today);
  const guard = and(todayMet(userId, today), notCountedYet(userId, today), when)!;
  const frozen = next.frozenDays.length
    ? [
        db
          .insert(learnerDays)
          .select(
            sql`select ${userId}, value, 0, 0, 1 from json_each(${JSON.stringify(next.frozenDays)}) where ${guard}`,
          )
          .onConflictDoUpdate({
            target: [learnerDays.userId, learnerDays.day],
            set: { frozen: true },
          }),
      ]
    : [];
  return [
    ...frozen,
    db
      .insert(learnerStreaks)
      .select(
        sql`select ${userId}, ${next.current}, ${next.longest}, ${next.freezes}, ${today}, ${now} where ${guard}`,
      )
      .onConflictDoUpdate({
        target: learnerStreaks.userId,
        set: {
          current: next.current,
          longest: next.longest,
          freezes: next.freezes,
          lastMetDay: today,
          updatedAt: now,
        },
      }),
  ];
}

const stateOf = (row: StreakRow | undefined): StreakState => row ?? NO_STREAK;

/**
 * Whether this answer clears the last review due today: the answered card was due before the end
 * of the learner's day and no other card is. The two earliest due cards (from the
 * (user_id, card_due_at) index) tell both.
 */
function clearsReviews(due: DueRow[], questionSeq: number, dayEnd: number) {
  const answered = due.find((row) => row.questionSeq === questionSeq);
  if (!answered || answered.dueAt === null || answered.dueAt >= dayEnd) return false;
  return due.every((row) => row.questionSeq === questionSeq || (row.dueAt ?? dayEnd) >= dayEnd);
}

/** The answer feature: today's count and met flag, and the streak when today becomes met. */
export const dailyGoal: AnswerFeature = {
  reads: (db, { userId }) => [
    goalOf(db, userId),
    streakOf(db, userId),
    db
      .select({ questionSeq: learnerQuestions.questionSeq, dueAt: learnerQuestions.cardDueAt })
      .from(learnerQuestions)
      .where(and(eq(learnerQuestions.userId, userId), isNotNull(learnerQuestions.cardDueAt)))
      .orderBy(asc(learnerQuestions.cardDueAt))
      .limit(2),
  ],
  writes: (db, answer, read) => {
    const [[goalRow], [streakRow], due] = read as [GoalRow[], StreakRow[], DueRow[]];
    const { userId, now, when } = answer;
    const { timeZone, dailyGoal: goal } = goalSettings(goalRow);
    const today = localDay(now, timeZone);
    const cleared = clearsReviews(due, answer.questionSeq, dayStart(addDays(today, 1), timeZone));
    return [
      db
        .insert(learnerDays)
        .select(sql`select ${userId}, ${today}, 1, ${cleared ? 1 : 0}, 0 where ${when}`)
        .onConflictDoUpdate({
          target: [learnerDays.userId, learnerDays.day],
          set: {
            answered: sql`${learnerDays.answered} + 1`,
            met: cleared
              ? sql`1`
              : sql`max(${learnerDays.met}, ${learnerDays.answered} + 1 >= ${goal})`,
          },
        }),
      ...streakWrites(db, userId, stateOf(streakRow), today, now, when),
    ];
  },
};

export async function readGoal(db: Db, userId: string): Promise<DailyGoal> {
  const [row] = await goalOf(db, userId);
  const { timeZone, dailyGoal: dailyQuestions } = goalSettings(row);
  return { dailyQuestions, timeZone };
}

/**
 * Sets the goal (and the learner's zone when the browser sent it). A goal lowered to what today
 * already answered meets today there and then. Two round trips: the plan and the streak, then the
 * plan, today and the streak in one batch.
 */
export async function setGoal(
  db: Db,
  userId: string,
  input: { dailyQuestions: number; timeZone?: string | undefined },
  now: number,
): Promise<DailyGoal> {
  const [[plan], [streakRow]] = await db.batch([planOf(db, userId), streakOf(db, userId)]);
  const timeZone = input.timeZone ?? plan?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = localDay(now, timeZone);
  const change = { dailyGoal: input.dailyQuestions, timeZone };
  await db.batch([
    db
      .insert(learnerPlans)
      .values({ userId, ...change, updatedAt: now })
      .onConflictDoUpdate({ target: learnerPlans.userId, set: { ...change, updatedAt: now } }),
    db
      .update(learnerDays)
      .set({ met: true })
      .where(
        and(
          eq(learnerDays.userId, userId),
          eq(learnerDays.day, today),
          gte(learnerDays.answered, input.dailyQuestions),
        ),
      ),
    ...streakWrites(db, userId, stateOf(streakRow), today, now, sql`1`),
  ]);
  return { dailyQuestions: input.dailyQuestions, timeZone };
}

/**
 * The streak as of the learner's today and their last STREAK_CALENDAR_DAYS days, in one round trip:
 * the plan, the state and the day rows from a day before any zone's first calendar day.
 */
export async function readStreak(db: Db, userId: string, now: number): Promise<Streak> {
  const earliest = addDays(localDay(now, 'UTC'), -STREAK_CALENDAR_DAYS);
  const [[goalRow], [streakRow], rows] = await db.batch([
    goalOf(db, userId),
    streakOf(db, userId),
    db
      .select({
        day: learnerDays.day,
        answered: learnerDays.answered,
        met: learnerDays.met,
        frozen: learnerDays.frozen,
      })
      .from(learnerDays)
      .where(and(eq(learnerDays.userId, userId), gte(learnerDays.day, earliest))),
  ]);
  const { timeZone, dailyGoal: goal } = goalSettings(goalRow);
  const today = localDay(now, timeZone);
  const streak = streakToday(stateOf(streakRow), today);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const frozenNow = new Set(streak.frozenDays);
  const days = Array.from({ length: STREAK_CALENDAR_DAYS }, (_, i) => {
    const date = addDays(today, i - STREAK_CALENDAR_DAYS + 1);
    const row = byDay.get(date);
    return {
      date,
      met: row?.met ?? false,
      frozen: Boolean(row?.frozen) || frozenNow.has(date),
    };
  });
  const todayRow = byDay.get(today);
  return {
    current: streak.current,
    longest: streak.longest,
    freezesHeld: streak.freezesHeld,
    todayMet: todayRow?.met ?? false,
    todayAnswered: todayRow?.answered ?? 0,
    goal,
    days,
  };
}
