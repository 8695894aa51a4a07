import { z } from 'zod';
import type { Pagination } from '../api.ts';
import { PREMIUM_OFFER, type PaymentProvider, type PaymentStatus } from './payments-values.ts';

const ReturnUrlSchema = z.url({ protocol: /^https?$/, error: 'A return address is required' });

/** POST /payments/create-checkout-session (premium-quiz-admin-spec §7). */
export const CheckoutSessionSchema = z.strictObject({
  priceId: z.literal(PREMIUM_OFFER.priceId, { error: 'Unknown price' }),
  successUrl: ReturnUrlSchema,
  cancelUrl: ReturnUrlSchema,
});
export type CheckoutSessionInput = z.input<typeof CheckoutSessionSchema>;

/** POST /payments/create-portal-session: where Stripe's portal sends the learner back to. */
export const PortalSessionSchema = z.strictObject({ returnUrl: ReturnUrlSchema.optional() });

/** The local test checkout's session ids (development only). */
export const DevCheckoutParamSchema = z.object({
  id: z.string().regex(/^cs_dev_[A-Za-z0-9_-]{10,80}$/, 'Unknown checkout session'),
});

export type PricingOffer = {
  priceId: string;
  name: string;
  amountCents: number;
  currency: string;
  durationDays: number;
  recurring: boolean;
};

export type PaymentRecord = {
  id: string;
  provider: PaymentProvider;
  description: string;
  priceId: string;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
  periodStart: string;
  periodEnd: string;
  refundedAt: string | null;
  createdAt: string;
};

export type PaymentHistory = {
  payments: PaymentRecord[];
  pagination: Pagination;
  /** True when the learner has a Stripe customer, so the billing portal can open. */
  portalAvailable: boolean;
  /** Where the premium period running now came from ('class': a class seat), if one runs. */
  premiumFrom: PaymentProvider | null;
};

export type SavedPaymentMethod = {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

export type DevCheckout = {
  id: string;
  offer: PricingOffer;
  email: string;
  paid: boolean;
  cancelUrl: string;
};

export const CHECKOUT_ERROR = 'There was an error starting the checkout process. Please try again.';
export const PAYMENTS_UNAVAILABLE = 'Payments are not available right now. Please try again later.';
