import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Bindings } from '../env.ts';
import type { Db } from '../db/client.ts';
import { payments, users } from '../db/schema.ts';
import { dispatchEmails, prepareEmail } from '../email/outbox.ts';
import { appLink } from '../auth/queries.ts';
import { DAY_MS } from './fulfilment.ts';
import { EXPIRY_REMINDER_DAYS_BEFORE } from './constants.ts';

/** Rows per batch, so a busy day never builds one oversized D1 batch. */
const CHUNK = 50;

/**
 * Daily cron: the expiry-reminder email for every paid period that ends within 7 days, once per
 * period (payments.reminder_sent_at), through the Queue. Only the period that ends the learner's
 * access counts: one followed by a later purchase does not lapse.
 */
export async function sendExpiryReminders({
  env,
  db,
  now,
}: {
  env: Bindings;
  db: Db;
  now: number;
}): Promise<{ sent: number }> {
  const due = await db
    .select({
      paymentId: payments.id,
      periodEnd: payments.periodEnd,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(
      and(
        eq(payments.status, 'paid'),
        gt(payments.periodEnd, now),
        lte(payments.periodEnd, now + EXPIRY_REMINDER_DAYS_BEFORE * DAY_MS),
        isNull(payments.reminderSentAt),
        eq(users.premiumUntil, payments.periodEnd),
        eq(users.isActive, true),
      ),
    );

  for (let i = 0; i < due.length; i += CHUNK) {
    const rows = due.slice(i, i + CHUNK);
    const reminders = rows.map((row) =>
      prepareEmail(db, {
        to: row.email,
        userId: row.userId,
        template: 'expiry-reminder',
        data: {
          firstName: row.firstName,
          daysRemaining: Math.ceil((row.periodEnd - now) / DAY_MS),
          expiresAt: row.periodEnd,
          link: appLink(env.APP_URL, '/pricing', row.locale),
        },
        locale: row.locale,
      }),
    );
    const [first, ...others] = rows.map((row) =>
      db
        .update(payments)
        .set({ reminderSentAt: now })
        .where(and(eq(payments.id, row.paymentId), isNull(payments.reminderSentAt))),
    );
    await db.batch([first!, ...others, ...reminders.map((reminder) => reminder.insert)]);
    await dispatchEmails(
      env,
      reminders.map((reminder) => reminder.id),
    );
  }
  return { sent: due.length };
}
