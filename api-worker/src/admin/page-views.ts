import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '../env.ts';
import { dailyMetrics, dailyVisitors } from '../db/schema.ts';
import { bumpDaily } from '../lib/events.ts';
import { utcDay } from '../lib/time.ts';
import { ok } from '../lib/http.ts';

const encoder = new TextEncoder();

/**
 * The visitor of one day as an HMAC of their IP address and browser, keyed by the day and the
 * server secret: the same visitor matches within the day, nobody can recover the address, and
 * the hashes are pruned after VISITOR_HASH_RETENTION_DAYS (admin/maintenance.ts).
 */
export async function visitorHash(secret: string, day: string, ip: string, userAgent: string) {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(`visitor-salt:${day}:${secret}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${ip}\n${userAgent}`));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Calls between our own workers. The learner worker posts a page view here (from waitUntil) for
 * each page it renders; it never forwards /api/internal from the browser, and the API worker has
 * no public route of its own, so only the learner can reach this.
 */
export const internalRoutes = new Hono<AppEnv>().post('/page-view', async (c) => {
  const db = c.var.db;
  const now = Date.now();
  const day = utcDay(now);
  const hash = await visitorHash(
    c.env.JWT_SECRET,
    day,
    // Set by our learner worker from the visit it counts (this route is never public).
    c.req.header('cf-connecting-ip') ?? 'local',
    c.req.header('user-agent') ?? '',
  );
  await db.batch([
    db.insert(dailyVisitors).values({ day, visitorHash: hash }).onConflictDoNothing(),
    // A first visit today inserted the row above (changes() = 1): count one more unique visitor.
    db
      .insert(dailyMetrics)
      .select(sql`SELECT ${day}, 'visitors', 1 WHERE changes() = 1`)
      .onConflictDoUpdate({
        target: [dailyMetrics.name, dailyMetrics.day],
        set: { value: sql`${dailyMetrics.value} + 1` },
      }),
    bumpDaily(db, 'page_view', 1, now),
  ]);
  return ok(c, { recorded: true });
});
