import type { Locale } from '@drone-exam/shared/i18n';
/**
 * The daily cron's reminders (issue 17), through the Queue like every email, in bounded pages:
 * - the opt-in review reminder, on a learner's day with cards due, once a day;
 * - the recency reminders, RECENCY_REMINDER_DAYS (60, then 14) days before the date a recency
 *   activity is due (CARs 901.56), once each per recorded date.
 * Each email carries a signed unsubscribe link to a page that works signed out, and the same token
 * as a one-click List-Unsubscribe address (RFC 8058) for mail apps (learning/unsubscribe.ts).
 */
import { and, asc, count, eq, gt, gte, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Bindings } from '../env.ts';
import type { Db } from '../db/client.ts';
import { learnerPlans, learnerQuestions, questions, users } from '../db/schema.ts';
import { prepareEmail, sendWithMarks } from '../email/outbox.ts';
import { appLink } from '../auth/queries.ts';
import { addDays, daysBetween, localDay } from './days.ts';
import { activeCard, forecastBounds } from './plan.ts';
import { unsubscribeToken, type ReminderKind } from './unsubscribe.ts';
import { RECENCY_REMINDER_DAYS } from './constants.ts';

/**
 * Learners per page, and pages per run: at most 1,000 of each reminder a day, each page a few
 * statements to read and two a learner to write, within a cron invocation's D1 query budget.
 */
const PAGE = 100;
const MAX_PAGES = 10;

/** The email's unsubscribe page (its link) and one-click address (its List-Unsubscribe header). */
export async function unsubscribing(
  env: Bindings,
  kind: ReminderKind,
  userId: string,
  locale: Locale,
) {
  const token = encodeURIComponent(await unsubscribeToken(env.JWT_SECRET, kind, userId));
  return {
    page: appLink(env.APP_URL, `/unsubscribe?token=${token}`, locale),
    oneClick: new URL(`/api/learning/unsubscribe/one-click?token=${token}`, env.APP_URL).href,
  };
}

/** Premium learners (or admins) whose account is active: the ones who can start a review. */
export const canReview = (now: number) =>
  and(
    eq(users.isActive, true),
    eq(users.emailVerified, true),
    or(eq(users.role, 'admin'), gt(users.premiumUntil, now)),
  );

/**
 * The cards due today for each of a page of learners: one count per time zone in the page (its
 * learners share the end of their day), from the (user_id, card_due_at) index, in one round trip.
 */
export async function dueToday(
  db: Db,
  learners: Array<{ userId: string; timeZone: string }>,
  now: number,
): Promise<Map<string, number>> {
  if (learners.length === 0) return new Map();
  const zones = [...new Set(learners.map((learner) => learner.timeZone))];
  const [first, ...others] = zones.map((zone) =>
    db
      .select({ userId: learnerQuestions.userId, due: count() })
      .from(learnerQuestions)
      .innerJoin(questions, activeCard())
      .where(
        and(
          sql`${learnerQuestions.userId} in (select value from json_each(${JSON.stringify(
            learners
              .filter((learner) => learner.timeZone === zone)
              .map((learner) => learner.userId),
          )}))`,
          isNotNull(learnerQuestions.cardDueAt),
          lt(learnerQuestions.cardDueAt, forecastBounds(now, zone)[0]!),
        ),
      )
      .groupBy(learnerQuestions.userId),
  );
  return new Map((await db.batch([first!, ...others])).flat().map((row) => [row.userId, row.due]));
}

