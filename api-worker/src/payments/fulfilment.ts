import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { formatCad, formatDate } from '@drone-exam/shared/text';
import type { Bindings } from '../env.ts';
import type { Db } from '../db/client.ts';
import { payments, stripeEvents, users } from '../db/schema.ts';
import { bumpCounter, bumpDaily, recordActivity, trackEvent } from '../lib/events.ts';
import { newId } from '../lib/ids.ts';
import { dispatchEmails, prepareEmail } from '../email/outbox.ts';
import { appLink } from '../auth/queries.ts';
import { refreshSessions } from '../auth/session.ts';
import { ACTIVE_PERIOD_STATUSES } from './constants.ts';
import { PREMIUM_OFFER } from '@drone-exam/shared/schemas/payments-values';

export const DAY_MS = 86_400_000;
export const PREMIUM_PERIOD_MS = PREMIUM_OFFER.durationDays * DAY_MS;

/** What a completed checkout paid for, whether it came from Stripe's webhook or the local test checkout. */
export type Purchase = {
  provider: 'stripe' | 'dev';
  checkoutSessionId: string;
  paymentIntentId: string | null;
  customerId: string | null;
  userId: string;
  priceId: string;
  amountCents: number;
  currency: string;
};

/** The Stripe event being handled, recorded in the same batch so it is handled once. */
export type StripeEventRef = { id: string; type: string };

export type FulfilmentOutcome =
  | { status: 'fulfilled'; paymentId: string; premiumUntil: number }
  | { status: 'duplicate' }
  | { status: 'user-missing' };

export type RefundOutcome =
  | { status: 'refunded'; paymentId: string; premiumUntil: number | null }
  | { status: 'duplicate' }
  | { status: 'unknown-payment' };

/** Concurrent purchases by one learner retry; Stripe redelivers whatever still fails. */
const MAX_ATTEMPTS = 5;

/** Dates in emails are in UTC: the reader's time zone is unknown. */
const emailDate = (ms: number) => formatDate(ms, { timeZone: 'UTC' });

export function isConstraintError(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (/constraint failed/i.test(e.message)) return true;
  }
  return false;
}

function recordEvent(db: Db, event: StripeEventRef, now: number) {
  return db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, processedAt: now })
    .onConflictDoNothing();
}

/**
 * The one fulfilment: grants or extends premium by 30 days from max(now, current expiry), records
 * the payment, keeps the counters and analytics, and queues the confirmation email, all in one
 * batch. Idempotent per Stripe event (stripe_events) and per checkout session (the unique
 * payments.checkout_session_id): a replay or a second delivery changes nothing.
 */
export async function fulfilPurchase(
  env: Bindings,
  db: Db,
  purchase: Purchase,
  event?: StripeEventRef,
  now = Date.now(),
): Promise<FulfilmentOutcome> {
  for (let attempt = 1; ; attempt++) {
    const [userRows, paidRows, eventRows] = await db.batch([
      db.select().from(users).where(eq(users.id, purchase.userId)).limit(1),
      db
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.checkoutSessionId, purchase.checkoutSessionId))
        .limit(1),
      db
        .select({ id: stripeEvents.id })
        .from(stripeEvents)
        .where(eq(stripeEvents.id, event?.id ?? ''))
        .limit(1),
    ]);
    if (eventRows.length > 0) return { status: 'duplicate' };
    const user = userRows[0];
    if (paidRows.length > 0 || !user) {
      if (event) await recordEvent(db, event, now);
      return paidRows.length > 0 ? { status: 'duplicate' } : { status: 'user-missing' };
    }

    const periodStart = Math.max(now, user.premiumUntil ?? 0);
    const periodEnd = periodStart + PREMIUM_PERIOD_MS;
    const paymentId = newId();
    const email = prepareEmail(db, {
      to: user.email,
      userId: user.id,
      template: 'subscription-confirmation',
      data: {
        firstName: user.firstName,
        planName: PREMIUM_OFFER.name,
        amount: purchase.amountCents / 100,
        expiresAt: periodEnd,
        link: appLink(env.APP_URL, '/practice', user.locale),
      },
      locale: user.locale,
    });
    try {
      await db.batch([
        db.insert(payments).values({
          id: paymentId,
          userId: user.id,
          provider: purchase.provider,
          checkoutSessionId: purchase.checkoutSessionId,
          paymentIntentId: purchase.paymentIntentId,
          customerId: purchase.customerId,
          priceId: purchase.priceId,
          amountCents: purchase.amountCents,
          currency: purchase.currency,
          status: 'paid',
          // Compare-and-set: NULL, so a NOT NULL failure that rolls the batch back, if another
          // purchase moved premiumUntil since it was read above; the loop then reads it again.
          periodStart: sql`(SELECT CASE WHEN "premium_until" IS ${user.premiumUntil} THEN ${periodStart} END FROM "users" WHERE "id" = ${user.id})`,
          periodEnd,
          createdAt: now,
        }),
        ...(event
          ? [db.insert(stripeEvents).values({ id: event.id, type: event.type, processedAt: now })]
          : []),
        db
          .update(users)
          .set({
            premiumUntil: periodEnd,
            stripeCustomerId: sql`coalesce(${users.stripeCustomerId}, ${purchase.customerId})`,
            updatedAt: now,
          })
          .where(eq(users.id, user.id)),
        email.insert,
        ...trackEvent(
          db,
          'purchase',
          user.id,
          {
            priceId: purchase.priceId,
            amountCents: purchase.amountCents,
            currency: purchase.currency,
            provider: purchase.provider,
          },
          now,
        ),
        bumpDaily(db, 'revenue_cents', purchase.amountCents, now),
        recordActivity(
          db,
          {
            userId: user.id,
            type: 'purchase',
            title: `Bought the ${PREMIUM_OFFER.name}`,
            description: `${formatCad(purchase.amountCents)}, premium until ${emailDate(periodEnd)}`,
            metadata: { paymentId, amountCents: purchase.amountCents, currency: purchase.currency },
          },
          now,
        ),
        bumpCounter(db, 'payments.count'),
        bumpCounter(db, 'payments.revenue_cents', purchase.amountCents),
      ]);
    } catch (error) {
      // A concurrent delivery (unique ids) or a concurrent purchase (the compare-and-set): read again.
      if (attempt < MAX_ATTEMPTS && isConstraintError(error)) continue;
      throw error;
    }
    await dispatchEmails(env, [email.id]);
    await refreshSessions(env, db, user.id, periodEnd);
    return { status: 'fulfilled', paymentId, premiumUntil: periodEnd };
  }
}

