import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  AdminClass,
  AdminClassesPage,
  ClassLists,
  ClassSummary,
} from '@drone-exam/shared/schemas/classes';
import {
  CLASS_CODE_UNKNOWN,
  CLASS_NOT_FOUND,
  CLASS_SUSPENDED,
} from '@drone-exam/shared/schemas/classes-values';
import { call, callOk, signedInUser, testDb } from '../../test/helpers.ts';
import { activities, classes, classMembers, quizAttempts } from '../db/schema.ts';
import { answerAll, premiumLearner, seedBank, startAttempt } from '../quiz/testing.ts';

async function newClass(token: string, name: string, exam = 'basic') {
  const data = await callOk<{ class: ClassSummary }>('/api/classes', {
    token,
    body: { name, exam },
  });
  return data.class;
}

const join = (token: string, code: string) =>
  call('/api/classes/join', { token, body: { code, consent: true } });

const suspend = (id: string, token?: string, action = 'suspend') =>
  call<{ class: AdminClass }>(`/api/admin/classes/${id}/${action}`, { method: 'POST', token });

/** An instructor's class with one member, and an admin. */
async function classWithMember() {
  const admin = await signedInUser({ role: 'admin' });
  const instructor = await signedInUser({ firstName: 'Ina', lastName: 'Structor' });
  const member = await premiumLearner({ firstName: 'Mia', lastName: 'Member' });
  const created = await newClass(instructor.token, 'Spring ground school');
  expect((await join(member.token, created.code)).status).toBe(201);
  return { admin, instructor, member, created };
}

describe('GET /api/admin/classes', () => {
  it('lists every class newest first with its instructor and members, paged', async () => {
    const { admin, instructor, created } = await classWithMember();
    const other = await signedInUser({ firstName: 'Otto', lastName: 'Teacher' });
    const later = await newClass(other.token, 'Autumn advanced cohort', 'advanced');

    const first = await callOk<AdminClassesPage>('/api/admin/classes?limit=1', {
      token: admin.token,
    });
    expect(first.classes).toEqual([
      {
        id: later.id,
        name: 'Autumn advanced cohort',
        exam: 'advanced',
        instructor: {
          id: other.id,
          firstName: 'Otto',
          lastName: 'Teacher',
          email: other.email,
        },
        members: 0,
        seats: { bought: 0, used: 0, left: 0 },
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        suspendedAt: null,
      },
    ]);
    expect(first.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalItems: 2,
      limit: 1,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const second = await callOk<AdminClassesPage>('/api/admin/classes?limit=1&page=2', {
      token: admin.token,
    });
    expect(second.classes.map((c) => [c.id, c.members, c.instructor.id])).toEqual([
      [created.id, 1, instructor.id],
    ]);
    expect(second.pagination).toMatchObject({ hasNextPage: false, hasPrevPage: true });
  });

  it('searches by class name, word prefixes in any case', async () => {
    const { admin, created } = await classWithMember();
    const other = await signedInUser();
    await newClass(other.token, 'Autumn advanced cohort');
    const found = await callOk<AdminClassesPage>('/api/admin/classes?search=spr%20GROUND', {
      token: admin.token,
    });
    expect(found.classes.map((c) => c.id)).toEqual([created.id]);
    expect(found.pagination.totalItems).toBe(1);
    const none = await callOk<AdminClassesPage>('/api/admin/classes?search=winter', {
      token: admin.token,
    });
    expect(none).toMatchObject({ classes: [], pagination: { totalItems: 0 } });
  });

  it('keeps its total when a class goes with its instructor', async () => {
    const { admin, instructor } = await classWithMember();
    const listed = () => callOk<AdminClassesPage>('/api/admin/classes', { token: admin.token });
    expect((await listed()).pagination.totalItems).toBe(1);
    await testDb().delete(classes).where(eq(classes.instructorId, instructor.id));
    expect(await listed()).toMatchObject({ classes: [], pagination: { totalItems: 0 } });
  });

  it('refuses visitors, learners and bad queries', async () => {
    const learner = await signedInUser();
    const admin = await signedInUser({ role: 'admin' });
    expect((await call('/api/admin/classes')).status).toBe(401);
    const refused = await call('/api/admin/classes', { token: learner.token });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ success: false, code: 'FORBIDDEN' });
    for (const query of ['page=0', 'page=x', 'limit=101', `search=${'a'.repeat(101)}`]) {
      const bad = await call(`/api/admin/classes?${query}`, { token: admin.token });
      expect(bad.status, query).toBe(400);
      expect(bad.json.success).toBe(false);
    }
  });
});

