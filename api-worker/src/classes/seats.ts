import { and, eq, sql } from 'drizzle-orm';
import type { Stripe } from 'stripe';
import { CHECKOUT_ERROR, type PricingOffer } from '@drone-exam/shared';
import { CLASS_NOT_FOUND, CLASS_SEAT_PRICE_ID } from '@drone-exam/shared/schemas/classes-values';
import { PREMIUM_OFFER } from '@drone-exam/shared/schemas/payments-values';
import { isDevelopment, type Bindings } from '../env.ts';
import type { Db } from '../db/client.ts';
import { namedBatch } from '../db/batch.ts';
import { classes, classSeatPurchases, stripeEvents, users } from '../db/schema.ts';
import { bumpCounter, bumpDaily } from '../lib/events.ts';
import { newId } from '../lib/ids.ts';
import { ApiError, forbidden, notFound } from '../lib/http.ts';
import { appLink } from '../auth/queries.ts';
import { rewriteSessions } from '../auth/session.ts';
import { dispatchEmails, prepareEmail } from '../email/outbox.ts';
import { isConstraintError, type StripeEventRef } from '../payments/fulfilment.ts';
import { callStripe, idOf, requireStripe, stripeClient } from '../payments/stripe.ts';
import { createDevCheckout } from '../payments/dev-checkout.ts';
import { VERIFIED_EMAIL_REQUIRED } from './service.ts';
import { grantSeats, type SeatedSession } from './queries.ts';

/**
 * Class seats (issue 30): an instructor buys premium for their class, one seat per member, priced
 * as the premium offer. A seat gives its member the offer's days from the moment they get it: the
 * purchase for members already in, their join for later ones. Like a bought pass, it starts when
 * the member's own premium ends (docs/decisions/2026-11-29-class-seats.md).
 */

/** A seat costs what a premium pass costs. */
export const SEAT_PRICE_CENTS = PREMIUM_OFFER.amountCents;
/** What a Stripe session's metadata says when it sells seats rather than a pass. */
const SEAT_CHECKOUT_KIND = 'class-seats';

/** A completed seat checkout, from Stripe's webhook or the local test checkout. */
export type SeatPurchase = {
  provider: 'stripe' | 'dev';
  checkoutSessionId: string;
  paymentIntentId: string | null;
  classId: string;
  instructorId: string;
  seats: number;
  amountCents: number;
  currency: string;
};

export type SeatFulfilmentOutcome =
  | { status: 'fulfilled'; purchaseId: string; seated: number }
  | { status: 'duplicate' }
  | { status: 'class-missing' };

export type SeatRefundOutcome =
  | { status: 'refunded'; purchaseId: string; seatsTaken: number }
  | { status: 'duplicate' }
  | { status: 'unknown-purchase' };

/** The class a seat checkout is for, if `userId` teaches it and may pay (a verified email). */
export async function seatCheckoutClass(db: Db, classId: string, userId: string) {
  const [[owned], [user]] = await db.batch([
    db
      .select({ id: classes.id, name: classes.name })
      .from(classes)
      .where(and(eq(classes.id, classId), eq(classes.instructorId, userId))),
    db
      .select({
        email: users.email,
        emailVerified: users.emailVerified,
        locale: users.locale,
        stripeCustomerId: users.stripeCustomerId,
      })
      .from(users)
      .where(eq(users.id, userId)),
  ]);
  if (!owned || !user) throw notFound(CLASS_NOT_FOUND);
  if (!user.emailVerified) throw forbidden(VERIFIED_EMAIL_REQUIRED);
  return { class: owned, user };
}

/** Members just seated see premium in the sessions they already have open. */
export const refreshSeated = (env: Bindings, seated: readonly SeatedSession[]) =>
  rewriteSessions(env, seated);

const seenEvent = (db: Db, event: StripeEventRef | undefined) =>
  db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, event?.id ?? ''))
    .limit(1);

const recordEvent = (db: Db, event: StripeEventRef, now: number) =>
  db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, processedAt: now })
    .onConflictDoNothing();

/**
 * The one seat fulfilment: records the purchase, adds its seats to the class, seats the members
 * waiting for one, counts the revenue and queues the instructor's receipt, all in one batch.
 * Idempotent per Stripe event and per checkout session (the purchase's unique session id).
 */
