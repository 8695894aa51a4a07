import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '../env.ts';
import { ok } from '../lib/http.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const started = Date.now();
  await c.var.db.run(sql`select 1`);
  return ok(c, {
    status: 'ok',
    database: 'ok',
    databaseLatencyMs: Date.now() - started,
    time: new Date().toISOString(),
  });
});
