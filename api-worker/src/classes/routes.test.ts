import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ClassLists, ClassSummary, Roster } from '@drone-exam/shared/schemas/classes';
import {
  CLASS_CODE_ALPHABET,
  CLASS_CODE_UNKNOWN,
  CLASS_FULL,
  CLASS_NOT_FOUND,
  CLASSES_PAGE_SIZE,
  JOIN_CONSENT_REQUIRED,
} from '@drone-exam/shared/schemas/classes-values';
import {
  call,
  callOk,
  signedInUser,
  RATE_LIMIT_TEST_TIMEOUT_MS,
  startOfRateLimitWindow,
  testDb,
  waitForEmail,
} from '../../test/helpers.ts';
import { classes, classMembers, users } from '../db/schema.ts';
import { answerAll, finish, premiumLearner, seedBank, startAttempt } from '../quiz/testing.ts';
import { createModule } from '../study/test-modules.ts';
import { VERIFIED_EMAIL_REQUIRED } from './service.ts';

type Listed = ClassLists;

async function newClass(token: string, body: Record<string, unknown> = {}) {
  const data = await callOk<{ class: ClassSummary }>('/api/classes', {
    token,
    body: { name: 'Spring ground school', exam: 'basic', ...body },
  });
  return data.class;
}

const join = (token: string, code: string, consent: unknown = true) =>
  call<{ class: ClassSummary }>('/api/classes/join', { token, body: { code, consent } });

const roster = (token: string, id: string, query = '') =>
  call<Roster>(`/api/classes/${id}/roster${query}`, { token });

/** An instructor with a class, a member in it and a learner outside it. */
async function classWithMember(memberOverrides: Parameters<typeof signedInUser>[0] = {}) {
  const instructor = await signedInUser({ firstName: 'Ina', lastName: 'Structor' });
  const member = await premiumLearner({ firstName: 'Mia', lastName: 'Member', ...memberOverrides });
  const outsider = await signedInUser();
  const created = await newClass(instructor.token);
  expect((await join(member.token, created.code)).status).toBe(201);
  return { instructor, member, outsider, created };
}

