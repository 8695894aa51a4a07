import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { formatDate } from '@drone-exam/shared/text';
import type { Bindings } from '../env.ts';
import type { Db } from '../db/client.ts';
import { payments, users } from '../db/schema.ts';
import { abortUnless } from '../db/guards.ts';
import { recordActivity } from '../lib/events.ts';
import { newId } from '../lib/ids.ts';
import { conflict, notFound } from '../lib/http.ts';
import { refreshSessions } from '../auth/session.ts';
import { DAY_MS, takeBackPeriod } from '../payments/fulfilment.ts';
import { guardedBatch } from './guards.ts';
import { CURRENCY } from '@drone-exam/shared/schemas/payments-values';

export const NO_COMPLIMENTARY = 'This user has no complimentary premium to revoke.';
export const ADMIN_HAS_PREMIUM = 'Admins already have every premium feature.';
export const USER_NOT_FOUND = 'User not found';

/** The price id of a grant: a payments row that is never a payment (amount 0, no revenue). */
const COMPLIMENTARY_PRICE = 'complimentary';

const dateOf = (ms: number) => formatDate(ms, { timeZone: 'UTC' });
const nameOf = (user: typeof users.$inferSelect) =>
  `${user.firstName} ${user.lastName} (${user.email})`;

/** Complimentary grants still running or still to come, latest first. */
export const runningGrants = (db: Db, userId: string, now: number) =>
  db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.provider, 'complimentary'),
        eq(payments.status, 'granted'),
        gt(payments.periodEnd, now),
      ),
    )
    .orderBy(desc(payments.periodStart));

/**
 * Grants `days` of complimentary premium from the later of now and the current expiry, like a
 * purchase but recorded as complimentary (who, when, days, reason) in the learner's history and
 * the activity feed. The expiry is a compare-and-set: a purchase landing meanwhile answers 409.
 */
export async function grantPremium(
  env: Bindings,
  db: Db,
  grant: { userId: string; adminId: string; days: number; reason: string },
  now = Date.now(),
): Promise<number> {
  const [user] = await db.select().from(users).where(eq(users.id, grant.userId)).limit(1);
  if (!user) throw notFound(USER_NOT_FOUND);
  if (user.role === 'admin') throw conflict(ADMIN_HAS_PREMIUM, 'ADMIN_HAS_PREMIUM');
  const periodStart = Math.max(now, user.premiumUntil ?? 0);
  const periodEnd = periodStart + grant.days * DAY_MS;
  const id = newId();
  await guardedBatch(db, [
    db
      .update(users)
      .set({ premiumUntil: periodEnd, updatedAt: now })
      .where(and(eq(users.id, user.id), sql`${users.premiumUntil} IS ${user.premiumUntil}`)),
    abortUnless(db, sql`changes() = 1`),
    db.insert(payments).values({
      id,
      userId: user.id,
      provider: 'complimentary',
      checkoutSessionId: `grant_${id}`,
      priceId: COMPLIMENTARY_PRICE,
      amountCents: 0,
      currency: CURRENCY,
      status: 'granted',
      periodStart,
      periodEnd,
      grantedBy: grant.adminId,
      note: grant.reason || null,
      createdAt: now,
    }),
    recordActivity(
      db,
      {
        userId: grant.adminId,
        type: 'admin_action',
        title: `Granted ${grant.days} days of complimentary premium`,
        description: `${nameOf(user)}, premium until ${dateOf(periodEnd)}${grant.reason ? `: ${grant.reason}` : ''}`,
        metadata: { targetUserId: user.id, paymentId: id, days: grant.days, reason: grant.reason },
      },
      now,
    ),
  ]);
  await refreshSessions(env, db, user.id, periodEnd);
  return periodEnd;
}

/**
 * Takes back every complimentary grant still running, at once: what is left of each comes off
 * the expiry (paid periods after it move earlier, so nothing bought is lost).
 */
export async function revokePremium(
  env: Bindings,
  db: Db,
  revoke: { userId: string; adminId: string },
  now = Date.now(),
): Promise<number | null> {
  const [[user], grants] = await db.batch([
    db.select().from(users).where(eq(users.id, revoke.userId)).limit(1),
    runningGrants(db, revoke.userId, now),
  ]);
  if (!user) throw notFound(USER_NOT_FOUND);
  if (grants.length === 0) throw conflict(NO_COMPLIMENTARY, 'NO_COMPLIMENTARY');
  // Latest first: each grant's later periods are shifted before an earlier grant is taken back.
  const taken = grants.map((grant) => takeBackPeriod(db, grant, 'revoked', now));
  const removed = taken.reduce((sum, part) => sum + part.removed, 0);
  const days = Math.round(removed / DAY_MS);
  const results = await guardedBatch(db, [
    ...taken.flatMap((part) => part.statements),
    db
      .update(users)
      .set({ premiumUntil: sql`${users.premiumUntil} - ${removed}`, updatedAt: now })
      .where(and(eq(users.id, user.id), sql`${users.premiumUntil} IS ${user.premiumUntil}`))
      .returning({ premiumUntil: users.premiumUntil }),
    abortUnless(db, sql`changes() = 1`),
    recordActivity(
      db,
      {
        userId: revoke.adminId,
        type: 'admin_action',
        title: 'Complimentary premium revoked',
        description: `${nameOf(user)}: ${days} ${days === 1 ? 'day' : 'days'} taken back`,
        metadata: { targetUserId: user.id, paymentIds: grants.map((grant) => grant.id) },
      },
      now,
    ),
  ]);
  // The user update follows the two statements of each grant taken back.
  const updated = results[taken.length * 2] as Array<{ premiumUntil: number | null }>;
  const premiumUntil = updated[0]?.premiumUntil ?? null;
  await refreshSessions(env, db, user.id, premiumUntil);
  return premiumUntil;
}
