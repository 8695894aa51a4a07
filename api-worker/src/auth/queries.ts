import { localizedPath, type Locale } from '@drone-exam/shared/i18n';
import { eq } from 'drizzle-orm';
import type { PublicUser } from '@drone-exam/shared';
import { effectiveRole, hasPremium } from '@drone-exam/shared/access';
import type { Db } from '../db/client.ts';
import { authTokens, users } from '../db/schema.ts';
import { sha256Hex } from '@drone-exam/shared/hash';
import { newId, randomToken } from '../lib/ids.ts';
import { iso } from '../lib/time.ts';

export type UserRow = typeof users.$inferSelect;

export function toPublicUser(user: UserRow, now = Date.now()): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    emailVerified: user.emailVerified,
    role: effectiveRole(user, now),
    isActive: user.isActive,
    premiumUntil: iso(user.premiumUntil),
    hasPremium: hasPremium(user, now),
    createdAt: iso(user.createdAt)!,
    lastLoginAt: iso(user.lastLoginAt),
    locale: user.locale,
    targetExam: user.targetExam,
  };
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

export async function findUserById(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/**
 * A single-use emailed token: the caller gets the raw token for the link, the database only ever
 * holds its SHA-256.
 */
export async function prepareAuthToken(
  db: Db,
  userId: string,
  type: 'verify-email' | 'reset-password',
  ttlMs: number,
  now = Date.now(),
) {
  const token = randomToken();
  const insert = db.insert(authTokens).values({
    id: newId(),
    userId,
    type,
    tokenHash: await sha256Hex(token),
    expiresAt: now + ttlMs,
    createdAt: now,
  });
  return { token, insert };
}

export async function findUsableToken(
  db: Db,
  token: string,
  type: 'verify-email' | 'reset-password',
  now = Date.now(),
) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(eq(authTokens.tokenHash, await sha256Hex(token)))
    .limit(1);
  if (!row || row.type !== type || row.usedAt !== null || row.expiresAt <= now) return null;
  return row;
}

/** An absolute link into the learner site, in the reader's language (/fr/… for French). */
export function appLink(appUrl: string, path: string, locale: Locale = 'en'): string {
  return new URL(localizedPath(path, locale), appUrl).toString();
}
