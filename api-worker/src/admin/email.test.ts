import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EmailCampaign, EmailLogPage, EmailStats } from '@drone-exam/shared';
import { SELECT_AT_LEAST_ONE_USER, bulkEmailCompleted } from '@drone-exam/shared';
import {
  call,
  callOk,
  createUser,
  signedInUser,
  testDb,
  waitForEmail,
} from '../../test/helpers.ts';
import { activities, emails } from '../db/schema.ts';
import { recomputeCounters } from './test-fixtures.ts';

const DAY_MS = 86_400_000;

async function waitForCampaign(id: string, token: string, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { campaign } = await callOk<{ campaign: EmailCampaign }>(
      `/api/admin/email/campaigns/${id}`,
      { token },
    );
    if (campaign.status === 'completed') return campaign;
    if (Date.now() > deadline) throw new Error(`Campaign still ${campaign.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('GET /api/admin/email/stats', () => {
  it('reports verification figures and the last 7 days of sign-ups, newest first', async () => {
    const admin = await signedInUser({ role: 'admin', createdAt: Date.now() - 30 * DAY_MS });
    const now = Date.now();
    await createUser({ firstName: 'Old', createdAt: now - 8 * DAY_MS });
    await createUser({ firstName: 'Recent', emailVerified: false, createdAt: now - 2 * DAY_MS });
    await createUser({ firstName: 'Newest', createdAt: now - 1000 });
    await recomputeCounters();
    const stats = await callOk<EmailStats>('/api/admin/email/stats', { token: admin.token });
    expect(stats.overview).toEqual({
      totalUsers: 4,
      verifiedUsers: 3,
      unverifiedUsers: 1,
      verificationRate: 75,
    });
    expect(stats.recentSignups.map((s) => [s.name, s.emailVerified])).toEqual([
      ['Newest Pilot', true],
      ['Recent Pilot', false],
    ]);
    expect(stats.pagination).toMatchObject({ totalItems: 2, totalPages: 1 });
  });
});

describe('POST /api/admin/email/test', () => {
  it('needs an address, then queues the chosen template to the outbox', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const missing = await call('/api/admin/email/test', {
      token: admin.token,
      body: { to: '', templateType: 'welcome' },
    });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ error: 'Email address is required' });

    const { status, json } = await call('/api/admin/email/test', {
      token: admin.token,
      body: {
        to: 'Tester@Example.com',
        templateType: 'subscription-confirmation',
        testData: { firstName: 'Tess', planName: 'Premium Plan', amount: 29.99, daysRemaining: 7 },
      },
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      data: { message: 'Test email sent successfully to tester@example.com' },
    });
    const email = await waitForEmail('tester@example.com', 'subscription-confirmation');
    expect(email.subject).toBe('Your Premium Plan is active');
    expect(email.text).toContain('Hello Tess,');
    expect(email.text).toContain('CA$29.99');
    const [log] = await testDb()
      .select()
      .from(activities)
      .where(eq(activities.type, 'admin_action'));
    expect(log).toMatchObject({
      title: 'Test email sent',
      description: 'subscription-confirmation to tester@example.com',
      userId: admin.id,
    });
  });

  it('gives token emails a link that is plainly a preview', async () => {
    const admin = await signedInUser({ role: 'admin' });
    await callOk('/api/admin/email/test', {
      token: admin.token,
      body: { to: 'preview@example.com', templateType: 'verification' },
    });
    const email = await waitForEmail('preview@example.com', 'verification');
    expect(email.text).toContain('/verify-email?token=test-email-preview');
  });
});

describe('POST /api/admin/email/bulk', () => {
  it('needs at least one user and a bulk template', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const none = await call('/api/admin/email/bulk', {
      token: admin.token,
      body: { userIds: [], templateType: 'welcome' },
    });
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({ error: SELECT_AT_LEAST_ONE_USER });
    const wrong = await call('/api/admin/email/bulk', {
      token: admin.token,
      body: { userIds: [admin.id], templateType: 'password-reset' },
    });
    expect(wrong.status).toBe(400);
  });

  it('reaches the outbox through the Queue and tracks the campaign to completion', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const premium = await createUser({
      firstName: 'Pia',
      email: 'pia@example.com',
      premiumUntil: Date.now() + 3 * DAY_MS - 60_000,
    });
    const free = await createUser({ firstName: 'Finn', email: 'finn@example.com' });
    const { status, json } = await call<{ campaign: EmailCampaign }>('/api/admin/email/bulk', {
      token: admin.token,
      body: {
        userIds: [premium.id, free.id, 'deleted-user', premium.id],
        templateType: 'expiry-reminder',
      },
    });
    expect(status).toBe(202);
    if (!json.success) throw new Error(json.error);
    expect(json.data.campaign).toMatchObject({ total: 3, status: 'queued' });

    const campaign = await waitForCampaign(json.data.campaign.id, admin.token);
    expect(campaign).toMatchObject({ total: 3, sent: 2, failed: 1, status: 'completed' });
    expect(bulkEmailCompleted(campaign.sent, campaign.failed)).toBe(
      'Bulk email completed: 2 sent, 1 failed',
    );
    const toPia = await waitForEmail('pia@example.com', 'expiry-reminder');
    expect(toPia.campaignId).toBe(campaign.id);
    expect(toPia.subject).toBe('Your premium access ends in 3 days');
    const toFinn = await waitForEmail('finn@example.com', 'expiry-reminder');
    expect(toFinn.subject).toBe('Your premium access ends in 7 days');
    const rows = await testDb().select().from(emails).where(eq(emails.campaignId, campaign.id));
    expect(rows).toHaveLength(2);
    const [log] = await testDb()
      .select()
      .from(activities)
      .where(eq(activities.type, 'admin_action'));
    expect(log).toMatchObject({ title: 'Bulk email started', userId: admin.id });
  });

  it('uses the days remaining the admin gives', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const learner = await createUser({ email: 'days@example.com' });
    const { campaign } = await callOk<{ campaign: EmailCampaign }>('/api/admin/email/bulk', {
      token: admin.token,
      body: {
        userIds: [learner.id],
        templateType: 'expiry-reminder',
        customData: { daysRemaining: 1 },
      },
    });
    await waitForCampaign(campaign.id, admin.token);
    expect((await waitForEmail('days@example.com')).subject).toBe(
      'Your premium access ends in 1 day',
    );
  });
});

describe('GET /api/admin/email/log and campaigns', () => {
  it('lists every email newest first with its status, filtered and paged', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const now = Date.now();
    const db = testDb();
    const rows = Array.from({ length: 25 }, (_, i) =>
      db.insert(emails).values({
        id: `email-${String(i).padStart(2, '0')}`,
        toAddress: `to${i}@example.com`,
        template: 'welcome',
        subject: `Welcome ${i}`,
        text: 'Hi',
        html: '<p>Hi</p>',
        status: i % 5 === 0 ? 'failed' : 'sent',
        error: i % 5 === 0 ? 'MailChannels answered 500' : null,
        createdAt: now - (25 - i) * 1000,
      }),
    );
    await db.batch(rows as [(typeof rows)[0], ...typeof rows]);
    const first = await callOk<EmailLogPage>('/api/admin/email/log', { token: admin.token });
    expect(first.emails).toHaveLength(20);
    expect(first.emails[0]).toMatchObject({
      id: 'email-24',
      to: 'to24@example.com',
      status: 'sent',
    });
    expect(first.pagination).toEqual({
      currentPage: 1,
      limit: 20,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const second = await callOk<EmailLogPage>('/api/admin/email/log?page=2', {
      token: admin.token,
    });
    expect(second.emails).toHaveLength(5);
    expect(second.pagination.hasNextPage).toBe(false);
    const failed = await callOk<EmailLogPage>('/api/admin/email/log?status=failed', {
      token: admin.token,
    });
    expect(failed.emails.map((e) => e.id)).toEqual([
      'email-20',
      'email-15',
      'email-10',
      'email-05',
      'email-00',
    ]);
    expect(failed.emails[0]!.error).toBe('MailChannels answered 500');

    expect((await call('/api/admin/email/campaigns/nope', { token: admin.token })).status).toBe(
      404,
    );
    const list = await callOk<{ campaigns: EmailCampaign[] }>('/api/admin/email/campaigns', {
      token: admin.token,
    });
    expect(list.campaigns).toEqual([]);
  });
});
