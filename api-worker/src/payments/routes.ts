import { Hono } from 'hono';
import { and, count, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Stripe } from 'stripe';
import {
  CHECKOUT_ERROR,
  CheckoutSessionSchema,
  DevCheckoutParamSchema,
  PageQuerySchema,
  pagination,
  PortalSessionSchema,
  type DevCheckout,
  type PaymentHistory,
  type PaymentRecord,
  type PricingOffer,
  type SavedPaymentMethod,
} from '@drone-exam/shared';
import type { AppEnv, Bindings } from '../env.ts';
import { isDevelopment } from '../env.ts';
import type { Db } from '../db/client.ts';
import { classSeatPurchases, payments, users } from '../db/schema.ts';
import { ApiError, badRequest, notFound, ok, validate } from '../lib/http.ts';
import { iso } from '../lib/time.ts';
import { requireAuth } from '../middleware/auth.ts';
import { isAllowedOrigin } from '../middleware/csrf.ts';
import { appLink, findUserById } from '../auth/queries.ts';
import { callStripe, idOf, requireStripe, stripeClient, verifyWebhook } from './stripe.ts';
import {
  DAY_MS,
  fulfilPurchase,
  refundPayment,
  type FulfilmentOutcome,
  type RefundOutcome,
} from './fulfilment.ts';
import { closeDevCheckout, createDevCheckout, readDevCheckout } from './dev-checkout.ts';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from './dev-webhook-secret.ts';
import { ACTIVE_PERIOD_STATUSES } from './constants.ts';
import { PREMIUM_OFFER } from '@drone-exam/shared/schemas/payments-values';
import {
  fulfilSeatPurchase,
  refundSeatPurchase,
  seatOffer,
  seatPurchaseOf,
  type SeatFulfilmentOutcome,
  type SeatRefundOutcome,
} from '../classes/seats.ts';

export const OFFER: PricingOffer = { ...PREMIUM_OFFER };
const PREMIUM_FROM_CLASS = 'Premium from your class';
export const ADMIN_HAS_PREMIUM = 'Admins already have full premium access.';
export const VERIFY_BEFORE_BUYING =
  'Please verify your email address before buying premium access.';
export const FOREIGN_RETURN_URL = 'The return address must be on this site.';
export const NO_BILLING_PROFILE =
  'There is no billing profile for this account yet. It is created with your first purchase.';

/** Checkout and the portal only ever send the learner back to our own site. */
function requireOwnOrigin(env: Bindings, url: string) {
  if (!isAllowedOrigin(env, new URL(url).origin)) {
    throw new ApiError(400, FOREIGN_RETURN_URL, 'INVALID_RETURN_URL');
  }
}

async function signedInUser(db: Db, userId: string) {
  const user = await findUserById(db, userId);
  if (!user || !user.isActive)
    throw new ApiError(401, 'Authentication required', 'UNAUTHENTICATED');
  return user;
}

function toPaymentRecord(row: typeof payments.$inferSelect): PaymentRecord {
  return {
    id: row.id,
    provider: row.provider,
    description:
      row.provider === 'complimentary'
        ? `Complimentary premium (${Math.round((row.periodEnd - row.periodStart) / DAY_MS)} days)`
        : row.provider === 'class'
          ? PREMIUM_FROM_CLASS
          : OFFER.name,
    priceId: row.priceId,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    periodStart: iso(row.periodStart)!,
    periodEnd: iso(row.periodEnd)!,
    refundedAt: iso(row.refundedAt),
    createdAt: iso(row.createdAt)!,
  };
}

type WebhookOutcome =
  | FulfilmentOutcome
  | RefundOutcome
  | SeatFulfilmentOutcome
  | SeatRefundOutcome
  | { status: 'ignored' | 'pending' };

/** The events that change premium; anything else is acknowledged and left alone. */
async function handleStripeEvent(
  env: Bindings,
  db: Db,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  const ref = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // Delayed payment methods complete the session unpaid; their success event comes later.
      if (session.mode !== 'payment' || session.payment_status !== 'paid') {
        return { status: 'pending' };
      }
      const seats = seatPurchaseOf(session);
      if (seats) {
        const outcome = await fulfilSeatPurchase(env, db, seats, ref);
        if (outcome.status === 'class-missing') {
          console.error(
            `Stripe checkout ${session.id} paid seats for unknown class ${seats.classId}`,
          );
        }
        return outcome;
      }
      const userId = session.metadata?.userId ?? session.client_reference_id;
      if (!userId) {
        console.error(`Stripe checkout ${session.id} carries no user id`);
        return { status: 'ignored' };
      }
      const outcome = await fulfilPurchase(
        env,
        db,
        {
          provider: 'stripe',
          checkoutSessionId: session.id,
          paymentIntentId: idOf(session.payment_intent),
          customerId: idOf(session.customer),
          userId,
          priceId: session.metadata?.priceId ?? OFFER.priceId,
          amountCents: session.amount_total ?? OFFER.amountCents,
          currency: (session.currency ?? OFFER.currency).toUpperCase(),
        },
        ref,
      );
      if (outcome.status === 'user-missing') {
        console.error(`Stripe checkout ${session.id} paid for unknown user ${userId}`);
      }
      return outcome;
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      // Only a full refund takes the period back; a partial one is a goodwill gesture.
      if (!charge.refunded || !paymentIntentId) return { status: 'ignored' };
      const seats = await refundSeatPurchase(db, paymentIntentId, ref);
      if (seats.status !== 'unknown-purchase') return seats;
      return refundPayment(env, db, paymentIntentId, ref);
    }
    default:
      return { status: 'ignored' };
  }
}

