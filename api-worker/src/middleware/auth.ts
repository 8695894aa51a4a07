import { createMiddleware } from 'hono/factory';
import { hasPremium } from '@drone-exam/shared/access';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../lib/http.ts';
import { resolveAuth } from '../auth/session.ts';

export const AUTH_REQUIRED = 'Authentication required';

/** Sets c.var.auth for every /api request (null for visitors). */
export const loadAuth = createMiddleware<AppEnv>(async (c, next) => {
  c.set('auth', await resolveAuth(c));
  await next();
});

export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.auth) throw new ApiError(401, AUTH_REQUIRED, 'UNAUTHENTICATED');
  await next();
});

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const auth = c.var.auth;
  if (!auth) throw new ApiError(401, AUTH_REQUIRED, 'UNAUTHENTICATED');
  if (auth.role !== 'admin') {
    throw new ApiError(403, "You don't have permission to access the admin panel.", 'FORBIDDEN');
  }
  await next();
});

export const PREMIUM_REQUIRED = 'Premium access required. Upgrade to take practice quizzes.';

/**
 * Premium is checked against the expiry held in the session record (kept current by
 * refreshSessions), so a lapsed period is refused at once without a D1 read.
 */
export const requirePremium = createMiddleware<AppEnv>(async (c, next) => {
  const auth = c.var.auth;
  if (!auth) throw new ApiError(401, AUTH_REQUIRED, 'UNAUTHENTICATED');
  if (!hasPremium(auth)) throw new ApiError(403, PREMIUM_REQUIRED, 'PREMIUM_REQUIRED');
  await next();
});
