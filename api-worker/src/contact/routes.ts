import { Hono } from 'hono';
import { CONTACT_SUCCESS, ContactSchema } from '@drone-exam/shared';
import type { AppEnv } from '../env.ts';
import { contactMessages } from '../db/schema.ts';
import { ok, validate } from '../lib/http.ts';
import { newId } from '../lib/ids.ts';
import { bumpCounter, trackEvent } from '../lib/events.ts';
import { verifyBotCheck } from '../lib/turnstile.ts';
import { clientIp, rateLimit } from '../middleware/rate-limit.ts';
import { dispatchEmails, prepareEmail } from '../email/outbox.ts';

export const contactRoutes = new Hono<AppEnv>().post(
  '/',
  rateLimit('FORM_LIMITER', 'contact'),
  validate('json', ContactSchema),
  async (c) => {
    const input = c.req.valid('json');
    await verifyBotCheck(c.env, input.recaptchaToken, clientIp(c));
    const db = c.var.db;
    const now = Date.now();
    const userId = c.var.auth?.userId ?? null;
    const notification = prepareEmail(db, {
      to: c.env.CONTACT_INBOX,
      template: 'contact-notification',
      data: {
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
      },
      locale: 'en',
    });
    const id = newId();
    await db.batch([
      db.insert(contactMessages).values({
        id,
        userId,
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        createdAt: now,
      }),
      notification.insert,
      ...trackEvent(db, 'contact_submit', userId, { subject: input.subject }, now),
      bumpCounter(db, 'contact.messages'),
    ]);
    await dispatchEmails(c.env, [notification.id]);
    return ok(c, { id, message: CONTACT_SUCCESS }, 201);
  },
);