export async function sendReviewReminders({
  env,
  db,
  now,
}: {
  env: Bindings;
  db: Db;
  now: number;
}) {
  let sent = 0;
  let after = '';
  for (let page = 0; page < MAX_PAGES; page++) {
    const learners = await db
      .select({
        userId: learnerPlans.userId,
        timeZone: learnerPlans.timeZone,
        examDate: learnerPlans.examDate,
        emailedOn: learnerPlans.reviewEmailedOn,
        email: users.email,
        firstName: users.firstName,
        locale: users.locale,
      })
      .from(learnerPlans)
      .innerJoin(users, eq(users.id, learnerPlans.userId))
      // Matches the partial index learner_plans_review_emails_idx.
      .where(
        and(sql`${learnerPlans.reviewEmails} = 1`, gt(learnerPlans.userId, after), canReview(now)),
      )
      .orderBy(asc(learnerPlans.userId))
      .limit(PAGE);
    if (learners.length === 0) break;
    after = learners[learners.length - 1]!.userId;
    const todo = learners
      .map((learner) => ({ ...learner, today: localDay(now, learner.timeZone) }))
      .filter((learner) => learner.emailedOn !== learner.today);
    if (todo.length) {
      const dueBy = await dueToday(db, todo, now);
      const reminders = [];
      const marks = [];
      for (const learner of todo) {
        const due = dueBy.get(learner.userId) ?? 0;
        if (due === 0) continue;
        const unsubscribe = await unsubscribing(env, 'review', learner.userId, learner.locale);
        reminders.push(
          prepareEmail(db, {
            to: learner.email,
            userId: learner.userId,
            template: 'review-reminder',
            data: {
              firstName: learner.firstName,
              dueCount: due,
              ...(learner.examDate && learner.examDate > learner.today
                ? {
                    examDate: learner.examDate,
                    daysToExam: daysBetween(learner.today, learner.examDate),
                  }
                : {}),
              link: appLink(env.APP_URL, '/dashboard', learner.locale),
              unsubscribeLink: unsubscribe.page,
            },
            locale: learner.locale,
            unsubscribeUrl: unsubscribe.oneClick,
          }),
        );
        marks.push(
          db
            .update(learnerPlans)
            .set({ reviewEmailedOn: learner.today })
            .where(eq(learnerPlans.userId, learner.userId)),
        );
      }
      await sendWithMarks(env, db, marks, reminders);
      sent += reminders.length;
    }
    if (learners.length < PAGE) break;
  }
  return { sent };
}

export async function sendRecencyReminders({
  env,
  db,
  now,
}: {
  env: Bindings;
  db: Db;
  now: number;
}) {
  const [early, late] = RECENCY_REMINDER_DAYS;
  const today = localDay(now, 'UTC');
  let sent = 0;
  let after = '';
  for (let page = 0; page < MAX_PAGES; page++) {
    const due = await db
      .select({
        userId: learnerPlans.userId,
        recencyDueOn: learnerPlans.recencyDueOn,
        reminded: learnerPlans.recencyReminded,
        email: users.email,
        firstName: users.firstName,
        locale: users.locale,
      })
      .from(learnerPlans)
      .innerJoin(users, eq(users.id, learnerPlans.userId))
      // Matches the partial index learner_plans_recency_due_idx.
      .where(
        and(
          sql`${learnerPlans.recencyEmails} = 1 AND ${learnerPlans.recencyDueOn} IS NOT NULL`,
          gte(learnerPlans.recencyDueOn, today),
          lte(learnerPlans.recencyDueOn, addDays(today, early)),
          gt(sql`${learnerPlans.recencyDueOn} || ${learnerPlans.userId}`, after),
          lt(learnerPlans.recencyReminded, 2),
          eq(users.isActive, true),
        ),
      )
      .orderBy(asc(learnerPlans.recencyDueOn), asc(learnerPlans.userId))
      .limit(PAGE);
    if (due.length === 0) break;
    const last = due[due.length - 1]!;
    after = `${last.recencyDueOn}${last.userId}`;
    const reminders = [];
    const marks = [];
    for (const learner of due) {
      const days = daysBetween(today, learner.recencyDueOn!);
      const stage = days <= late ? 2 : 1;
      if (learner.reminded >= stage) continue;
      const unsubscribe = await unsubscribing(env, 'recency', learner.userId, learner.locale);
      reminders.push(
        prepareEmail(db, {
          to: learner.email,
          userId: learner.userId,
          template: 'recency-reminder',
          data: {
            firstName: learner.firstName,
            daysRemaining: days,
            recencyDueDate: learner.recencyDueOn!,
            link: appLink(env.APP_URL, '/recency', learner.locale),
            unsubscribeLink: unsubscribe.page,
          },
          locale: learner.locale,
          unsubscribeUrl: unsubscribe.oneClick,
        }),
      );
      marks.push(
        db
          .update(learnerPlans)
          .set({ recencyReminded: stage })
          .where(
            and(
              eq(learnerPlans.userId, learner.userId),
              eq(learnerPlans.recencyDueOn, learner.recencyDueOn!),
            ),
          ),
      );
    }
    await sendWithMarks(env, db, marks, reminders);
    sent += reminders.length;
    if (due.length < PAGE) break;
  }
  return { sent };
}
