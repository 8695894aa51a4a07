/**
 * The opt-in weekly progress email (issue 31), from the daily cron, through the Queue like every
 * email: the questions answered and the goal days met in the learner's last 7 days, the streak,
 * the chance of passing and its change since the last weekly email, and the reviews due today.
 * Once every 7 of the learner's days; its link unsubscribes without signing in (unsubscribe.ts).
 */
import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import type { Bindings } from '../env.ts';
import type { Db } from '../db/client.ts';
import {
  learnerCategories,
  learnerDays,
  learnerPlans,
  learnerStreaks,
  users,
} from '../db/schema.ts';
import { prepareEmail, sendWithMarks } from '../email/outbox.ts';
import { appLink } from '../auth/queries.ts';
import { forecastQuotas, listExams, type ExamRow } from '../exams/service.ts';
import { DEFAULT_EXAM, type ExamId } from '@drone-exam/shared/schemas/exam-values';
import { addDays, daysBetween, localDay } from './days.ts';
import { overallPrior, posteriors, readiness } from './model.ts';
import { dueToday, unsubscribing } from './reminders.ts';
import { NO_STREAK, streakToday } from './streak.ts';
import { READINESS_MIN_ANSWERED, READINESS_MIN_CATEGORIES } from './constants.ts';

const PAGE = 100;
const MAX_PAGES = 10;
const WEEK_DAYS = 7;

type Areas = Array<typeof learnerCategories.$inferSelect>;

/**
 * The chance of passing the learner's target exam, as GET /api/learning/readiness gives it; null
 * before enough answers.
 */
function passProbability(areas: Areas, exam: ExamRow, now: number): number | null {
  const answered = areas.reduce((sum, area) => sum + area.questions, 0);
  const categories = areas.filter((area) => area.questions > 0).length;
  if (answered < READINESS_MIN_ANSWERED || categories < READINESS_MIN_CATEGORIES) return null;
  return readiness(
    forecastQuotas(exam),
    posteriors(areas, now),
    overallPrior(areas, now),
    exam.passMark,
  ).passProbability;
}

export async function sendWeeklyProgress({ env, db, now }: { env: Bindings; db: Db; now: number }) {
  let sent = 0;
  let after = '';
  let exams: Map<ExamId, ExamRow> | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const learners = await db
      .select({
        userId: learnerPlans.userId,
        timeZone: learnerPlans.timeZone,
        emailedOn: learnerPlans.weeklyEmailedOn,
        lastChance: learnerPlans.weeklyReadiness,
        email: users.email,
        firstName: users.firstName,
        locale: users.locale,
        targetExam: users.targetExam,
      })
      .from(learnerPlans)
      .innerJoin(users, eq(users.id, learnerPlans.userId))
      // Matches the partial index learner_plans_weekly_emails_idx.
      .where(
        and(
          sql`${learnerPlans.weeklyEmails} = 1`,
          gt(learnerPlans.userId, after),
          eq(users.isActive, true),
          eq(users.emailVerified, true),
        ),
      )
      .orderBy(asc(learnerPlans.userId))
      .limit(PAGE);
    if (learners.length === 0) break;
    after = learners[learners.length - 1]!.userId;
    const todo = learners
      .map((learner) => ({ ...learner, today: localDay(now, learner.timeZone) }))
      .filter(
        (learner) =>
          learner.emailedOn === null || daysBetween(learner.emailedOn, learner.today) >= WEEK_DAYS,
      );
    if (todo.length) {
      exams ??= new Map((await listExams(db)).map((row) => [row.id, row]));
      const ids = JSON.stringify(todo.map((learner) => learner.userId));
      const earliest = addDays(localDay(now, 'UTC'), -WEEK_DAYS - 1);
      const [dueBy, [days, streaks, areas]] = await Promise.all([
        dueToday(db, todo, now),
        db.batch([
          db
            .select()
            .from(learnerDays)
            .where(
              and(
                sql`${learnerDays.userId} in (select value from json_each(${ids}))`,
                gte(learnerDays.day, earliest),
              ),
            ),
          db
            .select()
            .from(learnerStreaks)
            .where(sql`${learnerStreaks.userId} in (select value from json_each(${ids}))`),
          db
            .select()
            .from(learnerCategories)
            .where(sql`${learnerCategories.userId} in (select value from json_each(${ids}))`),
        ]),
      ]);
      const emails = [];
      const marks = [];
      for (const learner of todo) {
        const from = addDays(learner.today, -WEEK_DAYS + 1);
        const week = days.filter(
          (day) => day.userId === learner.userId && day.day >= from && day.day <= learner.today,
        );
        const streak = streakToday(
          streaks.find((row) => row.userId === learner.userId) ?? NO_STREAK,
          learner.today,
        ).current;
        const chance = passProbability(
          areas.filter((area) => area.userId === learner.userId),
          exams.get(learner.targetExam) ?? exams.get(DEFAULT_EXAM)!,
          now,
        );
        const unsubscribe = await unsubscribing(env, 'weekly', learner.userId, learner.locale);
        emails.push(
          prepareEmail(db, {
            to: learner.email,
            userId: learner.userId,
            template: 'weekly-progress',
            data: {
              firstName: learner.firstName,
              weekAnswered: week.reduce((sum, day) => sum + day.answered, 0),
              weekMetDays: week.filter((day) => day.met).length,
              streak,
              passProbability: chance,
              passProbabilityChange:
                chance !== null && learner.lastChance !== null ? chance - learner.lastChance : null,
              dueCount: dueBy.get(learner.userId) ?? 0,
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
            .set({ weeklyEmailedOn: learner.today, weeklyReadiness: chance })
            .where(eq(learnerPlans.userId, learner.userId)),
        );
      }
      await sendWithMarks(env, db, marks, emails);
      sent += emails.length;
    }
    if (learners.length < PAGE) break;
  }
  return { sent };
}
