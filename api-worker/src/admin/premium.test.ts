import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  AdminUsersPage,
  PaymentHistory,
  PremiumChange,
  PremiumStatus,
} from '@drone-exam/shared';
import { call, callOk, createUser, signedInUser, testDb } from '../../test/helpers.ts';
import { activities, payments, users } from '../db/schema.ts';
import { readCounters } from '../lib/events.ts';
import { DAY_MS } from '../payments/fulfilment.ts';
import { seedBank } from '../quiz/testing.ts';
import { NO_COMPLIMENTARY } from './premium.ts';

const grant = (token: string, id: string, body: unknown) =>
  call<PremiumChange>(`/api/admin/users/${id}/premium`, { token, body });
const revoke = (token: string, id: string) =>
  call<PremiumChange>(`/api/admin/users/${id}/premium`, { token, method: 'DELETE' });
const startQuiz = (token: string) =>
  call('/api/quiz/attempt', { token, body: { mode: 'study', questionCount: 5 } });
const premiumUntil = async (id: string) =>
  (await testDb().select().from(users).where(eq(users.id, id)))[0]!.premiumUntil;

describe('complimentary premium from an admin', () => {
  it('grants days to a free learner at once, records who, when, days and why, and is never a payment', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const learner = await signedInUser();
    expect((await startQuiz(learner.token)).status).toBe(403);

    const before = Date.now();
    const granted = await grant(admin.token, learner.id, { days: 14, reason: 'Beta tester' });
    expect(granted.status).toBe(201);
    expect(granted.json).toMatchObject({
      data: { user: { role: 'premium', complimentary: true } },
    });
    const until = (await premiumUntil(learner.id))!;
    expect(until - before).toBeGreaterThanOrEqual(14 * DAY_MS);
    expect(until - before).toBeLessThan(14 * DAY_MS + 60_000);
    // The learner's open session sees it without signing in again.
    const status = await callOk<PremiumStatus>('/api/auth/premium-status', {
      token: learner.token,
    });
    expect(status.hasPremium).toBe(true);

    const history = await callOk<PaymentHistory>('/api/payments/history', { token: learner.token });
    expect(history.payments).toEqual([
      expect.objectContaining({ provider: 'complimentary', status: 'granted', amountCents: 0 }),
    ]);
    const [row] = await testDb().select().from(payments).where(eq(payments.userId, learner.id));
    expect(row).toMatchObject({ grantedBy: admin.id, note: 'Beta tester', amountCents: 0 });
    const feed = await testDb().select().from(activities).where(eq(activities.userId, admin.id));
    expect(feed.map((item) => item.title)).toContain('Granted 14 days of complimentary premium');
    expect(await readCounters(testDb(), ['payments.count', 'payments.revenue_cents'])).toEqual({
      'payments.count': 0,
      'payments.revenue_cents': 0,
    });
  });

  it('revokes at once: the learner cannot start a quiz, and a paid period is kept', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const paidUntil = Date.now() + 10 * DAY_MS;
    const learner = await signedInUser({ premiumUntil: paidUntil });
    await grant(admin.token, learner.id, { days: 30 });
    // The grant runs after the paid days.
    expect((await premiumUntil(learner.id))! - paidUntil).toBe(30 * DAY_MS);
    const revoked = await revoke(admin.token, learner.id);
    expect(revoked.status).toBe(200);
    expect(await premiumUntil(learner.id)).toBe(paidUntil);
    expect(revoked.json).toMatchObject({ data: { user: { complimentary: false } } });

    await seedBank();
    const free = await signedInUser();
    await grant(admin.token, free.id, { days: 30 });
    expect((await startQuiz(free.token)).status).toBe(201);
    await revoke(admin.token, free.id);
    expect((await startQuiz(free.token)).status).toBe(403);
    const [row] = await testDb().select().from(payments).where(eq(payments.userId, free.id));
    expect(row).toMatchObject({ status: 'revoked' });
    expect(row!.periodEnd).toBeLessThanOrEqual(Date.now());
  });

  it('refuses what makes no sense: bad days, admins, nothing to revoke, unknown users', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const learner = await createUser();
    for (const days of [0, 366, 1.5, 'lots']) {
      expect((await grant(admin.token, learner.id, { days })).status).toBe(400);
    }
    expect((await grant(admin.token, learner.id, { days: 3, note: 'x' })).json).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
    });
    expect((await grant(admin.token, admin.id, { days: 3 })).status).toBe(409);
    const none = await revoke(admin.token, learner.id);
    expect(none).toMatchObject({ status: 409, json: { error: NO_COMPLIMENTARY } });
    expect((await grant(admin.token, 'no-such-user', { days: 3 })).status).toBe(404);
  });

  it('is for admins only', async () => {
    const learner = await signedInUser();
    const other = await createUser();
    expect((await grant(learner.token, other.id, { days: 3 })).status).toBe(403);
    expect((await revoke(learner.token, other.id)).status).toBe(403);
    expect((await call(`/api/admin/users/${other.id}/premium`, { body: { days: 3 } })).status).toBe(
      401,
    );
  });

  it('lets an admin delete a learner whose only premium was complimentary', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const learner = await createUser();
    await grant(admin.token, learner.id, { days: 5 });
    const removed = await call(`/api/admin/users/${learner.id}`, {
      token: admin.token,
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    const page = await callOk<AdminUsersPage>('/api/admin/users', { token: admin.token });
    expect(page.users.map((user) => user._id)).not.toContain(learner.id);
  });
});
