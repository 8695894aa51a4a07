import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { and, eq, ne } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { AppEnv, Bindings } from '../env.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { AuthContext } from './context.ts';
import {
  SESSION_MEMO_ENTRIES,
  SESSION_MEMO_MS,
  SESSION_TTL_REMEMBER_S,
  SESSION_TTL_SHORT_S,
} from './constants.ts';
import { type Role, SESSION_COOKIE } from '@drone-exam/shared/schemas/auth-values';

type SessionRecord = { userId: string; role: Role; premiumUntil: number | null; expiresAt: number };

const kvKey = (sid: string) => `session:${sid}`;

/**
 * Session records this isolate read in the last SESSION_MEMO_MS, so a burst of requests costs
 * one KV read. A change made here (sign-out, revocation, a new premium expiry) updates it at once;
 * other isolates see it within SESSION_MEMO_MS, well inside KV's own edge caching of reads.
 */
const recentSessions = new Map<string, { record: SessionRecord; readAt: number }>();

function memoSession(sid: string, record: SessionRecord, now: number) {
  if (recentSessions.size >= SESSION_MEMO_ENTRIES) recentSessions.clear();
  recentSessions.set(sid, { record, readAt: now });
}

async function sessionRecord(env: Bindings, sid: string, now: number) {
  const memo = recentSessions.get(sid);
  if (memo && now - memo.readAt < SESSION_MEMO_MS) return memo.record;
  const record = await env.SESSIONS.get<SessionRecord>(kvKey(sid), 'json');
  if (record) memoSession(sid, record, now);
  else recentSessions.delete(sid);
  return record;
}
const encoder = new TextEncoder();

function secretKey(env: Bindings): Uint8Array {
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 32) {
    throw new Error('JWT_SECRET is missing or shorter than 32 characters');
  }
  return encoder.encode(env.JWT_SECRET);
}

export type NewSession = { token: string; sid: string; expiresAt: number; ttlSeconds: number };

/**
 * Opens a session: a signed JWT (sub, role, sid, exp) plus a KV record under the sid that every
 * request checks, so logout, reset, deactivation and role changes take effect at once.
 */
export async function openSession(
  env: Bindings,
  db: Db,
  user: { id: string; role: Role; premiumUntil: number | null },
  remember: boolean,
  userAgent: string | undefined,
): Promise<NewSession> {
  const ttlSeconds = remember ? SESSION_TTL_REMEMBER_S : SESSION_TTL_SHORT_S;
  const sid = newId();
  const now = Date.now();
  const expiresAt = now + ttlSeconds * 1000;
  const token = await new SignJWT({ role: user.role, sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(secretKey(env));
  const record: SessionRecord = {
    userId: user.id,
    role: user.role,
    premiumUntil: user.premiumUntil,
    expiresAt,
  };
  memoSession(sid, record, now);
  await Promise.all([
    env.SESSIONS.put(kvKey(sid), JSON.stringify(record), { expirationTtl: ttlSeconds }),
    db.insert(sessions).values({
      id: sid,
      userId: user.id,
      expiresAt,
      userAgent: userAgent?.slice(0, 300) ?? null,
      createdAt: now,
    }),
  ]);
  return { token, sid, expiresAt, ttlSeconds };
}

export function setSessionCookie(c: Context<AppEnv>, session: NewSession) {
  setCookie(c, SESSION_COOKIE, session.token, {
    httpOnly: true,
    secure: isSecureRequest(c),
    sameSite: 'Lax',
    path: '/',
    maxAge: session.ttlSeconds,
  });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isSecureRequest(c) });
}

function isSecureRequest(c: Context<AppEnv>): boolean {
  return c.env.APP_URL.startsWith('https:') || new URL(c.req.url).protocol === 'https:';
}

/** The bearer token of the Authorization header; a blank one is no credential (the cookie is used). */
export function bearerToken(c: Context<AppEnv>): string | null {
  const header = c.req.header('authorization');
  if (!header?.toLowerCase().startsWith('bearer ')) return null;
  return header.slice(7).trim() || null;
}

function readToken(c: Context<AppEnv>): { token: string; via: AuthContext['via'] } | null {
  const token = bearerToken(c);
  if (token) return { token, via: 'bearer' };
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** Resolves the caller from a bearer token or the session cookie; null when absent, forged, expired or revoked. */
export async function resolveAuth(c: Context<AppEnv>): Promise<AuthContext | null> {
  const found = readToken(c);
  if (!found) return null;
  let claims;
  try {
    ({ payload: claims } = await jwtVerify(found.token, secretKey(c.env), {
      algorithms: ['HS256'],
    }));
  } catch {
    return null;
  }
  const sid = typeof claims.sid === 'string' ? claims.sid : null;
  if (!sid || !claims.sub) return null;
  const now = Date.now();
  const record = await sessionRecord(c.env, sid, now);
  if (!record || record.userId !== claims.sub || record.expiresAt <= now) return null;
  return {
    userId: record.userId,
    role: record.role,
    premiumUntil: record.premiumUntil ?? null,
    sid,
    via: found.via,
  };
}

export async function closeSession(env: Bindings, db: Db, sid: string) {
  recentSessions.delete(sid);
  await Promise.all([
    env.SESSIONS.delete(kvKey(sid)),
    db.delete(sessions).where(eq(sessions.id, sid)),
  ]);
}

/**
 * Ends every session of a user (password reset, deactivation, role change, deletion), or every
 * one but the caller's own (a password change keeps the device it was made on signed in).
 */
export async function closeAllSessions(env: Bindings, db: Db, userId: string, keepSid?: string) {
  const others = keepSid
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepSid))
    : eq(sessions.userId, userId);
  const rows = await db.select({ id: sessions.id }).from(sessions).where(others);
  for (const row of rows) recentSessions.delete(row.id);
  await Promise.all([
    ...rows.map((row) => env.SESSIONS.delete(kvKey(row.id))),
    db.delete(sessions).where(others),
  ]);
}

/** Rewrites the premium expiry in every open session of a user (after a purchase or a refund). */
export async function refreshSessions(
  env: Bindings,
  db: Db,
  userId: string,
  premiumUntil: number | null,
) {
  const rows = await db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  await rewriteSessions(
    env,
    rows.map((row) => ({ ...row, premiumUntil })),
  );
}

/**
 * Writes a new premium expiry into open sessions the caller already read (in its own batch, so
 * premium given to many learners at once costs no read per learner).
 */
export async function rewriteSessions(
  env: Bindings,
  rows: ReadonlyArray<{ id: string; expiresAt: number; premiumUntil: number | null }>,
) {
  const now = Date.now();
  await Promise.all(
    rows.map(async (row) => {
      recentSessions.delete(row.id);
      const record = await env.SESSIONS.get<SessionRecord>(kvKey(row.id), 'json');
      if (!record || row.expiresAt <= now) return;
      const ttl = Math.max(60, Math.ceil((row.expiresAt - now) / 1000));
      await env.SESSIONS.put(
        kvKey(row.id),
        JSON.stringify({ ...record, premiumUntil: row.premiumUntil }),
        { expirationTtl: ttl },
      );
    }),
  );
}
