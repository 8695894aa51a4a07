import type { Db } from './db/client.ts';
import type { Locale } from '@drone-exam/shared/i18n';
import type { AuthContext } from './auth/context.ts';

/** Secrets are set with `wrangler secret put` in production and `.dev.vars` locally. */
export type Secrets = {
  JWT_SECRET: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  TURNSTILE_SECRET_KEY?: string;
  MAILCHANNELS_API_KEY?: string;
  /** The VAPID key pair of phone reminders (RFC 8292), base64url; `npm start` makes a local one. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
};

export type Bindings = Env & Secrets;

export type Variables = {
  requestId: string;
  db: Db;
  auth: AuthContext | null;
  /** The request's language (Accept-Language; the learner sends its page's): messages, content. */
  locale: Locale;
};

export type AppEnv = { Bindings: Bindings; Variables: Variables };

export function isDevelopment(env: Pick<Bindings, 'ENVIRONMENT'>): boolean {
  return env.ENVIRONMENT !== 'production';
}
