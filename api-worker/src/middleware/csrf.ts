import { createMiddleware } from 'hono/factory';
import type { AppEnv, Bindings } from '../env.ts';
import { isDevelopment } from '../env.ts';
import { getCookie } from 'hono/cookie';
import { ApiError } from '../lib/http.ts';
import { bearerToken } from '../auth/session.ts';
import { SESSION_COOKIE } from '@drone-exam/shared/schemas/auth-values';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function allowedOrigins(env: Bindings): Set<string> {
  const origins = new Set([new URL(env.APP_URL).origin]);
  for (const value of env.ALLOWED_ORIGINS?.split(',') ?? []) {
    if (value.trim()) origins.add(new URL(value.trim()).origin);
  }
  return origins;
}

/** Our own origins: APP_URL, ALLOWED_ORIGINS, and loopback in development. */
export function isAllowedOrigin(env: Bindings, origin: string): boolean {
  if (allowedOrigins(env).has(origin)) return true;
  if (!isDevelopment(env)) return false;
  try {
    return LOOPBACK.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/**
 * A write that rides on the session cookie must come from one of our own pages: browsers always
 * send Origin on such requests, so a missing or foreign Origin is refused. Bearer-token callers
 * and cookie-less calls (the Stripe webhook) are not exposed to CSRF and pass.
 */
export const csrfProtection = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  // Only a bearer token that is itself the credential: with a blank one the cookie is used.
  if (bearerToken(c)) return next();
  if (!getCookie(c, SESSION_COOKIE)) return next();
  const origin = c.req.header('origin');
  if (!origin || !isAllowedOrigin(c.env, origin)) {
    throw new ApiError(
      403,
      'This request did not come from the DroneCert Prep site.',
      'CSRF_REJECTED',
    );
  }
  return next();
});
