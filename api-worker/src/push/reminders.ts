/**
 * The hourly cron's phone reminders (issue 31). A learner's row comes up when their
 * push_next_at (the start of their chosen hour, in their zone) has come; within that hour, and
 * once a day at most, they get a reminder on every subscribed browser when reviews are due
 * (premium: the ones who can start a review) or when today's goal is not met yet and a streak is
 * there to keep. Whatever happens, push_next_at moves to the next day's hour, so every learner is
 * looked at once a day and the read is a range of the partial index learner_plans_push_next_idx.
 *
 * A reminder counts as ignored when the next one would go out and the last was never opened
 * (its link's token posted back, POST /api/push/opened); the PUSH_IGNORED_PAUSE-th ignored in a
 * row pauses them instead (push_paused, shown in the app) until the learner subscribes again.
 */
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { PUSH_IGNORED_PAUSE, PUSH_OPENED_PARAM } from '@drone-exam/shared/schemas/push-values';
import type { Locale } from '@drone-exam/shared/i18n';
import type { Bindings } from '../env.ts';
import type { Db } from '../db/client.ts';
import {
  learnerDays,
  learnerPlans,
  learnerStreaks,
  pushSubscriptions,
  users,
} from '../db/schema.ts';
import { appLink } from '../auth/queries.ts';
import { translator } from '../i18n/index.ts';
import { localDay } from '../learning/days.ts';
import { canReview, dueToday } from '../learning/reminders.ts';
import { NO_STREAK, streakToday } from '../learning/streak.ts';
import { deliverReminder, type ReminderMessage, type Subscription } from './delivery.ts';
import { openedToken } from './opened-token.ts';
import { noDevicesLeft, nextReminderAt } from './subscriptions.ts';
import { PUSH_MAX_PAGES, PUSH_PAGE, PUSH_WINDOW_MS } from './constants.ts';

type Reason = { kind: 'review'; due: number } | { kind: 'goal'; streak: number; left: number };

/** Where tapping the reminder leads: the dashboard's review card, or the practice page. */
const REVIEW_PATH = '/dashboard#spaced-review';
const PRACTICE_PATH = '/practice';

async function reminderMessage(
  env: Bindings,
  userId: string,
  today: string,
  locale: Locale,
  reason: Reason,
): Promise<ReminderMessage> {
  const t = translator(locale, 'push');
  const url = new URL(
    appLink(env.APP_URL, reason.kind === 'review' ? REVIEW_PATH : PRACTICE_PATH, locale),
  );
  url.searchParams.set(PUSH_OPENED_PARAM, await openedToken(env.JWT_SECRET, userId, today));
  return {
    ...(reason.kind === 'review'
      ? { title: t('review.title', { count: reason.due }), body: t('review.body') }
      : {
          title: t('goal.title', { count: reason.streak }),
          body: t('goal.body', { count: reason.left, goal: reason.left }),
        }),
    url: url.href,
    settingsUrl: `${appLink(env.APP_URL, '/account', locale)}#reminders`,
    settingsLabel: t('settings'),
  };
}