export async function fulfilSeatPurchase(
  env: Bindings,
  db: Db,
  purchase: SeatPurchase,
  event?: StripeEventRef,
  now = Date.now(),
): Promise<SeatFulfilmentOutcome> {
  const [eventRows, paidRows, classRows] = await db.batch([
    seenEvent(db, event),
    db
      .select({ id: classSeatPurchases.id })
      .from(classSeatPurchases)
      .where(eq(classSeatPurchases.checkoutSessionId, purchase.checkoutSessionId))
      .limit(1),
    db
      .select({
        name: classes.name,
        email: users.email,
        firstName: users.firstName,
        locale: users.locale,
      })
      .from(classes)
      .innerJoin(users, eq(users.id, classes.instructorId))
      .where(and(eq(classes.id, purchase.classId), eq(classes.instructorId, purchase.instructorId)))
      .limit(1),
  ]);
  if (eventRows.length > 0) return { status: 'duplicate' };
  const owner = classRows[0];
  if (paidRows.length > 0 || !owner) {
    if (event) await recordEvent(db, event, now);
    return paidRows.length > 0 ? { status: 'duplicate' } : { status: 'class-missing' };
  }

  const purchaseId = newId();
  const email = prepareEmail(db, {
    to: owner.email,
    userId: purchase.instructorId,
    template: 'class-seats-purchased',
    data: {
      firstName: owner.firstName,
      className: owner.name,
      seats: purchase.seats,
      amount: purchase.amountCents / 100,
      link: appLink(env.APP_URL, `/classes/${purchase.classId}`, owner.locale),
    },
    locale: owner.locale,
  });
  const grant = grantSeats(db, purchase.classId, purchaseId, now);
  let granted;
  try {
    granted = await namedBatch(db, {
      purchase: db.insert(classSeatPurchases).values({
        id: purchaseId,
        classId: purchase.classId,
        instructorId: purchase.instructorId,
        provider: purchase.provider,
        checkoutSessionId: purchase.checkoutSessionId,
        paymentIntentId: purchase.paymentIntentId,
        seats: purchase.seats,
        amountCents: purchase.amountCents,
        currency: purchase.currency,
        status: 'paid',
        createdAt: now,
      }),
      paid: [
        ...(event
          ? [db.insert(stripeEvents).values({ id: event.id, type: event.type, processedAt: now })]
          : []),
        db
          .update(classes)
          .set({ seatsBought: sql`${classes.seatsBought} + ${purchase.seats}` })
          .where(eq(classes.id, purchase.classId)),
        email.insert,
        bumpDaily(db, 'revenue_cents', purchase.amountCents, now),
        bumpCounter(db, 'payments.revenue_cents', purchase.amountCents),
        ...grant.writes,
      ],
      seated: grant.seated,
      sessions: grant.sessions,
    });
  } catch (error) {
    // A concurrent delivery of the same checkout lost the race on the unique ids: nothing was written.
    if (isConstraintError(error)) return { status: 'duplicate' };
    throw error;
  }
  await dispatchEmails(env, [email.id]);
  await refreshSeated(env, granted.sessions);
  return { status: 'fulfilled', purchaseId, seated: granted.seated.length };
}

/**
 * A full refund of a seat purchase takes back the seats of it still unused, no more: seats given
 * stay with their members. The seats taken are worked out and applied in the one batch, and only
 * by the event that refunds the purchase (refund_event_id), so a second delivery takes nothing.
 */
export async function refundSeatPurchase(
  db: Db,
  paymentIntentId: string,
  event: StripeEventRef,
  now = Date.now(),
): Promise<SeatRefundOutcome> {
  const [eventRows, purchaseRows] = await db.batch([
    seenEvent(db, event),
    db
      .select()
      .from(classSeatPurchases)
      .where(eq(classSeatPurchases.paymentIntentId, paymentIntentId))
      .limit(1),
  ]);
  if (eventRows.length > 0) return { status: 'duplicate' };
  const purchase = purchaseRows[0];
  if (!purchase) return { status: 'unknown-purchase' };
  if (purchase.status !== 'paid') {
    await recordEvent(db, event, now);
    return { status: 'duplicate' };
  }
  const unused = sql`(select min(${purchase.seats}, ${classes.seatsBought} - ${classes.seatsUsed}) from ${classes} where ${classes.id} = ${purchase.classId})`;
  const takenByThisEvent = sql`coalesce((select ${classSeatPurchases.seatsRefunded} from ${classSeatPurchases} where ${classSeatPurchases.id} = ${purchase.id} and ${classSeatPurchases.refundEventId} = ${event.id}), 0)`;
  const results = await db.batch([
    db.insert(stripeEvents).values({ id: event.id, type: event.type, processedAt: now }),
    db
      .update(classSeatPurchases)
      .set({ status: 'refunded', seatsRefunded: unused, refundEventId: event.id, refundedAt: now })
      .where(and(eq(classSeatPurchases.id, purchase.id), eq(classSeatPurchases.status, 'paid')))
      .returning({ seatsRefunded: classSeatPurchases.seatsRefunded }),
    db
      .update(classes)
      .set({ seatsBought: sql`${classes.seatsBought} - ${takenByThisEvent}` })
      .where(eq(classes.id, purchase.classId)),
    bumpDaily(db, 'refunds_cents', purchase.amountCents, now),
    bumpCounter(db, 'payments.revenue_cents', -purchase.amountCents),
  ]);
  return {
    status: 'refunded',
    purchaseId: purchase.id,
    seatsTaken: results[1][0]?.seatsRefunded ?? 0,
  };
}

