import { createMiddleware } from 'hono/factory';
import type { AppEnv, Bindings } from '../env.ts';
import type { AuthContext } from '../auth/context.ts';
import { SESSION_MEMO_ENTRIES } from '../auth/constants.ts';
import { ACTIVITY_REFRESH_MS } from './constants.ts';

const activeKey = (sid: string) => `active:${sid}`;
/** Sessions this isolate already refreshed, so their later requests skip even the KV check. */
const notedHere = new Map<string, number>();

/**
 * Keeps users.last_active_at (the admin's "active users in 24 h") current without a D1 write per
 * request: at most once per ACTIVITY_REFRESH_MS per session, remembered in a KV key of its own
 * that expires after that time. Not in the session record: a purchase may be rewriting that
 * record's premium expiry at the same moment, and an old copy must never be written back.
 */
export async function noteActivity(env: Bindings, auth: AuthContext, now = Date.now()) {
  const noted = notedHere.get(auth.sid);
  if (noted !== undefined && now - noted < ACTIVITY_REFRESH_MS) return;
  if (notedHere.size >= SESSION_MEMO_ENTRIES) notedHere.clear();
  notedHere.set(auth.sid, now);
  if (await env.SESSIONS.get(activeKey(auth.sid))) return;
  await env.SESSIONS.put(activeKey(auth.sid), String(now), {
    expirationTtl: ACTIVITY_REFRESH_MS / 1000,
  });
  await env.DB.prepare(
    'UPDATE users SET last_active_at = ?1 WHERE id = ?2 AND (last_active_at IS NULL OR last_active_at < ?1)',
  )
    .bind(now, auth.userId)
    .run();
}

/** After loadAuth: a signed-in request refreshes its user's activity after the answer (waitUntil). */
export const trackActivity = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const auth = c.var.auth;
  if (!auth) return;
  const work = noteActivity(c.env, auth).catch((error: unknown) =>
    console.error('Activity not recorded', error),
  );
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    await work;
  }
});
