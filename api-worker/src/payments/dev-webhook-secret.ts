/**
 * Development only: the Stripe webhook signing secret when none is configured, so the signed
 * webhook runs locally (`npm run stripe:event` signs with it). Production sets its own secret and
 * never falls back to this one.
 */
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_dronecert_development_only';