/** The seat offer as the checkouts show it: N seats of the class at the premium price each. */
export function seatOffer(seats: number, className: string): PricingOffer {
  return {
    priceId: CLASS_SEAT_PRICE_ID,
    name: `${seats} premium ${seats === 1 ? 'seat' : 'seats'} for ${className}`,
    amountCents: seats * SEAT_PRICE_CENTS,
    currency: PREMIUM_OFFER.currency,
    durationDays: PREMIUM_OFFER.durationDays,
    recurring: false,
  };
}

/**
 * A checkout for `seats` seats of a class its instructor teaches: Stripe Checkout, or the local
 * test checkout in development without a Stripe key, exactly as the premium checkout does. The
 * session's metadata names the class and the seats, which is all the webhook fulfils from.
 */
export async function startSeatCheckout(
  env: Bindings,
  db: Db,
  classId: string,
  userId: string,
  seats: number,
): Promise<{ id: string; url: string }> {
  const found = await seatCheckoutClass(db, classId, userId);
  const offer = seatOffer(seats, found.class.name);
  const back = (outcome: 'success' | 'cancelled') =>
    appLink(env.APP_URL, `/classes/${classId}?seats=${outcome}`, found.user.locale);
  const stripe = await stripeClient(env);
  if (!stripe) {
    if (!isDevelopment(env)) await requireStripe(env);
    const id = await createDevCheckout(env, {
      userId,
      email: found.user.email,
      priceId: CLASS_SEAT_PRICE_ID,
      successUrl: back('success'),
      cancelUrl: back('cancelled'),
      seats: { classId, className: found.class.name, count: seats },
    });
    return { id, url: appLink(env.APP_URL, `/dev/checkout?session=${id}`) };
  }
  const metadata = {
    kind: SEAT_CHECKOUT_KIND,
    userId,
    classId,
    seats: String(seats),
    priceId: CLASS_SEAT_PRICE_ID,
  };
  const session = await callStripe(CHECKOUT_ERROR, () =>
    stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: seats,
          price_data: {
            currency: offer.currency.toLowerCase(),
            unit_amount: SEAT_PRICE_CENTS,
            product_data: {
              name: `Premium seat: ${found.class.name}`,
              description: `${offer.durationDays} days of premium for one member of the class. One-time payment, not a subscription.`,
            },
          },
        },
      ],
      ...(found.user.stripeCustomerId
        ? { customer: found.user.stripeCustomerId }
        : { customer_email: found.user.email, customer_creation: 'always' as const }),
      client_reference_id: userId,
      metadata,
      payment_intent_data: { metadata },
      success_url: back('success'),
      cancel_url: back('cancelled'),
    }),
  );
  if (!session.url) throw new ApiError(502, CHECKOUT_ERROR, 'STRIPE_ERROR');
  return { id: session.id, url: session.url };
}

/** A paid Stripe session for seats, as its metadata names them; null when it is not one. */
export function seatPurchaseOf(session: Stripe.Checkout.Session): SeatPurchase | null {
  const meta = session.metadata;
  if (meta?.kind !== SEAT_CHECKOUT_KIND || !meta.classId || !meta.userId) return null;
  const seats = Number(meta.seats);
  if (!Number.isInteger(seats) || seats < 1) return null;
  return {
    provider: 'stripe',
    checkoutSessionId: session.id,
    paymentIntentId: idOf(session.payment_intent),
    classId: meta.classId,
    instructorId: meta.userId,
    seats,
    amountCents: session.amount_total ?? seats * SEAT_PRICE_CENTS,
    currency: (session.currency ?? PREMIUM_OFFER.currency).toUpperCase(),
  };
}
