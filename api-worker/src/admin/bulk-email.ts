import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Bindings } from '../env.ts';
import type { Db } from '../db/client.ts';
import { emailCampaigns, emails, users } from '../db/schema.ts';
import type { Job } from '../jobs/types.ts';
import { dispatchEmails, prepareEmail } from '../email/outbox.ts';
import type { TemplateData } from '../email/templates.ts';
import { abortUnless, isGuardFailure } from '../db/guards.ts';
import { templateLink } from './email.ts';
import { EXPIRY_REMINDER_DAYS_BEFORE } from '../payments/constants.ts';

const DAY_MS = 86_400_000;
/** D1 binds at most 100 parameters per statement. */
const IDS_PER_SELECT = 90;

type Recipient = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'firstName' | 'premiumUntil' | 'locale'
>;

function templateData(
  env: Bindings,
  job: Extract<Job, { type: 'bulk-email' }>,
  user: Recipient,
  now: number,
): TemplateData {
  const link = templateLink(env.APP_URL, job.template, user.locale);
  if (job.template === 'welcome') return { firstName: user.firstName, link };
  const premiumLeft =
    user.premiumUntil && user.premiumUntil > now
      ? Math.ceil((user.premiumUntil - now) / DAY_MS)
      : null;
  return {
    firstName: user.firstName,
    link,
    daysRemaining: job.daysRemaining ?? premiumLeft ?? EXPIRY_REMINDER_DAYS_BEFORE,
    ...(user.premiumUntil && user.premiumUntil > now ? { expiresAt: user.premiumUntil } : {}),
  };
}

/**
 * Queue handler of a bulk campaign: one stored email per recipient, written in one batch with the
 * campaign's move from queued to sending (so a redelivered job never writes them twice), then one
 * email job each; deliverEmail counts each one sent or failed on the campaign. A recipient whose
 * account no longer exists counts as failed at once.
 */
export async function expandCampaign(
  env: Bindings,
  db: Db,
  job: Extract<Job, { type: 'bulk-email' }>,
) {
  const [campaign] = await db
    .select()
    .from(emailCampaigns)
    .where(eq(emailCampaigns.id, job.campaignId))
    .limit(1);
  if (!campaign || campaign.status === 'completed') return;

  if (campaign.status === 'queued') {
    const chunks: string[][] = [];
    for (let i = 0; i < job.userIds.length; i += IDS_PER_SELECT) {
      chunks.push(job.userIds.slice(i, i + IDS_PER_SELECT));
    }
    const selects = chunks.map((ids) =>
      db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          premiumUntil: users.premiumUntil,
          locale: users.locale,
        })
        .from(users)
        .where(inArray(users.id, ids)),
    );
    const recipients = (
      selects.length ? await db.batch(selects as [(typeof selects)[0], ...typeof selects]) : []
    ).flat();
    const now = Date.now();
    const prepared = recipients.map((user) =>
      prepareEmail(db, {
        to: user.email,
        userId: user.id,
        template: job.template,
        data: templateData(env, job, user, now),
        locale: user.locale,
        campaignId: campaign.id,
      }),
    );
    const done = prepared.length === 0;
    try {
      await db.batch([
        db
          .update(emailCampaigns)
          .set({
            status: done ? 'completed' : 'sending',
            failed: job.userIds.length - recipients.length,
            completedAt: done ? now : null,
          })
          .where(and(eq(emailCampaigns.id, campaign.id), eq(emailCampaigns.status, 'queued'))),
        abortUnless(db, sql`changes() = 1`),
        ...prepared.map((email) => email.insert),
      ]);
    } catch (error) {
      // Another delivery of this job expanded the campaign first.
      if (isGuardFailure(error)) return;
      throw error;
    }
  }

  // Also on a retry after a failed hand-over: whatever is still queued goes (again) to the Queue;
  // deliverEmail skips an email already sent.
  const queued = await db
    .select({ id: emails.id })
    .from(emails)
    .where(and(eq(emails.campaignId, campaign.id), eq(emails.status, 'queued')));
  await dispatchEmails(
    env,
    queued.map((row) => row.id),
  );
}
