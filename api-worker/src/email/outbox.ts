import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Bindings } from '../env.ts';
import type { Db } from '../db/client.ts';
import { dailyMetrics, emailCampaigns, emails } from '../db/schema.ts';
import { utcDay } from '../lib/time.ts';
import { newId } from '../lib/ids.ts';
import type { Locale } from '@drone-exam/shared/i18n';
import { renderEmail, type TemplateData, type TemplateName } from './templates.ts';
import { emailSender } from './sender.ts';
import { emailHeaderText } from './headers.ts';
import { runBatch, type Statement } from '../db/batch.ts';

export type EmailRequest = {
  to: string;
  userId?: string | null;
  template: TemplateName;
  data: TemplateData;
  /** The reader's language: their account's, or the page's they asked from. */
  locale: Locale;
  campaignId?: string;
  /** A reminder's one-click unsubscribe address, sent as its List-Unsubscribe header. */
  unsubscribeUrl?: string;
};

/**
 * Renders an email and returns the insert for its row, so a caller can put it in the same D1
 * batch as the change that caused it; dispatchEmails then hands the ids to the Queue. With
 * `when`, the row is written only if that condition holds when the batch reaches it (the change
 * before it in the batch took effect), so a change that lost a race sends nothing.
 */
export function prepareEmail(db: Db, request: EmailRequest, when?: SQL) {
  const content = renderEmail(request.template, request.data, request.locale);
  const id = newId();
  const row = {
    id,
    // Every email's headers pass through here, whatever data reached the template.
    toAddress: emailHeaderText(request.to),
    userId: request.userId ?? null,
    template: request.template,
    subject: emailHeaderText(content.subject),
    text: content.text,
    html: content.html,
    status: 'queued' as const,
    campaignId: request.campaignId ?? null,
    createdAt: Date.now(),
    unsubscribeUrl: request.unsubscribeUrl ?? null,
  };
  const insert = when
    ? db
        .insert(emails)
        .select(
          sql`select ${row.id}, ${row.toAddress}, ${row.userId}, ${row.template}, ${row.subject}, ${row.text}, ${row.html}, ${row.status}, null, null, 0, ${row.campaignId}, null, ${row.createdAt}, ${row.unsubscribeUrl} where ${when}`,
        )
    : db.insert(emails).values(row);
  return { id, insert };
}

/**
 * Writes prepared emails in one batch with the changes that record them sent (a reminder's "sent
 * today" mark), then hands them to the Queue: neither is written without the other.
 */
export async function sendWithMarks(
  env: Bindings,
  db: Db,
  marks: Statement[],
  prepared: Array<ReturnType<typeof prepareEmail>>,
) {
  if (prepared.length === 0) return;
  await runBatch(db, [...marks, ...prepared.map((email) => email.insert)]);
  await dispatchEmails(
    env,
    prepared.map((email) => email.id),
  );
}

/** A Queue sendBatch takes at most 100 messages. */
const QUEUE_BATCH_LIMIT = 100;

export async function dispatchEmails(env: Bindings, ids: string[]) {
  for (let i = 0; i < ids.length; i += QUEUE_BATCH_LIMIT) {
    await env.JOBS.sendBatch(
      ids
        .slice(i, i + QUEUE_BATCH_LIMIT)
        .map((emailId) => ({ body: { type: 'email' as const, emailId } })),
    );
  }
}

/**
 * Counts one email of a bulk campaign as sent or failed, completing the campaign with its last
 * email. `changes() = 1` ties it to the email's own status change just before it in the batch,
 * so a redelivered message never counts twice.
 */
/**
 * After the write that settles an email (sent, or failed for good): its campaign's count, and the
 * day's count of delivered or failed emails (daily_metrics emails_sent / emails_failed), which
 * outlive the email rows the daily clean-up deletes. Each counts only when the statement before
 * it changed a row, so a second delivery of the same message counts nothing.
 */
function countOutcome(db: Db, campaignId: string | null, outcome: 'sent' | 'failed') {
  const column = outcome === 'sent' ? emailCampaigns.sent : emailCampaigns.failed;
  const finished = sql`${emailCampaigns.sent} + ${emailCampaigns.failed} + 1 >= ${emailCampaigns.total}`;
  const now = Date.now();
  return [
    ...(campaignId
      ? [
          db
            .update(emailCampaigns)
            .set({
              [outcome]: sql`${column} + 1`,
              status: sql`case when ${finished} then 'completed' else 'sending' end`,
              completedAt: sql`case when ${finished} then ${now} else ${emailCampaigns.completedAt} end`,
            })
            .where(and(eq(emailCampaigns.id, campaignId), sql`changes() = 1`)),
        ]
      : []),
    db
      .insert(dailyMetrics)
      .select(sql`select ${utcDay(now)}, ${`emails_${outcome}`}, 1 where changes() = 1`)
      .onConflictDoUpdate({
        target: [dailyMetrics.name, dailyMetrics.day],
        set: { value: sql`${dailyMetrics.value} + 1` },
      }),
  ];
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
      unsubscribeUrl: email.unsubscribeUrl,
    });
    await db.batch([
      db
        .update(emails)
        .set({
          status: 'sent',
          provider: result.provider,
          sentAt: Date.now(),
          attempts: attempt,
          error: null,
        })
        .where(and(eq(emails.id, emailId), ne(emails.status, 'sent'))),
      ...countOutcome(db, email.campaignId, 'sent'),
    ]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const failed = attempt >= EMAIL_MAX_ATTEMPTS;
    await db.batch([
      db
        .update(emails)
        .set({ status: failed ? 'failed' : 'queued', attempts: attempt, error: message })
        .where(and(eq(emails.id, emailId), eq(emails.status, 'queued'))),
      ...(failed ? countOutcome(db, email.campaignId, 'failed') : []),
    ]);
    throw error;
  }
}