describe('POST /api/admin/classes/:id/suspend and /unsuspend', () => {
  it('suspends and lifts it, each recorded in the activity feed once', async () => {
    const { admin, created } = await classWithMember();
    const suspended = await suspend(created.id, admin.token);
    expect(suspended.status).toBe(200);
    if (!suspended.json.success) throw new Error(suspended.json.error);
    expect(suspended.json.data.class).toMatchObject({
      id: created.id,
      suspendedAt: expect.stringMatching(/^\d{4}-/),
    });
    // Asking again changes nothing and records nothing.
    expect((await suspend(created.id, admin.token)).status).toBe(200);
    const listed = await callOk<AdminClassesPage>('/api/admin/classes', { token: admin.token });
    expect(listed.classes[0]!.suspendedAt).toBe(suspended.json.data.class.suspendedAt);

    const lifted = await callOk<{ class: AdminClass }>(
      `/api/admin/classes/${created.id}/unsuspend`,
      { method: 'POST', token: admin.token },
    );
    expect(lifted.class.suspendedAt).toBeNull();
    const log = await testDb().select().from(activities).where(eq(activities.type, 'admin_action'));
    expect(log.map((entry) => [entry.userId, entry.title])).toEqual([
      [admin.id, 'Class suspended'],
      [admin.id, 'Class suspension lifted'],
    ]);
    expect(log[0]!.description).toContain('Spring ground school');
  });

  it('refuses visitors, learners (the instructor too) and unknown classes', async () => {
    const { admin, instructor, member, created } = await classWithMember();
    for (const action of ['suspend', 'unsuspend']) {
      expect((await suspend(created.id, undefined, action)).status).toBe(401);
      for (const caller of [instructor, member]) {
        expect((await suspend(created.id, caller.token, action)).status).toBe(403);
      }
      const unknown = await suspend('no-such-class', admin.token, action);
      expect(unknown.status).toBe(404);
      expect(unknown.json).toMatchObject({ success: false, error: CLASS_NOT_FOUND });
    }
    const [row] = await testDb().select().from(classes).where(eq(classes.id, created.id));
    expect(row!.suspendedAt).toBeNull();
  });

  it('stops the code and new assignments, keeps the members and their records', async () => {
    await seedBank();
    const { admin, instructor, member, created } = await classWithMember();
    const practice = await startAttempt(member.token, { mode: 'study', questionCount: 5 });
    await answerAll(member.token, practice.id, () => true);
    const newcomer = await signedInUser();
    await callOk(`/api/admin/classes/${created.id}/suspend`, {
      method: 'POST',
      token: admin.token,
    });

    const refused = await join(newcomer.token, created.code);
    const unknown = await join(newcomer.token, 'ABCDEFGHJK');
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual(unknown.json);
    expect(refused.json).toMatchObject({ success: false, error: CLASS_CODE_UNKNOWN });

    const assignment = await call(`/api/classes/${created.id}/assignments`, {
      token: instructor.token,
      body: { kind: 'timed-exam', dueAt: Date.now() + 86_400_000 },
    });
    expect(assignment.status).toBe(409);
    expect(assignment.json).toMatchObject({ success: false, error: CLASS_SUSPENDED });

    const taught = await callOk<ClassLists>('/api/classes', { token: instructor.token });
    expect(taught.teaching[0]).toMatchObject({ id: created.id, suspended: true, members: 1 });
    const roster = await callOk<{ class: { suspended: boolean }; students: unknown[] }>(
      `/api/classes/${created.id}/roster`,
      { token: instructor.token },
    );
    expect(roster.class.suspended).toBe(true);
    expect(roster.students).toHaveLength(1);
    const joined = await callOk<ClassLists>('/api/classes', { token: member.token });
    expect(joined.member.map((c) => c.id)).toEqual([created.id]);
    expect(
      await testDb().select().from(classMembers).where(eq(classMembers.classId, created.id)),
    ).toHaveLength(1);
    expect(
      await testDb().select().from(quizAttempts).where(eq(quizAttempts.userId, member.id)),
    ).toHaveLength(1);

    await callOk(`/api/admin/classes/${created.id}/unsuspend`, {
      method: 'POST',
      token: admin.token,
    });
    expect((await join(newcomer.token, created.code)).status).toBe(201);
    const added = await call(`/api/classes/${created.id}/assignments`, {
      token: instructor.token,
      body: { kind: 'timed-exam', dueAt: Date.now() + 86_400_000 },
    });
    expect(added.status).toBe(201);
  });
});
