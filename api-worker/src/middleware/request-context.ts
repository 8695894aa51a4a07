import { createMiddleware } from 'hono/factory';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env.ts';
import { DEFAULT_LOCALE, localeFromAcceptLanguage } from '@drone-exam/shared/i18n';
import { createDb, openSession } from '../db/client.ts';

const BOOKMARK_COOKIE = 'd1b';

/**
 * Per request: an id (echoed as X-Request-Id), the language the caller reads (its
 * Accept-Language: the learner sends its page's language, the admin console English), one D1
 * session continuing from the caller's bookmark, and the bookmark handed back after a write so the
 * caller then reads its own writes.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const requestId = c.req.header('x-request-id')?.slice(0, 64) || crypto.randomUUID();
  c.set('requestId', requestId);
  c.set('locale', localeFromAcceptLanguage(c.req.header('accept-language')) ?? DEFAULT_LOCALE);
  const bookmark = c.req.header('x-d1-bookmark') ?? getCookie(c, BOOKMARK_COOKIE);
  const session = openSession(c.env.DB, c.req.method, bookmark);
  c.set('db', createDb(session));
  await next();
  c.header('X-Request-Id', requestId);
  c.header('Content-Language', c.var.locale === 'fr' ? 'fr-CA' : 'en-CA');
  c.header('Vary', 'Accept-Language', { append: true });
  const latest = session.getBookmark();
  if (latest && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    c.header('x-d1-bookmark', latest);
    setCookie(c, BOOKMARK_COOKIE, latest, { httpOnly: true, sameSite: 'Lax', path: '/' });
  }
});

/** JSON answers never render as a page, never get framed, and are not cached when personal. */
export const apiSecurityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('X-Frame-Options', 'DENY');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  c.header('Cross-Origin-Resource-Policy', 'same-origin');
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
});
