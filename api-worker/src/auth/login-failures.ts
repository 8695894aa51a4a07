import type { Context } from 'hono';
import { eq, sql } from 'drizzle-orm';
import type { AppEnv } from '../env.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { ApiError } from '../lib/http.ts';

/** Wrong passwords an account takes within LOGIN_FAILURE_WINDOW_MS before it refuses sign-in for the rest of the window. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_LOCKED =
  'Too many wrong passwords for this account. Please wait 15 minutes, or reset your password.';

type FailureCount = { failedLogins: number; failedLoginsSince: number | null };

/**
 * The per-account limit on wrong passwords, whatever address they come from (the per-address
 * limit alone let a caller rotating addresses guess on): past LOGIN_FAILURE_LIMIT within the
 * window, sign-in is refused with 429 until the window ends. The count lives on the user's row,
 * read with it at sign-in, so it costs no extra round trip and every guess is counted exactly.
 */
export function refuseLockedAccount(c: Context<AppEnv>, user: FailureCount, now: number) {
  const since = user.failedLoginsSince;
  if (user.failedLogins < LOGIN_FAILURE_LIMIT || since === null) return;
  const endsAt = since + LOGIN_FAILURE_WINDOW_MS;
  if (endsAt <= now) return;
  c.header('Retry-After', String(Math.ceil((endsAt - now) / 1000)));
  throw new ApiError(429, ACCOUNT_LOCKED, 'ACCOUNT_LOCKED');
}

/** Counts one wrong password in one statement: a new window starts when the last one has ended. */
export async function recordFailedLogin(db: Db, userId: string, now: number) {
  const windowOpen = sql`${users.failedLoginsSince} > ${now - LOGIN_FAILURE_WINDOW_MS}`;
  await db
    .update(users)
    .set({
      failedLogins: sql`CASE WHEN ${windowOpen} THEN ${users.failedLogins} + 1 ELSE 1 END`,
      failedLoginsSince: sql`CASE WHEN ${windowOpen} THEN ${users.failedLoginsSince} ELSE ${now} END`,
    })
    .where(eq(users.id, userId));
}
