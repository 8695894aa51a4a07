import type { Locale } from '@drone-exam/shared/i18n';
import { Hono } from 'hono';
import { count, desc, eq, gte } from 'drizzle-orm';
import {
  BulkEmailSchema,
  EmailLogQuerySchema,
  EmailStatsQuerySchema,
  PageQuerySchema,
  TestEmailSchema,
  pagination,
  percentOf,
  testEmailSent,
  type EmailCampaign,
  type EmailLogPage,
  type EmailStats,
  type RecentSignup,
} from '@drone-exam/shared';
import type { AppEnv } from '../env.ts';
import { emailCampaigns, emails, users } from '../db/schema.ts';
import { notFound, ok, validate } from '../lib/http.ts';
import { newId } from '../lib/ids.ts';
import { iso } from '../lib/time.ts';
import { recordActivity } from '../lib/events.ts';
import { dispatchEmails, prepareEmail } from '../email/outbox.ts';
import type { TemplateData } from '../email/templates.ts';
import { appLink } from '../auth/queries.ts';
import { counterValues, selectCounters } from './figures.ts';
import { RECENT_SIGNUPS_WINDOW_MS } from './constants.ts';
import { PAGE_SIZE_EMAIL_LOG, type EmailTemplate } from '@drone-exam/shared/schemas/admin-values';

const DAY_MS = 86_400_000;
const PREVIEW_TOKEN = 'test-email-preview';

/** Where each template's button leads; the test copies of token emails carry a dummy token. */
export function templateLink(
  appUrl: string,
  template: EmailTemplate,
  locale: Locale = 'en',
): string {
  const path: Record<EmailTemplate, string> = {
    verification: `/verify-email?token=${PREVIEW_TOKEN}`,
    'password-reset': `/reset-password/${PREVIEW_TOKEN}`,
    welcome: '/dashboard',
    'subscription-confirmation': '/practice',
    'expiry-reminder': '/pricing',
  };
  return appLink(appUrl, path[template], locale);
}

export function toCampaign(row: typeof emailCampaigns.$inferSelect): EmailCampaign {
  return {
    id: row.id,
    template: row.template,
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    status: row.status,
    createdAt: iso(row.createdAt)!,
    completedAt: iso(row.completedAt),
  };
}

const CampaignListQuerySchema = PageQuerySchema.extend({
  limit: PageQuerySchema.shape.limit.default(PAGE_SIZE_EMAIL_LOG),
});

/**
 * Email Management (premium-quiz-admin-spec §2, §7): verification figures and the week's
 * sign-ups, a test send of any template, bulk campaigns expanded and delivered on the Queue, and
 * the log of every email with its delivery status.
 */
