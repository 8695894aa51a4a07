import { Hono } from 'hono';
import { z } from 'zod';
import { IdSchema } from '@drone-exam/shared/schemas/common';
import { AdminClassesQuerySchema } from '@drone-exam/shared/schemas/classes';
import type { AppEnv } from '../env.ts';
import { ok, validate } from '../lib/http.ts';
import { listAdminClasses, setSuspension } from '../classes/admin.ts';

const ClassParamSchema = z.object({ id: IdSchema });

/** Classes in the admin console (issue 30): the list of every class, suspension and its lifting. */
export const adminClassRoutes = new Hono<AppEnv>()
  .get('/', validate('query', AdminClassesQuerySchema), async (c) =>
    ok(c, await listAdminClasses(c.var.db, c.req.valid('query'))),
  )
  .post('/:id/suspend', validate('param', ClassParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    return ok(c, {
      class: await setSuspension(c.var.db, id, c.var.auth!.userId, true, Date.now()),
    });
  })
  .post('/:id/unsuspend', validate('param', ClassParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    return ok(c, {
      class: await setSuspension(c.var.db, id, c.var.auth!.userId, false, Date.now()),
    });
  });