describe('POST /api/classes and GET /api/classes', () => {
  it('lets a verified learner open a class with an unguessable code, and lists it', async () => {
    const instructor = await signedInUser();
    const response = await call<{ class: ClassSummary }>('/api/classes', {
      token: instructor.token,
      body: { name: 'Fall cohort', exam: 'advanced', examDate: '2027-03-01' },
    });
    expect(response.status).toBe(201);
    if (!response.json.success) throw new Error(response.json.error);
    const created = response.json.data.class;
    expect(created).toMatchObject({
      name: 'Fall cohort',
      exam: 'advanced',
      examDate: '2027-03-01',
    });
    expect(created.code.length).toBeGreaterThanOrEqual(8);
    expect([...created.code].every((ch) => CLASS_CODE_ALPHABET.includes(ch))).toBe(true);
    expect(CLASS_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    const second = await newClass(instructor.token);
    expect(second.code).not.toBe(created.code);

    const listed = await callOk<Listed>('/api/classes', { token: instructor.token });
    expect(listed.teaching.map((c) => c.id)).toEqual([second.id, created.id]);
    expect(listed.member).toEqual([]);
  });

  it('refuses visitors, unverified learners and bad payloads', async () => {
    expect((await call('/api/classes', { body: { name: 'x', exam: 'basic' } })).status).toBe(401);
    expect((await call('/api/classes')).status).toBe(401);

    const unverified = await signedInUser();
    await testDb().update(users).set({ emailVerified: false }).where(eq(users.id, unverified.id));
    const refused = await call('/api/classes', {
      token: unverified.token,
      body: { name: 'Mine', exam: 'basic' },
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ success: false, error: VERIFIED_EMAIL_REQUIRED });

    const learner = await signedInUser();
    for (const body of [
      { exam: 'basic' },
      { name: 'Class', exam: 'private' },
      { name: 'Class', exam: 'basic', examDate: '29/11/2026' },
      { name: 'Class', exam: 'basic', instructorId: 'someone' },
    ]) {
      const bad = await call('/api/classes', { token: learner.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.json.success).toBe(false);
    }
    expect((await callOk<Listed>('/api/classes', { token: learner.token })).teaching).toEqual([]);
  });
});

describe('POST /api/classes/join', () => {
  it('joins with consent only, and an unknown code says nothing more', async () => {
    const instructor = await signedInUser();
    const learner = await signedInUser();
    const created = await newClass(instructor.token);

    const noConsent = await join(learner.token, created.code, false);
    expect(noConsent.status).toBe(400);
    expect(noConsent.json).toMatchObject({ success: false, error: JOIN_CONSENT_REQUIRED });
    expect(
      (await call('/api/classes/join', { token: learner.token, body: { code: created.code } }))
        .status,
    ).toBe(400);

    const unknown = await join(learner.token, 'ZZZZZZZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ success: false, error: CLASS_CODE_UNKNOWN, code: 'NOT_FOUND' });

    // Typed with a space and in lower case, as a learner copies it from a board.
    const typed = `${created.code.slice(0, 5)} ${created.code.slice(5)}`.toLowerCase();
    expect((await join(learner.token, typed)).status).toBe(201);
    expect((await join(learner.token, created.code)).status).toBe(200);
    expect((await join(instructor.token, created.code)).status).toBe(409);
    expect((await join('', created.code)).status).toBe(401);

    const listed = await callOk<Listed>('/api/classes', { token: learner.token });
    expect(listed.member).toEqual([
      expect.objectContaining({ id: created.id, instructorName: 'Test Pilot', assignments: [] }),
    ]);
    const taught = await callOk<Listed>('/api/classes', { token: instructor.token });
    expect(taught.teaching[0]!.members).toBe(1);
  });

  it('refuses the 201st member with a 409', async () => {
    const instructor = await signedInUser();
    const learner = await signedInUser();
    const created = await newClass(instructor.token);
    await testDb().update(classes).set({ memberCount: 200 }).where(eq(classes.id, created.id));
    const full = await join(learner.token, created.code);
    expect(full.status).toBe(409);
    expect(full.json).toMatchObject({ success: false, error: CLASS_FULL });
    expect((await callOk<Listed>('/api/classes', { token: learner.token })).member).toEqual([]);
  });

  it(
    'is rate limited per learner',
    async () => {
      await startOfRateLimitWindow();
      const learner = await signedInUser();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await join(learner.token, 'ZZZZZZZZZZ')).status);
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
      // Another learner on the same address is not held back.
      expect((await join((await signedInUser()).token, 'ZZZZZZZZZZ')).status).toBe(404);
    },
    RATE_LIMIT_TEST_TIMEOUT_MS,
  );
});

describe('POST /api/classes/:id/code', () => {
  it('rotates the code for the instructor only; the old one stops working at once', async () => {
    const { instructor, member, outsider, created } = await classWithMember();
    for (const token of [member.token, outsider.token]) {
      expect((await call(`/api/classes/${created.id}/code`, { token, body: {} })).status).toBe(404);
    }
    expect((await call(`/api/classes/${created.id}/code`, { body: {} })).status).toBe(401);
    const { class: rotated } = await callOk<{ class: ClassSummary }>(
      `/api/classes/${created.id}/code`,
      { token: instructor.token, body: {} },
    );
    expect(rotated.code).not.toBe(created.code);
    expect((await join(outsider.token, created.code)).status).toBe(404);
    expect((await join(outsider.token, rotated.code)).status).toBe(201);
  });
});

describe('GET /api/classes/:id/roster', () => {
  it("shows each member's figures from their own records, to the instructor only", async () => {
    await seedBank();
    const { instructor, member, outsider, created } = await classWithMember();
    const other = await signedInUser();
    await newClass(other.token);

    const before = await roster(instructor.token, created.id);
    if (!before.json.success) throw new Error(before.json.error);
    expect(before.json.data.students).toEqual([
      expect.objectContaining({
        userId: member.id,
        firstName: 'Mia',
        lastName: 'Member',
        passProbability: null,
        answered: 0,
        attemptsCompleted: 0,
      }),
    ]);

    const attempt = await startAttempt(member.token, { mode: 'study', questionCount: 40 });
    await answerAll(member.token, attempt.id, (i) => i % 4 !== 0);
    await finish(member.token, attempt.id);

    const after = await roster(instructor.token, created.id);
    if (!after.json.success) throw new Error(after.json.error);
    const [student] = after.json.data.students;
    expect(student).toMatchObject({ answered: 40, attemptsCompleted: 1 });
    expect(student!.passProbability).toBeGreaterThan(0);
    expect(student!.lastActiveDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(after.json.data.weakestAreas.length).toBeGreaterThan(0);
    expect(after.json.data.pagination).toMatchObject({ currentPage: 1, totalItems: 1 });
    // Nothing the learner keeps to themselves is in the answer.
    expect(JSON.stringify(after.json.data)).not.toContain(member.email);

    for (const token of [member.token, outsider.token, other.token]) {
      const refused = await roster(token, created.id);
      expect(refused.status).toBe(404);
      expect(refused.json).toMatchObject({ success: false, error: CLASS_NOT_FOUND });
    }
    expect((await roster('', created.id)).status).toBe(401);
    expect((await roster(instructor.token, created.id, '?sort=email')).status).toBe(400);
  });

  it('sorts and pages the roster', async () => {
    const instructor = await signedInUser();
    const created = await newClass(instructor.token);
    const names = ['Zoe', 'Adam', 'Maya'];
    for (const lastName of names) {
      const learner = await signedInUser({ lastName });
      await join(learner.token, created.code);
    }
    const byName = await callOk<Roster>(`/api/classes/${created.id}/roster?sort=name`, {
      token: instructor.token,
    });
    expect(byName.students.map((s) => s.lastName)).toEqual(['Adam', 'Maya', 'Zoe']);
    const reversed = await callOk<Roster>(
      `/api/classes/${created.id}/roster?sort=name&order=desc`,
      { token: instructor.token },
    );
    expect(reversed.students.map((s) => s.lastName)).toEqual(['Zoe', 'Maya', 'Adam']);
    const past = await callOk<Roster>(`/api/classes/${created.id}/roster?page=2`, {
      token: instructor.token,
    });
    expect(past.students).toEqual([]);
    expect(past.pagination).toMatchObject({ currentPage: 2, totalPages: 1, hasPrevPage: true });
  });
});

describe('GET /api/classes/:id/roster.csv', () => {
  it('exports the roster with formula cells neutralised, to the instructor only', async () => {
    const { instructor, member, created } = await classWithMember({
      firstName: '=HYPERLINK("http://x")',
      lastName: '@SUM(A1)',
    });
    const response = await fetchCsv(instructor.token, created.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const text = await response.text();
    expect(text.split('\r\n')[0]).toContain('First name,Last name,Pass probability (%)');
    expect(text).toContain(`"'=HYPERLINK(""http://x"")",'@SUM(A1)`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    expect((await fetchCsv(member.token, created.id)).status).toBe(404);
    expect((await fetchCsv('', created.id)).status).toBe(401);
  });
});

async function fetchCsv(token: string, id: string) {
  const { exports } = await import('cloudflare:workers');
  return exports.default.fetch(
    new Request(`http://app.test/api/classes/${id}/roster.csv`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
  );
}

describe('DELETE /api/classes/:id/membership and /members/:userId', () => {
  it('lets a learner leave: the roster no longer lists them at once', async () => {
    const { instructor, member, outsider, created } = await classWithMember();
    expect(
      (
        await call(`/api/classes/${created.id}/membership`, {
          method: 'DELETE',
          token: outsider.token,
        })
      ).status,
    ).toBe(404);
    expect((await call(`/api/classes/${created.id}/membership`, { method: 'DELETE' })).status).toBe(
      401,
    );
    const left = await call(`/api/classes/${created.id}/membership`, {
      method: 'DELETE',
      token: member.token,
    });
    expect(left.status).toBe(200);
    expect(
      (await callOk<Roster>(`/api/classes/${created.id}/roster`, { token: instructor.token }))
        .students,
    ).toEqual([]);
    expect((await callOk<Listed>('/api/classes', { token: member.token })).member).toEqual([]);
    expect(
      (
        await call(`/api/classes/${created.id}/membership`, {
          method: 'DELETE',
          token: member.token,
        })
      ).status,
    ).toBe(404);
  });

  it('lets the instructor, and nobody else, remove a member', async () => {
    const { instructor, member, outsider, created } = await classWithMember();
    const path = `/api/classes/${created.id}/members/${member.id}`;
    expect((await call(path, { method: 'DELETE', token: outsider.token })).status).toBe(404);
    expect((await call(path, { method: 'DELETE', token: member.token })).status).toBe(404);
    expect((await call(path, { method: 'DELETE' })).status).toBe(401);
    expect(
      (await callOk<Roster>(`/api/classes/${created.id}/roster`, { token: instructor.token }))
        .students,
    ).toHaveLength(1);
    expect((await call(path, { method: 'DELETE', token: instructor.token })).status).toBe(200);
    const email = await waitForEmail(member.email, 'class-removed');
    expect(email.subject).toBe('You were removed from the class Spring ground school');
    expect(email.text).toContain('They no longer see your progress.');
    expect(
      (await callOk<Roster>(`/api/classes/${created.id}/roster`, { token: instructor.token }))
        .students,
    ).toEqual([]);
    expect((await call(path, { method: 'DELETE', token: instructor.token })).status).toBe(404);
    const taught = await callOk<Listed>('/api/classes', { token: instructor.token });
    expect(taught.teaching[0]!.members).toBe(0);
  });
});

describe('the removal email', () => {
  it('is written in the removed learner’s language', async () => {
    const { instructor, member, created } = await classWithMember();
    await testDb().update(users).set({ locale: 'fr' }).where(eq(users.id, member.id));
    await callOk(`/api/classes/${created.id}/members/${member.id}`, {
      method: 'DELETE',
      token: instructor.token,
    });
    const email = await waitForEmail(member.email, 'class-removed');
    expect(email.subject).toBe('Vous avez été retiré de la classe Spring ground school');
    expect(email.text).toContain('Il ne voit plus vos progrès.');
    expect(email.text).toContain('/fr/classes');
  });
});

describe('GET /api/classes pages each list', () => {
  it('pages the classes taught and the classes joined, each with its own page', async () => {
    const instructor = await signedInUser();
    const member = await signedInUser();
    const created: ClassSummary[] = [];
    for (let i = 0; i < CLASSES_PAGE_SIZE + 1; i++) {
      created.push(await newClass(instructor.token, { name: `Cohort ${i}` }));
    }
    const start = Date.now();
    // Joined straight in the table (the join route is rate limited), the first class first.
    await testDb()
      .insert(classMembers)
      .values(created.map((c, i) => ({ classId: c.id, userId: member.id, joinedAt: start + i })));
    await callOk(`/api/classes/${created[0]!.id}/assignments`, {
      token: instructor.token,
      body: { kind: 'timed-exam', dueAt: start + 86_400_000 },
    });

    const first = await callOk<Listed>('/api/classes', { token: instructor.token });
    expect(first.teaching.map((c) => c.name)).toEqual(
      created
        .slice(1)
        .map((c) => c.name)
        .toReversed(),
    );
    expect(first.teachingPagination).toMatchObject({
      currentPage: 1,
      totalPages: 2,
      totalItems: CLASSES_PAGE_SIZE + 1,
      hasNextPage: true,
    });
    const second = await callOk<Listed>('/api/classes?teachingPage=2', {
      token: instructor.token,
    });
    expect(second.teaching.map((c) => c.id)).toEqual([created[0]!.id]);
    expect(second.teachingPagination).toMatchObject({ hasNextPage: false, hasPrevPage: true });

    const joined = await callOk<Listed>('/api/classes', { token: member.token });
    expect(joined.member).toHaveLength(CLASSES_PAGE_SIZE);
    expect(joined.member.flatMap((c) => c.assignments)).toEqual([]);
    expect(joined.memberPagination).toMatchObject({ totalItems: CLASSES_PAGE_SIZE + 1 });
    const older = await callOk<Listed>('/api/classes?memberPage=2', { token: member.token });
    expect(older.member.map((c) => [c.id, c.assignments.length])).toEqual([[created[0]!.id, 1]]);
    expect(older.teaching).toEqual([]);

    for (const query of ['teachingPage=0', 'memberPage=x']) {
      const bad = await call(`/api/classes?${query}`, { token: member.token });
      expect(bad.status, query).toBe(400);
    }
  });
});

describe('POST /api/classes/:id/assignments', () => {
  it('checks each kind strictly and refuses anyone but the instructor', async () => {
    await createModule({ slug: 'airspace-basics' });
    const { instructor, member, outsider, created } = await classWithMember();
    const path = `/api/classes/${created.id}/assignments`;
    const dueAt = Date.now() + 7 * 86_400_000;
    for (const body of [
      { kind: 'read-module', dueAt },
      { kind: 'timed-exam', category: 'airspace', dueAt },
      { kind: 'practise-topic', category: 'airspace', dueAt },
      { kind: 'practise-topic', category: 'nowhere', questionCount: 10, dueAt },
      { kind: 'homework', dueAt },
      { kind: 'timed-exam' },
    ]) {
      const bad = await call(path, { token: instructor.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await call(path, {
      token: instructor.token,
      body: { kind: 'read-module', moduleSlug: 'no-such-module', dueAt },
    });
    expect(unknown.status).toBe(400);
    for (const token of [member.token, outsider.token]) {
      expect((await call(path, { token, body: { kind: 'timed-exam', dueAt } })).status).toBe(404);
    }
    expect((await call(path, { body: { kind: 'timed-exam', dueAt } })).status).toBe(401);
  });

  it('computes each status from what the learner did, for them and on the roster', async () => {
    await seedBank();
    const airspace = await createModule({ slug: 'airspace-basics' });
    const { instructor, member, created } = await classWithMember();
    const path = `/api/classes/${created.id}/assignments`;
    const dueAt = Date.now() + 7 * 86_400_000;
    const assign = (body: Record<string, unknown>) =>
      call<{ assignment: { id: string } }>(path, {
        token: instructor.token,
        body: { ...body, dueAt },
      });
    expect((await assign({ kind: 'read-module', moduleSlug: 'airspace-basics' })).status).toBe(201);
    expect((await assign({ kind: 'timed-exam' })).status).toBe(201);
    expect(
      (await assign({ kind: 'practise-topic', category: 'airspace', questionCount: 5 })).status,
    ).toBe(201);

    const statuses = async () => {
      const listed = await callOk<Listed>('/api/classes', { token: member.token });
      return Object.fromEntries(listed.member[0]!.assignments.map((a) => [a.kind, a.done]));
    };
    expect(await statuses()).toEqual({
      'read-module': false,
      'timed-exam': false,
      'practise-topic': false,
    });

    await callOk(`/api/study-materials/progress/${airspace.id}`, {
      method: 'PUT',
      token: member.token,
      body: { progress: 100, position: 10, timeSpent: 60, isCompleted: true },
    });
    expect(await statuses()).toMatchObject({ 'read-module': true, 'practise-topic': false });

    const practice = await startAttempt(member.token, {
      mode: 'study',
      questionCount: 5,
      categories: ['airspace'],
    });
    await answerAll(member.token, practice.id, () => true);
    expect(await statuses()).toMatchObject({ 'practise-topic': true, 'timed-exam': false });

    const exam = await startAttempt(member.token, { mode: 'timed' });
    await finish(member.token, exam.id);
    expect(await statuses()).toEqual({
      'read-module': true,
      'timed-exam': true,
      'practise-topic': true,
    });

    const seen = await callOk<Roster>(`/api/classes/${created.id}/roster`, {
      token: instructor.token,
    });
    expect(seen.students[0]).toMatchObject({ assignmentsDone: 3, assignmentsTotal: 3 });
    expect(seen.assignments.map((a) => a.completed)).toEqual([1, 1, 1]);
  });
});
