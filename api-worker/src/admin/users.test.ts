import { describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { env } from 'cloudflare:workers';
import type { AdminUser, AdminUsersPage } from '@drone-exam/shared';
import { DELETE_USER_CONFIRMATION } from '@drone-exam/shared';
import { call, callOk, createUser, login, signedInUser, testDb } from '../../test/helpers.ts';
import { activities, payments, quizAttempts, sessions, users } from '../db/schema.ts';
import { COUNTER_RECOMPUTE_SQL, type CounterKey } from '../db/counters.ts';
import { abortUnless } from '../db/guards.ts';
import { guardedBatch } from './guards.ts';
import {
  counter,
  recomputeCounters,
  seedAttempt,
  seedModule,
  seedProgress,
  setUserStats,
} from './test-fixtures.ts';
import { ADMIN_NOT_DELETABLE, HAS_PAYMENTS, LAST_ADMIN, OWN_ACCOUNT, OWN_ROLE } from './users.ts';
import { ftsQuery } from '../lib/search.ts';

const DAY_MS = 86_400_000;
const list = (token: string, query = '') =>
  callOk<AdminUsersPage>(`/api/admin/users${query}`, { token });
const patch = (token: string, id: string, body: unknown) =>
  call<{ user: AdminUser }>(`/api/admin/users/${id}`, { method: 'PATCH', token, body });
const remove = (token: string, id: string) =>
  call(`/api/admin/users/${id}`, { method: 'DELETE', token });

describe('GET /api/admin/users', () => {
  it('pages newest first, 20 a page, with the spec pagination and each user’s stats', async () => {
    const base = Date.now() - 100 * DAY_MS;
    for (let i = 0; i < 23; i++) {
      await createUser({
        email: `user${String(i).padStart(2, '0')}@example.com`,
        createdAt: base + i * DAY_MS,
      });
    }
    const admin = await signedInUser({ role: 'admin' });
    await recomputeCounters();
    const first = await list(admin.token);
    expect(first.users).toHaveLength(20);
    expect(first.users[0]!.email).toBe(admin.email);
    expect(first.users[1]!.email).toBe('user22@example.com');
    expect(first.pagination).toMatchObject({
      currentPage: 1,
      totalPages: 2,
      totalUsers: 24,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const second = await list(admin.token, '?page=2');
    expect(second.users.map((u) => u.email)).toEqual([
      'user03@example.com',
      'user02@example.com',
      'user01@example.com',
      'user00@example.com',
    ]);
    expect(second.pagination).toMatchObject({ hasNextPage: false, hasPrevPage: true });

    const { _id: learnerId } = second.users[0]!;
    await setUserStats(learnerId, [60, 90], 3);
    const [refreshed] = (await list(admin.token, '?search=user03')).users;
    expect(refreshed!.stats).toEqual({ totalAttempts: 3, completedAttempts: 2, averageScore: 75 });
    expect(refreshed).toMatchObject({
      _id: learnerId,
      role: 'user',
      isActive: true,
      emailVerified: true,
    });
  });

  it('searches by name or email (word prefixes) and filters by role, premium included', async () => {
    const admin = await signedInUser({ role: 'admin', firstName: 'Grace', lastName: 'Hopper' });
    await createUser({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@analytical.example' });
    await createUser({ firstName: 'Alan', lastName: 'Turing', premiumUntil: Date.now() + DAY_MS });
    await createUser({ firstName: 'Lapsed', lastName: 'Pilot', premiumUntil: Date.now() - DAY_MS });
    await recomputeCounters();

    const names = async (query: string) =>
      (await list(admin.token, query)).users.map((u) => u.firstName).sort();
    expect(await names('?search=lovel')).toEqual(['Ada']);
    expect(await names('?search=analytical')).toEqual(['Ada']);
    expect(await names('?search=ada%20love')).toEqual(['Ada']);
    expect(await names('?search=%22nobody%22')).toEqual([]);
    expect(await names('?role=admin')).toEqual(['Grace']);
    expect(await names('?role=premium')).toEqual(['Alan']);
    expect(await names('?role=user')).toEqual(['Ada', 'Lapsed']);
    expect(await names('?role=all')).toHaveLength(4);

    expect((await list(admin.token, '?role=user')).pagination.totalUsers).toBe(2);
    expect((await list(admin.token, '?role=premium')).pagination.totalUsers).toBe(1);
    expect((await list(admin.token, '?search=pilot&role=user')).pagination.totalUsers).toBe(1);
    const [alan] = (await list(admin.token, '?role=premium')).users;
    expect(alan).toMatchObject({ role: 'premium' });
    expect(alan!.premiumUntil).not.toBeNull();
  });

  it('turns a search into quoted prefix terms that cannot break the FTS syntax', () => {
    expect(ftsQuery('ada  "love')).toBe('"ada"* "love"*');
    expect(ftsQuery('  ')).toBeNull();
  });

  it.each([
    '%00',
    'ada%00lov',
    '%22',
    'a%20OR%20b',
    'NEAR(a%20b)',
    '*',
    '-ada',
    'ada^',
    '%5E%3A()',
  ])('answers a search of %s without an error', async (search) => {
    const admin = await signedInUser({ role: 'admin' });
    const { status, json } = await call(`/api/admin/users?search=${search}`, {
      token: admin.token,
    });
    expect(status).toBe(200);
    expect(json.success).toBe(true);
  });

  it('rejects a role that does not exist', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const { status, json } = await call('/api/admin/users?role=pilot', { token: admin.token });
    expect(status).toBe(400);
    expect(json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});

describe('PATCH /api/admin/users/:id', () => {
  it('changes the role, ends the user’s sessions and records the admin action', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const learner = await signedInUser();
    const { status, json } = await patch(admin.token, learner.id, { role: 'admin' });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      success: true,
      data: { user: { _id: learner.id, role: 'admin' } },
    });
    expect((await call('/api/auth/me', { token: learner.token })).status).toBe(401);
    const token = await login(learner);
    expect((await call('/api/admin/stats', { token })).status).toBe(200);

    await patch(admin.token, learner.id, { role: 'user' });
    expect((await call('/api/admin/stats', { token })).status).toBe(401);

    const log = await testDb().select().from(activities).where(eq(activities.type, 'admin_action'));
    expect(log.map((a) => a.title)).toEqual(['Role changed', 'Role changed']);
    expect(log[0]).toMatchObject({ userId: admin.id });
    expect(log[0]!.description).toContain(learner.email);
  });

  it('reads premium as the spec’s role change: 30 complimentary days, never a stored role', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const learner = await createUser();
    const before = Date.now();
    const { status, json } = await patch(admin.token, learner.id, { role: 'premium' });
    expect(status).toBe(200);
    expect(json).toMatchObject({ data: { user: { role: 'premium', complimentary: true } } });
    const [row] = await testDb().select().from(users).where(eq(users.id, learner.id));
    expect(row!.role).toBe('user');
    expect(row!.premiumUntil! - before).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
    expect(row!.premiumUntil! - before).toBeLessThanOrEqual(30 * DAY_MS + 60_000);
  });

  it('deactivates (signing the user out) and reactivates, keeping users.active right', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const learner = await signedInUser();
    await recomputeCounters();
    expect(await counter('users.active')).toBe(2);

    const off = await patch(admin.token, learner.id, { isActive: false });
    expect(off.json).toMatchObject({ data: { user: { isActive: false } } });
    expect(await counter('users.active')).toBe(1);
    expect((await call('/api/auth/me', { token: learner.token })).status).toBe(401);
    expect(await testDb().select().from(sessions).where(eq(sessions.userId, learner.id))).toEqual(
      [],
    );
    const refused = await call('/api/auth/login', {
      body: { email: learner.email, password: learner.password },
    });
    expect(refused.json).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' });

    // Asking again changes nothing and counts nothing.
    await patch(admin.token, learner.id, { isActive: false });
    expect(await counter('users.active')).toBe(1);

    const on = await patch(admin.token, learner.id, { isActive: true });
    expect(on.json).toMatchObject({ data: { user: { isActive: true } } });
    expect(await counter('users.active')).toBe(2);
    expect(
      (
        await call('/api/auth/login', {
          body: { email: learner.email, password: learner.password },
        })
      ).status,
    ).toBe(200);

    const titles = (
      await testDb().select().from(activities).where(eq(activities.type, 'admin_action'))
    ).map((a) => a.title);
    expect(titles).toEqual(['Account deactivated', 'Account reactivated']);
  });

  it('never lets an admin demote or deactivate themselves', async () => {
    const admin = await signedInUser({ role: 'admin' });
    await createUser({ role: 'admin' });
    const demote = await patch(admin.token, admin.id, { role: 'user' });
    expect(demote.status).toBe(409);
    expect(demote.json).toMatchObject({ error: OWN_ROLE });
    const deactivate = await patch(admin.token, admin.id, { isActive: false });
    expect(deactivate.status).toBe(409);
    expect(deactivate.json).toMatchObject({ error: OWN_ACCOUNT });
    const [row] = await testDb().select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ role: 'admin', isActive: true });
  });

  it('never removes the last active admin', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const other = await createUser({ role: 'admin' });
    await createUser({ role: 'admin', isActive: false });
    // The caller's account is switched off behind the API's back while its session still runs:
    // `other` is then the last active admin (the inactive one does not count).
    await testDb().update(users).set({ isActive: false }).where(eq(users.id, admin.id));
    for (const body of [{ role: 'user' }, { isActive: false }]) {
      const { status, json } = await patch(admin.token, other.id, body);
      expect(status).toBe(409);
      expect(json).toMatchObject({ error: LAST_ADMIN, code: 'LAST_ADMIN' });
    }
    const [row] = await testDb().select().from(users).where(eq(users.id, other.id));
    expect(row).toMatchObject({ role: 'admin', isActive: true });

    await testDb().update(users).set({ isActive: true }).where(eq(users.id, admin.id));
    expect((await patch(admin.token, other.id, { role: 'user' })).status).toBe(200);
  });

  it('rolls a whole change back when its guard fails', async () => {
    const learner = await createUser({ firstName: 'Before' });
    const db = testDb();
    await expect(
      guardedBatch(db, [
        db.update(users).set({ firstName: 'After' }).where(eq(users.id, learner.id)),
        abortUnless(db, sql`1 = 0`),
      ]),
    ).rejects.toMatchObject({ status: 409, code: 'CHANGED_MEANWHILE' });
    const [row] = await db.select().from(users).where(eq(users.id, learner.id));
    expect(row!.firstName).toBe('Before');
    expect(await counter('users.total')).toBe(0);
  });

  it('answers 404 for an unknown user and 400 for an empty change', async () => {
    const admin = await signedInUser({ role: 'admin' });
    expect((await patch(admin.token, 'nobody', { isActive: false })).status).toBe(404);
    expect((await patch(admin.token, admin.id, {})).status).toBe(400);
  });
});

