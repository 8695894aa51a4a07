import { Hono } from 'hono';
import { z } from 'zod';
import { IdSchema } from '@drone-exam/shared/schemas/common';
import {
  BuySeatsSchema,
  CreateAssignmentSchema,
  ClassesQuerySchema,
  CreateClassSchema,
  JoinClassSchema,
  RosterQuerySchema,
} from '@drone-exam/shared/schemas/classes';
import type { AppEnv } from '../env.ts';
import { ok, validate } from '../lib/http.ts';
import { requireAuth } from '../middleware/auth.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { csvDownload } from '../admin/export.ts';
import { dispatchEmails } from '../email/outbox.ts';
import { refreshSeated, startSeatCheckout } from './seats.ts';
import {
  createAssignment,
  createClass,
  joinClass,
  leaveClass,
  listClasses,
  readRoster,
  removeFromClass,
  rosterCsv,
  rotateCode,
  ROSTER_CSV_HEADER,
} from './service.ts';

const ClassParamSchema = z.object({ id: IdSchema });
const MemberParamSchema = z.object({ id: IdSchema, userId: IdSchema });

/**
 * Classes (issue 30), mounted at /api/classes. Every route is a signed-in learner's; what only the
 * instructor may read or change answers 404 to anyone else, members included, so a class's
 * existence is not given away.
 */
export const classRoutes = new Hono<AppEnv>()
  .use('*', requireAuth)
  .get('/', validate('query', ClassesQuerySchema), async (c) =>
    ok(c, await listClasses(c.var.db, c.var.auth!.userId, c.req.valid('query'))),
  )
  .post('/', validate('json', CreateClassSchema), async (c) => {
    const created = await createClass(
      c.var.db,
      c.var.auth!.userId,
      c.req.valid('json'),
      Date.now(),
    );
    return ok(c, { class: created }, 201);
  })
  .post(
    '/join',
    rateLimit('FORM_LIMITER', 'class-join', (c) => c.var.auth?.userId),
    validate('json', JoinClassSchema),
    async (c) => {
      const { code } = c.req.valid('json');
      const result = await joinClass(c.var.db, c.var.auth!.userId, code, Date.now());
      await refreshSeated(c.env, result.seated);
      return ok(c, { class: result.class }, result.joined ? 201 : 200);
    },
  )
  .post('/:id/code', validate('param', ClassParamSchema), async (c) => {
    const rotated = await rotateCode(c.var.db, c.req.valid('param').id, c.var.auth!.userId);
    return ok(c, { class: rotated });
  })
  .delete('/:id/membership', validate('param', ClassParamSchema), async (c) => {
    await leaveClass(c.var.db, c.req.valid('param').id, c.var.auth!.userId);
    return ok(c, { left: true });
  })
  .delete('/:id/members/:userId', validate('param', MemberParamSchema), async (c) => {
    const { id, userId } = c.req.valid('param');
    const sent = await removeFromClass(c.var.db, id, c.var.auth!.userId, userId, c.env.APP_URL);
    await dispatchEmails(c.env, sent);
    return ok(c, { removed: true });
  })
  .get(
    '/:id/roster',
    validate('param', ClassParamSchema),
    validate('query', RosterQuerySchema),
    async (c) => {
      const roster = await readRoster(
        c.var.db,
        c.req.valid('param').id,
        c.var.auth!.userId,
        c.req.valid('query'),
        Date.now(),
      );
      return ok(c, roster);
    },
  )
  .get('/:id/roster.csv', validate('param', ClassParamSchema), async (c) => {
    const { rows } = await rosterCsv(
      c.var.db,
      c.req.valid('param').id,
      c.var.auth!.userId,
      Date.now(),
    );
    return csvDownload(c, 'class-roster.csv', ROSTER_CSV_HEADER, rows);
  })
  .post(
    '/:id/seats/checkout',
    validate('param', ClassParamSchema),
    validate('json', BuySeatsSchema),
    async (c) => {
      const checkout = await startSeatCheckout(
        c.env,
        c.var.db,
        c.req.valid('param').id,
        c.var.auth!.userId,
        c.req.valid('json').seats,
      );
      return ok(c, checkout);
    },
  )
  .post(
    '/:id/assignments',
    validate('param', ClassParamSchema),
    validate('json', CreateAssignmentSchema),
    async (c) => {
      const assignment = await createAssignment(
        c.var.db,
        c.req.valid('param').id,
        c.var.auth!.userId,
        c.req.valid('json'),
        Date.now(),
      );
      return ok(c, { assignment }, 201);
    },
  );