export const paymentRoutes = new Hono<AppEnv>()
  .get('/pricing', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return ok(c, { offers: [OFFER] });
  })
  .post(
    '/create-checkout-session',
    requireAuth,
    validate('json', CheckoutSessionSchema),
    async (c) => {
      const input = c.req.valid('json');
      requireOwnOrigin(c.env, input.successUrl);
      requireOwnOrigin(c.env, input.cancelUrl);
      const user = await signedInUser(c.var.db, c.var.auth!.userId);
      if (user.role === 'admin') throw badRequest(ADMIN_HAS_PREMIUM, 'ADMIN_HAS_PREMIUM');
      if (!user.emailVerified) {
        throw new ApiError(403, VERIFY_BEFORE_BUYING, 'EMAIL_NOT_VERIFIED');
      }

      const stripe = await stripeClient(c.env);
      if (!stripe) {
        if (!isDevelopment(c.env)) await requireStripe(c.env);
        const id = await createDevCheckout(c.env, {
          userId: user.id,
          email: user.email,
          priceId: input.priceId,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
        });
        const url = new URL(`/dev/checkout?session=${id}`, input.successUrl).toString();
        return ok(c, { id, url });
      }

      const session = await callStripe(CHECKOUT_ERROR, () =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: OFFER.currency.toLowerCase(),
                unit_amount: OFFER.amountCents,
                product_data: {
                  name: OFFER.name,
                  description: `${OFFER.durationDays} days of practice quizzes and timed exams. One-time payment, not a subscription.`,
                },
              },
            },
          ],
          ...(user.stripeCustomerId
            ? { customer: user.stripeCustomerId }
            : { customer_email: user.email, customer_creation: 'always' as const }),
          client_reference_id: user.id,
          metadata: { userId: user.id, priceId: input.priceId },
          payment_intent_data: { metadata: { userId: user.id, priceId: input.priceId } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      if (!session.url) throw new ApiError(502, CHECKOUT_ERROR, 'STRIPE_ERROR');
      return ok(c, { id: session.id, url: session.url });
    },
  )
  .post('/webhook', async (c) => {
    const secret =
      c.env.STRIPE_WEBHOOK_SECRET ??
      (isDevelopment(c.env) ? LOCAL_STRIPE_WEBHOOK_SECRET : undefined);
    if (!secret)
      throw new ApiError(503, 'The payment webhook is not configured', 'WEBHOOK_UNAVAILABLE');
    const event = await verifyWebhook(await c.req.text(), c.req.header('stripe-signature'), secret);
    if (!event) throw badRequest('Invalid Stripe signature', 'INVALID_SIGNATURE');
    const outcome = await handleStripeEvent(c.env, c.var.db, event);
    return ok(c, { received: true, outcome: outcome.status });
  })
  .get('/history', requireAuth, validate('query', PageQuerySchema), async (c) => {
    const { page, limit } = c.req.valid('query');
    const userId = c.var.auth!.userId;
    const db = c.var.db;
    const now = Date.now();
    const [rows, totals, owner, running] = await db.batch([
      db
        .select()
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ total: count() }).from(payments).where(eq(payments.userId, userId)),
      db
        .select({ customerId: users.stripeCustomerId })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1),
      db
        .select({ provider: payments.provider })
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            inArray(payments.status, [...ACTIVE_PERIOD_STATUSES]),
            lte(payments.periodStart, now),
            gt(payments.periodEnd, now),
          ),
        )
        .limit(1),
    ]);
    const history: PaymentHistory = {
      payments: rows.map(toPaymentRecord),
      pagination: pagination(page, limit, totals[0]?.total ?? 0),
      portalAvailable: Boolean(owner[0]?.customerId && c.env.STRIPE_SECRET_KEY),
      premiumFrom: running[0]?.provider ?? null,
    };
    return ok(c, history);
  })
  .post('/create-portal-session', requireAuth, validate('json', PortalSessionSchema), async (c) => {
    const stripe = await requireStripe(c.env);
    const returnUrl = c.req.valid('json').returnUrl ?? appLink(c.env.APP_URL, '/account');
    requireOwnOrigin(c.env, returnUrl);
    const user = await signedInUser(c.var.db, c.var.auth!.userId);
    if (!user.stripeCustomerId) throw notFound(NO_BILLING_PROFILE);
    const portal = await callStripe(
      'The billing portal could not be opened. Please try again.',
      () =>
        stripe.billingPortal.sessions.create({
          customer: user.stripeCustomerId!,
          return_url: returnUrl,
        }),
    );
    return ok(c, { url: portal.url });
  })
  .get('/payment-methods', requireAuth, async (c) => {
    const stripe = await requireStripe(c.env);
    const user = await signedInUser(c.var.db, c.var.auth!.userId);
    if (!user.stripeCustomerId) return ok(c, { paymentMethods: [] as SavedPaymentMethod[] });
    const list = await callStripe('Saved payment methods could not be loaded.', () =>
      stripe.customers.listPaymentMethods(user.stripeCustomerId!, { type: 'card', limit: 10 }),
    );
    const paymentMethods: SavedPaymentMethod[] = list.data.flatMap((method) =>
      method.card
        ? [
            {
              id: method.id,
              brand: method.card.brand,
              last4: method.card.last4,
              expMonth: method.card.exp_month,
              expYear: method.card.exp_year,
            },
          ]
        : [],
    );
    return ok(c, { paymentMethods });
  })
  .post('/setup-intent', requireAuth, async (c) => {
    const stripe = await requireStripe(c.env);
    const db = c.var.db;
    const user = await signedInUser(db, c.var.auth!.userId);
    let customerId = user.stripeCustomerId;
    if (!customerId) {
      const customer = await callStripe('Your billing profile could not be created.', () =>
        stripe.customers.create({
          email: user.email,
          name: `${user.firstName} ${user.lastName}`,
          metadata: { userId: user.id },
        }),
      );
      customerId = customer.id;
      await db
        .update(users)
        .set({ stripeCustomerId: customerId, updatedAt: Date.now() })
        .where(eq(users.id, user.id));
    }
    const intent = await callStripe('A card could not be set up. Please try again.', () =>
      stripe.setupIntents.create({
        customer: customerId,
        automatic_payment_methods: { enabled: true },
        metadata: { userId: user.id },
      }),
    );
    return ok(c, { id: intent.id, clientSecret: intent.client_secret });
  })
  .use('/dev-checkout/*', async (c, next) => {
    if (!isDevelopment(c.env)) throw notFound();
    await next();
  })
  .get('/dev-checkout/:id', requireAuth, validate('param', DevCheckoutParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const record = await readDevCheckout(c.env, id, c.var.auth!.userId);
    if (!record) throw notFound('This checkout has expired or does not exist.');
    const [paid] = await c.var.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.checkoutSessionId, id))
      .limit(1);
    const [seatsPaid] = record.seats
      ? await c.var.db
          .select({ id: classSeatPurchases.id })
          .from(classSeatPurchases)
          .where(eq(classSeatPurchases.checkoutSessionId, id))
          .limit(1)
      : [];
    const checkout: DevCheckout = {
      id,
      offer: record.seats ? seatOffer(record.seats.count, record.seats.className) : OFFER,
      email: record.email,
      paid: Boolean(paid ?? seatsPaid),
      cancelUrl: record.cancelUrl,
    };
    return ok(c, checkout);
  })
  .post(
    '/dev-checkout/:id/pay',
    requireAuth,
    validate('param', DevCheckoutParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const userId = c.var.auth!.userId;
      const record = await readDevCheckout(c.env, id, userId);
      if (!record) throw notFound('This checkout has expired or does not exist.');
      if (record.seats) {
        const seats = await fulfilSeatPurchase(c.env, c.var.db, {
          provider: 'dev',
          checkoutSessionId: id,
          paymentIntentId: null,
          classId: record.seats.classId,
          instructorId: userId,
          seats: record.seats.count,
          amountCents: seatOffer(record.seats.count, record.seats.className).amountCents,
          currency: OFFER.currency,
        });
        if (seats.status === 'class-missing') throw notFound('This class no longer exists.');
        return ok(c, { redirectTo: record.successUrl });
      }
      const outcome = await fulfilPurchase(c.env, c.var.db, {
        provider: 'dev',
        checkoutSessionId: id,
        paymentIntentId: null,
        customerId: null,
        userId,
        priceId: record.priceId,
        amountCents: OFFER.amountCents,
        currency: OFFER.currency,
      });
      if (outcome.status === 'user-missing') throw notFound('This account no longer exists.');
      return ok(c, { redirectTo: record.successUrl });
    },
  )
  .post(
    '/dev-checkout/:id/cancel',
    requireAuth,
    validate('param', DevCheckoutParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const record = await readDevCheckout(c.env, id, c.var.auth!.userId);
      if (!record) throw notFound('This checkout has expired or does not exist.');
      await closeDevCheckout(c.env, id);
      return ok(c, { redirectTo: record.cancelUrl });
    },
  );
