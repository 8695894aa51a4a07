export const CURRENCY = 'CAD';
/** The one premium offer (premium-quiz-admin-spec §9). Amount in cents. */
export const PREMIUM_OFFER = {
  priceId: 'practice_30d',
  name: '30-day Practice Pass',
  amountCents: 500,
  currency: CURRENCY,
  durationDays: 30,
  recurring: false,
} as const;
/** Who a premium period came from: Stripe, the local test checkout, an admin's grant, or a class seat its instructor bought. */
export type PaymentProvider = 'stripe' | 'dev' | 'complimentary' | 'class';
export type PaymentStatus = 'paid' | 'refunded' | 'granted' | 'revoked';