describe('PATCH /api/admin/users/:id with the user as the list returned them', () => {
  it('changes the account state; premium sent back as read grants nothing; other fields are refused', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const learner = await signedInUser();
    await callOk(`/api/admin/users/${learner.id}/premium`, {
      token: admin.token,
      body: { days: 10, reason: 'Test' },
    });
    const listed = await callOk<AdminUsersPage>(`/api/admin/users?search=${learner.email}`, {
      token: admin.token,
    });
    const read = listed.users.find((u) => u._id === learner.id)!;
    expect(read.role).toBe('premium');

    const off = await patch(admin.token, learner.id, { ...read, isActive: false });
    expect(off.status).toBe(200);
    const after = off.json.success ? off.json.data.user : null;
    expect(after).toMatchObject({
      isActive: false,
      role: 'premium',
      premiumUntil: read.premiumUntil,
    });

    const renamed = await patch(admin.token, learner.id, { ...after, firstName: 'Someone' });
    expect(renamed.status).toBe(400);
    expect(renamed.json).toMatchObject({
      code: 'READ_ONLY_FIELD',
      fields: { firstName: 'A learner’s name is theirs to change' },
    });
    const unknown = await patch(admin.token, learner.id, { ...after, banned: true });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('refuses to delete an admin, and the UI text matches the spec', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const other = await createUser({ role: 'admin' });
    for (const id of [admin.id, other.id]) {
      const { status, json } = await remove(admin.token, id);
      expect(status).toBe(403);
      expect(json).toMatchObject({ error: ADMIN_NOT_DELETABLE, code: 'ADMIN_PROTECTED' });
    }
    expect(DELETE_USER_CONFIRMATION).toBe(
      'Are you sure you want to delete this user? This action cannot be undone.',
    );
  });

  it('refuses to delete a user with payment records', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const buyer = await createUser();
    await testDb()
      .insert(payments)
      .values({
        id: 'pay-1',
        userId: buyer.id,
        provider: 'dev',
        checkoutSessionId: 'cs-1',
        priceId: 'practice_30d',
        amountCents: 500,
        currency: 'CAD',
        status: 'paid',
        periodStart: Date.now(),
        periodEnd: Date.now() + 30 * DAY_MS,
      });
    const { status, json } = await remove(admin.token, buyer.id);
    expect(status).toBe(409);
    expect(json).toMatchObject({ error: HAS_PAYMENTS });
  });

  it('deletes a learner whose premium was given, by an admin or a class seat, not paid for', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const member = await createUser();
    const granted = (id: string, provider: 'complimentary' | 'class') => ({
      id,
      userId: member.id,
      provider,
      checkoutSessionId: id,
      priceId: 'practice_30d',
      amountCents: 0,
      currency: 'CAD',
      status: 'granted' as const,
      periodStart: Date.now(),
      periodEnd: Date.now() + 30 * DAY_MS,
    });
    await testDb()
      .insert(payments)
      .values([granted('comp-1', 'complimentary'), granted('seat-1', 'class')]);
    const { status } = await remove(admin.token, member.id);
    expect(status).toBe(200);
    const [left] = await testDb()
      .select({ n: count() })
      .from(payments)
      .where(eq(payments.userId, member.id));
    expect(left?.n).toBe(0);
  });

  it('deletes a learner with their data, signs them out and keeps every counter right', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const learner = await signedInUser();
    const stays = await createUser({ emailVerified: false });
    const moduleId = await seedModule('rules', 1);
    await seedAttempt(learner.id, {
      mode: 'study',
      status: 'completed',
      score: 80,
      timeSpent: 300,
    });
    await seedAttempt(learner.id, {
      mode: 'timed',
      status: 'completed',
      score: 60,
      timeSpent: 900,
    });
    await seedAttempt(learner.id, { mode: 'timed', status: 'abandoned' });
    await seedAttempt(stays.id, { mode: 'study', status: 'completed', score: 90, timeSpent: 100 });
    await seedAttempt(stays.id, { mode: 'timed', status: 'in-progress' });
    await seedProgress(learner.id, moduleId, true);
    await seedProgress(stays.id, moduleId, false);
    await recomputeCounters();

    const { status } = await remove(admin.token, learner.id);
    expect(status).toBe(200);
    expect((await call('/api/auth/me', { token: learner.token })).status).toBe(401);
    expect(
      await testDb().select().from(quizAttempts).where(eq(quizAttempts.userId, learner.id)),
    ).toEqual([]);

    // Every counter equals what the rows now say.
    for (const [key, select] of Object.entries(COUNTER_RECOMPUTE_SQL)) {
      const [[truth]] = (await env.DB.prepare(select).raw()) as [[number]];
      expect(await counter(key as CounterKey), key).toBe(truth);
    }
    expect(await counter('users.total')).toBe(2);
    expect(await counter('attempts.completed')).toBe(1);
    expect(await counter('attempts.timed.started')).toBe(1);

    const [log] = await testDb()
      .select()
      .from(activities)
      .where(eq(activities.type, 'admin_action'));
    expect(log).toMatchObject({ title: 'User deleted', userId: admin.id });
    expect((await remove(admin.token, learner.id)).status).toBe(404);
  });
});
