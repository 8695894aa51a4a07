import { eq } from 'drizzle-orm';
import type { Bindings } from '../env.ts';
import type { Db } from '../db/client.ts';
import { emails } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { renderEmail, type TemplateData, type TemplateName } from './templates.ts';
import { emailSender } from './sender.ts';

export type EmailRequest = {
  to: string;
  userId?: string | null;
  template: TemplateName;
  data: TemplateData;
  campaignId?: string;
};

/**
 * Renders an email and returns the insert for its row, so a caller can put it in the same D1
 * batch as the change that caused it; dispatchEmails then hands the ids to the Queue.
 */
export function prepareEmail(db: Db, request: EmailRequest) {
  const content = renderEmail(request.template, request.data);
  const id = newId();
  const insert = db.insert(emails).values({
    id,
    toAddress: request.to,
    userId: request.userId ?? null,
    template: request.template,
    subject: content.subject,
    text: content.text,
    html: content.html,
    status: 'queued',
    campaignId: request.campaignId ?? null,
    createdAt: Date.now(),
  });
  return { id, insert };
}

export async function dispatchEmails(env: Bindings, ids: string[]) {
  if (ids.length === 0) return;
  await env.JOBS.sendBatch(ids.map((emailId) => ({ body: { type: 'email' as const, emailId } })));
}

export async function queueEmail(env: Bindings, db: Db, request: EmailRequest): Promise<string> {
  const { id, insert } = prepareEmail(db, request);
  await insert;
  await dispatchEmails(env, [id]);
  return id;
}

export const EMAIL_MAX_ATTEMPTS = 5;

/** Queue consumer side: send one stored email; throws (so the Queue retries) on failure. */
export async function deliverEmail(env: Bindings, db: Db, emailId: string, attempt: number) {
  const [email] = await db.select().from(emails).where(eq(emails.id, emailId)).limit(1);
  if (!email || email.status === 'sent') return;
  try {
    const result = await emailSender(env).send({
      to: email.toAddress,
      from: env.EMAIL_FROM,
      subject: email.subject,
      text: email.text,
      html: email.html,
    });
    await db
      .update(emails)
      .set({
        status: 'sent',
        provider: result.provider,
        sentAt: Date.now(),
        attempts: attempt,
        error: null,
      })
      .where(eq(emails.id, emailId));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(emails)
      .set({
        status: attempt >= EMAIL_MAX_ATTEMPTS ? 'failed' : 'queued',
        attempts: attempt,
        error: message,
      })
      .where(eq(emails.id, emailId));
    throw error;
  }
}
