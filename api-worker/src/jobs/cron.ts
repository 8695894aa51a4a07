import { lt, or, isNotNull } from 'drizzle-orm';
import type { Bindings } from '../env.ts';
import { createDb, type Db } from '../db/client.ts';
import { authTokens, sessions } from '../db/schema.ts';
import { abandonStaleAttempts } from '../quiz/abandon.ts';
import { sendExpiryReminders } from '../payments/reminders.ts';
import { pruneAdminMetrics, purgeOldBookkeeping } from '../admin/maintenance.ts';
import { sendRecencyReminders, sendReviewReminders } from '../learning/reminders.ts';
import { sweepQuestionCounts } from '../quality/answer-counts.ts';
import { sendPushReminders } from '../push/reminders.ts';
import { sendWeeklyProgress } from '../learning/weekly.ts';

type CronTask = {
  name: string;
  run: (context: { env: Bindings; db: Db; now: number }) => Promise<unknown>;
};

async function cleanUpExpiredTokens({ db, now }: { db: Db; now: number }) {
  await db.batch([
    db.delete(authTokens).where(or(lt(authTokens.expiresAt, now), isNotNull(authTokens.usedAt))),
    db.delete(sessions).where(lt(sessions.expiresAt, now)),
  ]);
}

/** The daily cron's tasks; each runs even when another fails. */
export const dailyTasks: CronTask[] = [
  { name: 'clean-up-expired-tokens', run: cleanUpExpiredTokens },
  { name: 'abandon-stale-attempts', run: abandonStaleAttempts },
  { name: 'send-expiry-reminders', run: sendExpiryReminders },
  { name: 'prune-admin-metrics', run: pruneAdminMetrics },
  { name: 'purge-old-bookkeeping', run: purgeOldBookkeeping },
  { name: 'send-review-reminders', run: sendReviewReminders },
  { name: 'send-recency-reminders', run: sendRecencyReminders },
  { name: 'send-weekly-progress', run: sendWeeklyProgress },
  { name: 'sweep-question-counts', run: sweepQuestionCounts },
];

/** The hourly cron's: phone reminders go out at each learner's own hour (push/reminders.ts). */
export const hourlyTasks: CronTask[] = [{ name: 'send-push-reminders', run: sendPushReminders }];

async function runTasks(tasks: CronTask[], env: Bindings, now: number) {
  const db = createDb(env.DB);
  const results = await Promise.allSettled(tasks.map((task) => task.run({ env, db, now })));
  results.forEach((result, i) => {
    if (result.status === 'rejected')
      console.error(`Cron task ${tasks[i]?.name} failed`, result.reason);
  });
  return results;
}

export const runDailyTasks = (env: Bindings, now = Date.now()) => runTasks(dailyTasks, env, now);
export const runHourlyTasks = (env: Bindings, now = Date.now()) => runTasks(hourlyTasks, env, now);
