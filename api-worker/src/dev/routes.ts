import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { desc, eq } from 'drizzle-orm';
import { PageQuerySchema } from '@drone-exam/shared';
import type { AppEnv } from '../env.ts';
import { isDevelopment } from '../env.ts';
import { emails, pushOutbox } from '../db/schema.ts';
import { notFound, ok, validate } from '../lib/http.ts';
import { iso } from '../lib/time.ts';

/** Local stand-ins for outside services; every route answers 404 in production. */
export const devOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!isDevelopment(c.env)) throw notFound();
  await next();
});

export const devRoutes = new Hono<AppEnv>()
  .use(devOnly)
  .get('/emails', validate('query', PageQuerySchema), async (c) => {
    const { page, limit } = c.req.valid('query');
    const rows = await c.var.db
      .select()
      .from(emails)
      .where(eq(emails.provider, 'outbox'))
      .orderBy(desc(emails.createdAt))
      .limit(limit)
      .offset((page - 1) * limit);
    return ok(
      c,
      rows.map((row) => ({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        template: row.template,
        createdAt: iso(row.createdAt),
      })),
    );
  })
  // Every phone reminder the product would have sent (push/delivery.ts), newest first.
  .get('/pushes', validate('query', PageQuerySchema), async (c) => {
    const { page, limit } = c.req.valid('query');
    const rows = await c.var.db
      .select()
      .from(pushOutbox)
      .orderBy(desc(pushOutbox.sentAt), desc(pushOutbox.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return ok(
      c,
      rows.map((row) => ({
        endpoint: row.endpoint,
        title: row.title,
        body: row.body,
        url: row.url,
        sentAt: iso(row.sentAt),
      })),
    );
  });
