/**
 * A learner's phone reminders (issue 31): their browsers' subscriptions, the hour they chose in
 * their own time zone, and the pause after PUSH_IGNORED_PAUSE reminders left unopened in a row.
 * The hourly cron (reminders.ts) looks at a learner when learner_plans.push_next_at has come.
 */
import { and, count, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { PushSettings, PushSubscriptionInput } from '@drone-exam/shared/schemas/push';
import type { Db } from '../db/client.ts';
import { learnerPlans, pushSubscriptions } from '../db/schema.ts';
import { DEFAULT_TIME_ZONE } from '../learning/constants.ts';
import { addDays, hourStart, localDay } from '../learning/days.ts';
import { planOf } from '../learning/plan.ts';
import { PUSH_DEVICES_MAX, PUSH_WINDOW_MS } from './constants.ts';

/**
 * When the cron next looks at a learner: the start of their hour today if that hour has not
 * passed yet (a learner subscribing at 14:20 for 14 h gets today's), otherwise tomorrow's. After
 * a look, `strictlyAfter` moves to the next day's hour even within the current one.
 */
export function nextReminderAt(
  now: number,
  timeZone: string,
  hour: number,
  strictlyAfter = false,
): number {
  const today = localDay(now, timeZone);
  const start = hourStart(today, hour, timeZone);
  const open = strictlyAfter ? start > now : start + PUSH_WINDOW_MS > now;
  return open ? start : hourStart(addDays(today, 1), hour, timeZone);
}

const devicesOf = (db: Db, userId: string) =>
  db
    .select({ devices: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));

const settingsOf = (db: Db, userId: string) =>
  db
    .select({ hour: learnerPlans.pushHour, paused: learnerPlans.pushPaused })
    .from(learnerPlans)
    .where(eq(learnerPlans.userId, userId))
    .limit(1);

function toSettings(
  plan: { hour: number | null; paused: boolean } | undefined,
  devices: number,
): PushSettings {
  return {
    hour: devices > 0 ? (plan?.hour ?? null) : null,
    devices,
    paused: devices > 0 && (plan?.paused ?? false),
  };
}

/** GET /api/push/settings: one round trip. */
export async function readPushSettings(db: Db, userId: string): Promise<PushSettings> {
  const [[plan], [devices]] = await db.batch([settingsOf(db, userId), devicesOf(db, userId)]);
  return toSettings(plan, devices?.devices ?? 0);
}

/**
 * Subscribes a browser (or moves it to this learner: one browser, one account) and sets the hour
 * for all of the learner's browsers; subscribing again is how a paused learner resumes. Two round
 * trips: the plan (their zone), then the writes and the new settings in one batch.
 */
export async function subscribe(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
  now: number,
): Promise<PushSettings> {
  const [plan] = await planOf(db, userId);
  const timeZone = input.timeZone ?? plan?.timeZone ?? DEFAULT_TIME_ZONE;
  const change = {
    timeZone,
    pushHour: input.hour,
    pushNextAt: nextReminderAt(now, timeZone, input.hour),
    pushPaused: false,
    pushIgnored: 0,
    updatedAt: now,
  };
  const kept = db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt))
    .limit(PUSH_DEVICES_MAX);
  const [, , , [settings], [devices]] = await db.batch([
    db
      .insert(pushSubscriptions)
      .values({
        endpoint: input.endpoint,
        userId,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: now },
      }),
    db
      .delete(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.endpoint, kept)),
      ),
    db
      .insert(learnerPlans)
      .values({ userId, ...change })
      .onConflictDoUpdate({
        target: learnerPlans.userId,
        // Subscribing again settles the last reminder: it no longer counts as ignored.
        set: { ...change, pushOpenedOn: sql`${learnerPlans.pushSentOn}` },
      }),
    settingsOf(db, userId),
    devicesOf(db, userId),
  ]);
  return toSettings(settings, devices?.devices ?? 0);
}

/**
 * Stops reminders on one browser; the learner's last browser stopping clears their hour, so the
 * cron no longer looks at them. One round trip.
 */
export async function unsubscribe(
  db: Db,
  userId: string,
  endpoint: string,
  now: number,
): Promise<PushSettings> {
  const [, , [settings], [devices]] = await db.batch([
    db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId))),
    noDevicesLeft(db, userId, now),
    settingsOf(db, userId),
    devicesOf(db, userId),
  ]);
  return toSettings(settings, devices?.devices ?? 0);
}

/** Clears the learner's reminder schedule once no browser of theirs is subscribed. */
export const noDevicesLeft = (db: Db, userId: string, now: number) =>
  db
    .update(learnerPlans)
    .set({ pushHour: null, pushNextAt: null, pushPaused: false, pushIgnored: 0, updatedAt: now })
    .where(
      and(
        eq(learnerPlans.userId, userId),
        sql`not exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId})`,
      ),
    );

/**
 * A reminder opened (its link's token posted back): the day it went out counts as opened and the
 * ignored count starts again. Only the latest reminder's day counts; an older link changes nothing.
 */
export async function markOpened(db: Db, userId: string, day: string, now: number) {
  await db
    .update(learnerPlans)
    .set({ pushOpenedOn: day, pushIgnored: 0, updatedAt: now })
    .where(and(eq(learnerPlans.userId, userId), eq(learnerPlans.pushSentOn, day)));
}
