import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDb } from '../../test/helpers.ts';
import { emails } from '../db/schema.ts';
import type { Bindings } from '../env.ts';
import { EMAIL_MAX_ATTEMPTS, prepareEmail } from '../email/outbox.ts';
import worker from '../index.ts';
import type { Job } from './types.ts';

/** Hands one batch to the worker's queue handler, as the Queue would, and returns its outcome. */
async function consume(
  messages: Array<{ id: string; attempts: number; body: Job }>,
  bindings = env,
) {
  const batch = createMessageBatch<Job>(
    'drone-exam-jobs',
    messages.map((message) => ({ ...message, timestamp: Date.now() })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, bindings as Bindings);
  return getQueueResult(batch, ctx);
}

async function queuedEmail(to: string) {
  const db = testDb();
  const email = prepareEmail(db, {
    to,
    template: 'verification',
    data: { firstName: 'Queue', link: 'http://app.test/verify-email?token=abc' },
    locale: 'en',
  });
  await db.batch([email.insert]);
  return email.id;
}

const emailRow = async (id: string) =>
  (await testDb().select().from(emails).where(eq(emails.id, id)))[0]!;

describe('the jobs queue consumer', () => {
  it('delivers an email job to the outbox and acknowledges it', async () => {
    const id = await queuedEmail('delivered@example.com');
    const result = await consume([{ id: 'm1', attempts: 1, body: { type: 'email', emailId: id } }]);
    expect(result.explicitAcks).toEqual(['m1']);
    expect(result.retryMessages).toEqual([]);
    expect(await emailRow(id)).toMatchObject({ status: 'sent', attempts: 1, error: null });
  });

  it('retries each failed delivery on its own and keeps the email queued with its error', async () => {
    const id = await queuedEmail('undeliverable@example.com');
    const other = await queuedEmail('other@example.com');
    // No provider configured in production: the send throws.
    const production = { ...env, ENVIRONMENT: 'production', MAILCHANNELS_API_KEY: undefined };
    const result = await consume(
      [
        { id: 'm1', attempts: 2, body: { type: 'email', emailId: id } },
        { id: 'm2', attempts: 1, body: { type: 'email', emailId: other } },
      ],
      production as typeof env,
    );
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages.map((message) => message.msgId)).toEqual(['m1', 'm2']);
    expect(await emailRow(id)).toMatchObject({
      status: 'queued',
      attempts: 2,
      error: 'MAILCHANNELS_API_KEY is not set',
    });
  });

  it('marks an email failed on its last attempt', async () => {
    const id = await queuedEmail('last-try@example.com');
    const production = { ...env, ENVIRONMENT: 'production', MAILCHANNELS_API_KEY: undefined };
    const result = await consume(
      [{ id: 'm1', attempts: EMAIL_MAX_ATTEMPTS, body: { type: 'email', emailId: id } }],
      production as typeof env,
    );
    expect(result.retryMessages.map((message) => message.msgId)).toEqual(['m1']);
    expect(await emailRow(id)).toMatchObject({ status: 'failed', attempts: EMAIL_MAX_ATTEMPTS });
  });

  it('acknowledges an email already sent, or gone, without sending it again', async () => {
    const id = await queuedEmail('once@example.com');
    await consume([{ id: 'm1', attempts: 1, body: { type: 'email', emailId: id } }]);
    const sentAt = (await emailRow(id)).sentAt;
    const again = await consume([
      { id: 'm2', attempts: 1, body: { type: 'email', emailId: id } },
      { id: 'm3', attempts: 1, body: { type: 'email', emailId: 'no-such-email' } },
    ]);
    expect(again.explicitAcks).toEqual(['m2', 'm3']);
    expect((await emailRow(id)).sentAt).toBe(sentAt);
  });

  it('acknowledges a job of an unknown type instead of retrying it forever', async () => {
    const result = await consume([
      { id: 'm1', attempts: 1, body: { type: 'no-such-job' } as unknown as Job },
    ]);
    expect(result.explicitAcks).toEqual(['m1']);
    expect(result.retryMessages).toEqual([]);
  });
});
