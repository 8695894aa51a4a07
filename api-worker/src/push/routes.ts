import { Hono } from 'hono';
import {
  PushOpenedSchema,
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
  type PushPublicKey,
} from '@drone-exam/shared/schemas/push';
import type { AppEnv } from '../env.ts';
import { ApiError, ok, validate } from '../lib/http.ts';
import { requireAuth } from '../middleware/auth.ts';
import { vapidKeys } from './delivery.ts';
import { readOpenedToken } from './opened-token.ts';
import { markOpened, readPushSettings, subscribe, unsubscribe } from './subscriptions.ts';

/**
 * Phone reminders (issue 31), mounted at /api/push. The public key is public (the browser needs
 * it to subscribe); the subscriptions are the signed-in learner's own; a reminder's "opened" token
 * is signed, so it works from the service worker without a session.
 */
export const pushRoutes = new Hono<AppEnv>()
  .get('/public-key', (c) => {
    const vapid = vapidKeys(c.env);
    if (!vapid)
      throw new ApiError(503, 'Phone reminders are not available right now', 'PUSH_UNAVAILABLE');
    const body: PushPublicKey = { publicKey: vapid.publicKey };
    return ok(c, body);
  })
  .get('/settings', requireAuth, async (c) =>
    ok(c, await readPushSettings(c.var.db, c.var.auth!.userId)),
  )
  .post('/subscriptions', requireAuth, validate('json', PushSubscriptionSchema), async (c) =>
    ok(c, await subscribe(c.var.db, c.var.auth!.userId, c.req.valid('json'), Date.now()), 201),
  )
  .delete('/subscriptions', requireAuth, validate('json', PushUnsubscribeSchema), async (c) =>
    ok(
      c,
      await unsubscribe(c.var.db, c.var.auth!.userId, c.req.valid('json').endpoint, Date.now()),
    ),
  )
  .post('/opened', validate('json', PushOpenedSchema), async (c) => {
    const read = await readOpenedToken(c.env.JWT_SECRET, c.req.valid('json').token);
    if (!read)
      throw new ApiError(400, 'This reminder link is not valid', 'INVALID_TOKEN', {
        token: 'This reminder link is not valid',
      });
    await markOpened(c.var.db, read.userId, read.day, Date.now());
    return ok(c, { opened: true });
  });
