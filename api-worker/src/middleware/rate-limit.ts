import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { isDevelopment } from '../env.ts';
import { ApiError } from '../lib/http.ts';

export const RATE_LIMITED = 'Too many attempts. Please wait a minute and try again.';

/**
 * The caller's address, for rate limits and the bot check. Only Cloudflare's edge sets
 * CF-Connecting-IP (replacing any the client sent), so it is read in production only; under
 * wrangler a client can send any value, and X-Forwarded-For is the client's own say everywhere, so
 * neither is read there and every local caller shares one key.
 */
export function clientIp(c: Context<AppEnv>): string {
  if (isDevelopment(c.env)) return 'local';
  return c.req.header('cf-connecting-ip') ?? 'unknown';
}

/**
 * Workers rate-limiting binding, keyed by the caller's IP plus whatever the route adds (usually
 * the email address), so one person hammering one account is stopped without locking out others.
 */
export function rateLimit(
  limiter: 'AUTH_LIMITER' | 'FORM_LIMITER',
  scope: string,
  extraKey?: (c: Context<AppEnv>) => Promise<string | undefined> | string | undefined,
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const extra = extraKey ? await extraKey(c) : undefined;
    const key = [scope, clientIp(c), extra ?? ''].join(':');
    const { success } = await c.env[limiter].limit({ key });
    if (!success) throw new ApiError(429, RATE_LIMITED, 'RATE_LIMITED');
    await next();
  });
}

/** Reads a field of the JSON body for a rate-limit key without consuming the body for the handler. */
export async function jsonField(c: Context<AppEnv>, field: string): Promise<string | undefined> {
  try {
    const body = (await c.req.raw.clone().json()) as Record<string, unknown>;
    const value = body?.[field];
    return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
