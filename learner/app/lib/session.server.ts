import { redirect, type RouterContextProvider } from 'react-router';
import type { PublicUser } from '@drone-exam/shared';
import { userContext } from '../context';
import { serverApi } from './api.server';
import { readCookie } from './cookies';
import { localizedPath } from '@drone-exam/shared/i18n';
import { requestLocale } from '../i18n/i18n.server';
import { SESSION_COOKIE } from '@drone-exam/shared/schemas/auth-values';

/**
 * learner-spec §4: a stored token is used only if it has three parts and an unexpired exp claim;
 * otherwise it is dropped without asking the API.
 */
export function isUsableToken(token: string, now = Date.now()): boolean {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return false;
  try {
    const payload = JSON.parse(atob(parts[1].replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' && payload.exp * 1000 > now;
  } catch {
    return false;
  }
}

export const CLEAR_SESSION_COOKIE = `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

/** Resolves the visitor's user; `clearCookie` is true when a stale or rejected token must be removed. */
export async function resolveUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ user: PublicUser | null; clearCookie: boolean }> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return { user: null, clearCookie: false };
  if (!isUsableToken(token)) return { user: null, clearCookie: true };
  const { api } = serverApi(context, request);
  const result = await api('/auth/me');
  if (result.success) return { user: result.data.user, clearCookie: false };
  return { user: null, clearCookie: result.status === 401 };
}

export function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  // A client-side navigation asks for "<path>.data?…&_routes=…"; come back to the page itself.
  url.searchParams.delete('_routes');
  const back = `${url.pathname.replace(/\.data$/, '') || '/'}${url.search}`;
  const login = localizedPath('/login', requestLocale(request));
  throw redirect(`${login}?redirectTo=${encodeURIComponent(back)}`);
}

/** For signed-in-only routes: the user, or a redirect to /login and back afterwards. */
export function requireUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
): PublicUser {
  const user = context.get(userContext);
  if (!user) loginRedirect(request);
  return user;
}