export const emailRoutes = new Hono<AppEnv>()
  .get('/stats', validate('query', EmailStatsQuerySchema), async (c) => {
    const { page, limit } = c.req.valid('query');
    const db = c.var.db;
    const since = Date.now() - RECENT_SIGNUPS_WINDOW_MS;
    const keys = ['users.total', 'users.verified'] as const;
    const [counterRows, signups, counted] = await db.batch([
      selectCounters(db, keys),
      db
        .select()
        .from(users)
        .where(gte(users.createdAt, since))
        .orderBy(desc(users.createdAt))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ value: count() }).from(users).where(gte(users.createdAt, since)),
    ]);
    const value = counterValues(counterRows, keys);
    const total = value['users.total'];
    const verified = value['users.verified'];
    const recentSignups: RecentSignup[] = signups.map((user) => ({
      id: user.id,
      name: `${user.firstName} ${user.lastName}`,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: iso(user.createdAt)!,
    }));
    const stats: EmailStats = {
      overview: {
        totalUsers: total,
        verifiedUsers: verified,
        unverifiedUsers: Math.max(0, total - verified),
        verificationRate: percentOf(verified, total),
      },
      recentSignups,
      pagination: pagination(page, limit, counted[0]?.value ?? 0),
    };
    return ok(c, stats);
  })
  .post('/test', validate('json', TestEmailSchema), async (c) => {
    const { to, templateType, testData, locale } = c.req.valid('json');
    const now = Date.now();
    const days = testData.daysRemaining;
    const data: TemplateData = {
      firstName: testData.firstName,
      planName: testData.planName,
      amount: testData.amount,
      daysRemaining: days,
      link: templateLink(c.env.APP_URL, templateType, locale),
      ...(days !== undefined ? { expiresAt: now + days * DAY_MS } : {}),
    };
    const db = c.var.db;
    const { id, insert } = prepareEmail(db, { to, template: templateType, data, locale });
    await db.batch([
      insert,
      recordActivity(
        db,
        {
          userId: c.var.auth!.userId,
          type: 'admin_action',
          title: 'Test email sent',
          description: `${templateType} to ${to}`,
          metadata: { emailId: id },
        },
        now,
      ),
    ]);
    await dispatchEmails(c.env, [id]);
    return ok(c, { message: testEmailSent(to), emailId: id });
  })
  .post('/bulk', validate('json', BulkEmailSchema), async (c) => {
    const { userIds, templateType, customData } = c.req.valid('json');
    const db = c.var.db;
    const auth = c.var.auth!;
    const id = newId();
    const now = Date.now();
    await db.batch([
      db.insert(emailCampaigns).values({
        id,
        template: templateType,
        createdBy: auth.userId,
        total: userIds.length,
        status: 'queued',
        createdAt: now,
      }),
      recordActivity(
        db,
        {
          userId: auth.userId,
          type: 'admin_action',
          title: 'Bulk email started',
          description: `${templateType} to ${userIds.length} user${userIds.length === 1 ? '' : 's'}`,
          metadata: { campaignId: id },
        },
        now,
      ),
    ]);
    try {
      await c.env.JOBS.send({
        type: 'bulk-email',
        campaignId: id,
        userIds,
        template: templateType,
        daysRemaining: customData.daysRemaining ?? null,
      });
    } catch (error) {
      // Nothing will send: the campaign ends at once, every recipient counted as failed.
      await db
        .update(emailCampaigns)
        .set({ status: 'completed', failed: userIds.length, completedAt: Date.now() })
        .where(eq(emailCampaigns.id, id));
      throw error;
    }
    const [row] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
    return ok(c, { campaign: toCampaign(row!) }, 202);
  })
  .get('/campaigns', validate('query', CampaignListQuerySchema), async (c) => {
    const { page, limit } = c.req.valid('query');
    const rows = await c.var.db
      .select()
      .from(emailCampaigns)
      .orderBy(desc(emailCampaigns.createdAt))
      .limit(limit + 1)
      .offset((page - 1) * limit);
    return ok(c, {
      campaigns: rows.slice(0, limit).map(toCampaign),
      pagination: {
        currentPage: page,
        limit,
        hasNextPage: rows.length > limit,
        hasPrevPage: page > 1,
      },
    });
  })
  .get('/campaigns/:id', async (c) => {
    const [row] = await c.var.db
      .select()
      .from(emailCampaigns)
      .where(eq(emailCampaigns.id, c.req.param('id')))
      .limit(1);
    if (!row) throw notFound('Campaign not found');
    return ok(c, { campaign: toCampaign(row) });
  })
  .get('/log', validate('query', EmailLogQuerySchema), async (c) => {
    const { page, limit, status } = c.req.valid('query');
    const rows = await c.var.db
      .select()
      .from(emails)
      .where(status ? eq(emails.status, status) : undefined)
      .orderBy(desc(emails.createdAt))
      .limit(limit + 1)
      .offset((page - 1) * limit);
    const result: EmailLogPage = {
      emails: rows.slice(0, limit).map((row) => ({
        id: row.id,
        to: row.toAddress,
        template: row.template,
        subject: row.subject,
        status: row.status,
        error: row.error,
        attempts: row.attempts,
        campaignId: row.campaignId,
        createdAt: iso(row.createdAt)!,
        sentAt: iso(row.sentAt),
      })),
      pagination: {
        currentPage: page,
        limit,
        hasNextPage: rows.length > limit,
        hasPrevPage: page > 1,
      },
    };
    return ok(c, result);
  });
