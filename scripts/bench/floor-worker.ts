/**
 * The floors of `npm run bench`, run on the same wrangler as the product, so the API's own cost
 * can be read as a ratio to them: a bare Hono worker answering the API's success shape, and the
 * same worker writing one row to a local D1 database per request (what any endpoint that must
 * store something before it answers pays in local wrangler, whatever its own code does).
 */
import { Hono } from 'hono';

/** What this worker uses of its D1 binding (the scripts' typecheck has no Workers types). */
type Statement = { run(): Promise<unknown> };
type Env = {
  DB: { prepare(query: string): Statement & { bind(...values: unknown[]): Statement } };
};

const app = new Hono<{ Bindings: Env }>();

app.post('/setup', async (c) => {
  await c.env.DB.prepare(
    'create table if not exists floor_writes (id integer primary key, at integer not null)',
  ).run();
  return c.json({ success: true, data: { ok: true } });
});

app.post('/write', async (c) => {
  await c.env.DB.prepare('insert into floor_writes (at) values (?1)').bind(Date.now()).run();
  return c.json({ success: true, data: { ok: true } });
});

app.get('*', (c) => c.json({ success: true, data: { ok: true } }));

export default app;