export async function sendPushReminders({ env, db, now }: { env: Bindings; db: Db; now: number }) {
  let sent = 0;
  let paused = 0;
  for (let page = 0; page < PUSH_MAX_PAGES; page++) {
    const learners = await db
      .select({
        userId: learnerPlans.userId,
        timeZone: learnerPlans.timeZone,
        dailyGoal: learnerPlans.dailyGoal,
        hour: learnerPlans.pushHour,
        nextAt: learnerPlans.pushNextAt,
        sentOn: learnerPlans.pushSentOn,
        openedOn: learnerPlans.pushOpenedOn,
        ignored: learnerPlans.pushIgnored,
        locale: users.locale,
        active: users.isActive,
        reviews: sql<number>`${canReview(now)}`.mapWith(Boolean),
      })
      .from(learnerPlans)
      .innerJoin(users, eq(users.id, learnerPlans.userId))
      // A range of the partial index learner_plans_push_next_idx.
      .where(and(isNotNull(learnerPlans.pushNextAt), lte(learnerPlans.pushNextAt, now)))
      .orderBy(asc(learnerPlans.pushNextAt))
      .limit(PUSH_PAGE);
    if (learners.length === 0) break;

    const looked = learners.map((learner) => ({
      ...learner,
      today: localDay(now, learner.timeZone),
      next: nextReminderAt(now, learner.timeZone, learner.hour ?? 0, true),
    }));
    const todo = looked.filter(
      (learner) =>
        learner.active &&
        learner.hour !== null &&
        now < learner.nextAt! + PUSH_WINDOW_MS &&
        learner.sentOn !== learner.today,
    );
    const ids = JSON.stringify(todo.map((learner) => learner.userId));
    const days = JSON.stringify(todo.map((learner) => [learner.userId, learner.today]));
    const [dueBy, [streaks, todays, devices]] = await Promise.all([
      dueToday(
        db,
        todo.filter((learner) => learner.reviews),
        now,
      ),
      db.batch([
        db
          .select()
          .from(learnerStreaks)
          .where(sql`${learnerStreaks.userId} in (select value from json_each(${ids}))`),
        db
          .select({
            userId: learnerDays.userId,
            met: learnerDays.met,
            answered: learnerDays.answered,
          })
          .from(learnerDays)
          .where(
            sql`(${learnerDays.userId}, ${learnerDays.day}) in (select json_extract(value, '$[0]'), json_extract(value, '$[1]') from json_each(${days}))`,
          ),
        db
          .select({
            userId: pushSubscriptions.userId,
            endpoint: pushSubscriptions.endpoint,
            p256dh: pushSubscriptions.p256dh,
            auth: pushSubscriptions.auth,
          })
          .from(pushSubscriptions)
          .where(sql`${pushSubscriptions.userId} in (select value from json_each(${ids}))`),
      ]),
    ]);
    const streakOf = new Map(streaks.map((row) => [row.userId, row]));
    const todayOf = new Map(todays.map((row) => [row.userId, row]));
    const browsersOf = new Map<string, Subscription[]>();
    for (const { userId, ...browser } of devices)
      browsersOf.set(userId, [...(browsersOf.get(userId) ?? []), browser]);

    const outgoing: Array<{ userId: string; message: ReminderMessage }> = [];
    const writes = [];
    for (const learner of looked) {
      const moveOn = { pushNextAt: learner.next, updatedAt: now };
      const mine = and(
        eq(learnerPlans.userId, learner.userId),
        eq(learnerPlans.pushNextAt, learner.nextAt!),
      );
      const browsers = browsersOf.get(learner.userId) ?? [];
      const reason = todo.includes(learner) ? reasonFor(learner, dueBy, streakOf, todayOf) : null;
      if (!reason || browsers.length === 0) {
        writes.push(db.update(learnerPlans).set(moveOn).where(mine));
        continue;
      }
      const lastIgnored = learner.sentOn !== null && learner.openedOn !== learner.sentOn;
      const ignored = lastIgnored ? learner.ignored + 1 : learner.ignored;
      if (ignored >= PUSH_IGNORED_PAUSE) {
        writes.push(
          db
            .update(learnerPlans)
            .set({ pushPaused: true, pushNextAt: null, pushIgnored: ignored, updatedAt: now })
            .where(mine),
        );
        paused++;
        continue;
      }
      writes.push(
        db
          .update(learnerPlans)
          .set({ ...moveOn, pushSentOn: learner.today, pushIgnored: ignored })
          .where(mine),
      );
      outgoing.push({
        userId: learner.userId,
        message: await reminderMessage(env, learner.userId, learner.today, learner.locale, reason),
      });
    }
    const [firstWrite, ...otherWrites] = writes;
    await db.batch([firstWrite!, ...otherWrites]);

    const gone = new Set<string>();
    for (const { userId, message } of outgoing) {
      for (const browser of browsersOf.get(userId) ?? []) {
        // One browser's failure (its push service down) never stops the others' reminders.
        const delivery = await deliverReminder(env, db, browser, message, now).catch(
          (error: unknown) => {
            console.error('Push reminder failed', error);
            return 'failed' as const;
          },
        );
        if (delivery === 'sent') sent++;
        if (delivery === 'gone') gone.add(userId);
      }
    }
    if (gone.size) {
      const [first, ...others] = [...gone].map((userId) => noDevicesLeft(db, userId, now));
      await db.batch([first!, ...others]);
    }
    if (learners.length < PUSH_PAGE) break;
  }
  return { sent, paused };
}

function reasonFor(
  learner: { userId: string; today: string; dailyGoal: number },
  dueBy: Map<string, number>,
  streakOf: Map<string, typeof learnerStreaks.$inferSelect>,
  todayOf: Map<string, { met: boolean; answered: number }>,
): Reason | null {
  const due = dueBy.get(learner.userId) ?? 0;
  if (due > 0) return { kind: 'review', due };
  const today = todayOf.get(learner.userId);
  if (today?.met) return null;
  const streak = streakToday(streakOf.get(learner.userId) ?? NO_STREAK, learner.today).current;
  const left = Math.max(1, learner.dailyGoal - (today?.answered ?? 0));
  return streak > 0 ? { kind: 'goal', streak, left } : null;
}