type PeriodRow = Pick<
  typeof payments.$inferSelect,
  'id' | 'userId' | 'status' | 'periodStart' | 'periodEnd'
>;

/**
 * Takes back what is still unused of one running period (a refund, or a revoked complimentary
 * grant): the period ends now (or never started), and the periods after it move earlier by the
 * time removed, so the history keeps matching the expiry. The caller takes `removed` off the
 * learner's premiumUntil in the same batch.
 */
export function takeBackPeriod(
  db: Db,
  period: PeriodRow,
  status: 'refunded' | 'revoked',
  now: number,
) {
  const endsAt = Math.min(period.periodEnd, Math.max(period.periodStart, now));
  const removed = period.periodEnd - endsAt;
  const statements = [
    db
      .update(payments)
      .set({ status, refundedAt: now, periodEnd: endsAt })
      .where(and(eq(payments.id, period.id), eq(payments.status, period.status))),
    db
      .update(payments)
      .set({
        periodStart: sql`${payments.periodStart} - ${removed}`,
        periodEnd: sql`${payments.periodEnd} - ${removed}`,
      })
      .where(
        and(
          eq(payments.userId, period.userId),
          inArray(payments.status, [...ACTIVE_PERIOD_STATUSES]),
          gte(payments.periodStart, period.periodEnd),
        ),
      ),
  ] as const;
  return { statements, removed };
}

/**
 * A full refund ends the period that payment bought: what was still unused of it is taken off
 * the learner's expiry, and periods bought after it move earlier by the same amount, so the
 * history keeps matching the expiry (and the cron reminds about the right period).
 */
export async function refundPayment(
  env: Bindings,
  db: Db,
  paymentIntentId: string,
  event: StripeEventRef,
  now = Date.now(),
): Promise<RefundOutcome> {
  const [eventRows, paymentRows] = await db.batch([
    db
      .select({ id: stripeEvents.id })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, event.id))
      .limit(1),
    db.select().from(payments).where(eq(payments.paymentIntentId, paymentIntentId)).limit(1),
  ]);
  if (eventRows.length > 0) return { status: 'duplicate' };
  const payment = paymentRows[0];
  if (!payment || payment.status !== 'paid') {
    await recordEvent(db, event, now);
    return payment ? { status: 'duplicate' } : { status: 'unknown-payment' };
  }

  const taken = takeBackPeriod(db, payment, 'refunded', now);
  const results = await db.batch([
    db.insert(stripeEvents).values({ id: event.id, type: event.type, processedAt: now }),
    ...taken.statements,
    db
      .update(users)
      .set({ premiumUntil: sql`${users.premiumUntil} - ${taken.removed}`, updatedAt: now })
      .where(eq(users.id, payment.userId))
      .returning({ premiumUntil: users.premiumUntil }),
    bumpDaily(db, 'refunds_cents', payment.amountCents, now),
    bumpCounter(db, 'payments.count', -1),
    bumpCounter(db, 'payments.revenue_cents', -payment.amountCents),
    bumpCounter(db, 'payments.refunded'),
  ]);
  const premiumUntil = results[3][0]?.premiumUntil ?? null;
  await refreshSessions(env, db, payment.userId, premiumUntil);
  return { status: 'refunded', paymentId: payment.id, premiumUntil };
}
