import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Pagination } from '@drone-exam/shared';
import type { AdminQuestion, QuestionInput } from '@drone-exam/shared/schemas/content';
import { call, callOk, signedInUser, testDb } from '../../test/helpers.ts';
import type {
  AttemptDetail,
  AttemptSummary,
  CurrentQuestion,
} from '@drone-exam/shared/schemas/quiz';
import { questions, questionVersions } from '../db/schema.ts';
import {
  QUESTION_COUNTERS,
  adminToken,
  countRows,
  createQuestion,
  expectAdminsOnly,
  expectCountersRight,
  sampleQuestion,
} from './test-fixtures.ts';

describe('POST /api/admin/questions', () => {
  it('stores a checked question at version 1 and counts it', async () => {
    const token = await adminToken();
    const question = await createQuestion(token, 1, { tags: ['Altitude', ' limits ', 'altitude'] });
    expect(question).toMatchObject({
      question: sampleQuestion(1).question,
      options: sampleQuestion(1).options,
      correctAnswer: 0,
      category: 'air-law-regulations',
      difficulty: 'easy',
      tags: ['altitude', 'limits'],
      regulationReference: 'CAR 901.25',
      imageUrl: null,
      isActive: true,
      version: 1,
    });
    await createQuestion(token, 2, { isActive: false });
    await expectCountersRight(QUESTION_COUNTERS);
  });

  it('defaults to category operations and difficulty medium', async () => {
    const question = await createQuestion(await adminToken(), 1, {
      category: undefined,
      difficulty: undefined,
    });
    expect(question).toMatchObject({ category: 'operations', difficulty: 'medium' });
  });

  it('answers each invalid field with its message beside the field', async () => {
    const { status, json } = await call('/api/admin/questions', {
      token: await adminToken(),
      body: { question: '', options: ['A', ''], correctAnswer: 3, category: 'law' },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        question: 'Question text is required',
        'options.1': 'Options must not be empty',
        category: expect.stringMatching(/^Category must be one of: air-law-regulations/),
      },
    });
    expect(await countRows('questions')).toBe(0);
  });

  it('refuses a question already in the bank (same text, ignoring case and punctuation)', async () => {
    const token = await adminToken();
    await createQuestion(token, 1);
    const { status, json } = await call('/api/admin/questions', {
      token,
      body: sampleQuestion(1, {
        question: sampleQuestion(1).question.toUpperCase().replace('?', ''),
      }),
    });
    expect(status).toBe(409);
    expect(json).toMatchObject({
      code: 'DUPLICATE_QUESTION',
      fields: { question: 'This question is already in the bank' },
    });
    await expectCountersRight(QUESTION_COUNTERS);
  });
});

describe('hidden characters in question text', () => {
  it.each([
    ['the question', { question: 'Which class is \u202eG\u202c airspace?' }, 'question'],
    ['an option', { options: ['A\u0000', 'B', 'C', 'D'] }, 'options.0'],
  ])('refuses a bidi override or NUL in %s', async (_, change, field) => {
    const token = await adminToken();
    const { status, json } = await call('/api/admin/questions', {
      token,
      body: { ...sampleQuestion(1), ...change },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      success: false,
      fields: { [field]: 'Remove the control or text-direction characters from this field' },
    });
  });
});

describe('PUT /api/admin/questions/:id', () => {
  it('bumps the version, marks the row edited and keeps the active counter right', async () => {
    const token = await adminToken();
    const question = await createQuestion(token, 1);
    const { question: edited } = await callOk<{ question: AdminQuestion }>(
      `/api/admin/questions/${question.id}`,
      {
        token,
        method: 'PUT',
        body: sampleQuestion(1, { correctAnswer: 1, isActive: false, explanation: 'Changed.' }),
      },
    );
    expect(edited).toMatchObject({ version: 2, correctAnswer: 1, isActive: false });
    const [row] = await testDb().select().from(questions).where(eq(questions.id, question.id));
    expect(row!.editedAt).not.toBeNull();
    await expectCountersRight(QUESTION_COUNTERS);

    const again = await callOk<{ question: AdminQuestion }>(`/api/admin/questions/${question.id}`, {
      token,
      method: 'PUT',
      body: sampleQuestion(1, { isActive: true }),
    });
    expect(again.question.version).toBe(3);
    await expectCountersRight(QUESTION_COUNTERS);
  });

  it('takes the question back as GET returned it (nulls included); refuses its figures changed and an unknown key', async () => {
    const token = await adminToken();
    const created = await createQuestion(token, 1, { regulationReference: undefined });
    const path = `/api/admin/questions/${created.id}`;
    const { question: read } = await callOk<{ question: AdminQuestion }>(path, { token });
    expect(read).toMatchObject({ regulationReference: null, imageUrl: null, figure: null });
    const { question: edited } = await callOk<{ question: AdminQuestion }>(path, {
      token,
      method: 'PUT',
      body: { ...read, difficulty: 'hard' },
    });
    expect(edited).toMatchObject({ id: read.id, difficulty: 'hard', version: read.version });

    const counted = await call(path, {
      token,
      method: 'PUT',
      body: { ...edited, timesAnswered: 40 },
    });
    expect(counted.status).toBe(400);
    expect(counted.json).toMatchObject({
      code: 'READ_ONLY_FIELD',
      fields: { timesAnswered: 'A question’s figures are counted from learners’ answers' },
    });
    const unknown = await call(path, { token, method: 'PUT', body: { ...edited, hint: 'x' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it("refuses to take another question's text, and answers 404 for an unknown id", async () => {
    const token = await adminToken();
    await createQuestion(token, 1);
    const second = await createQuestion(token, 2);
    const clash = await call(`/api/admin/questions/${second.id}`, {
      token,
      method: 'PUT',
      body: sampleQuestion(1),
    });
    expect(clash.status).toBe(409);
    const missing = await call('/api/admin/questions/nope', {
      token,
      method: 'PUT',
      body: sampleQuestion(3),
    });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ error: 'Question not found' });
  });
});

describe('past attempts keep their own record of a question', () => {
  it('an edit or a delete never changes what an attempt showed and scored', async () => {
    const token = await adminToken();
    const bank = [];
    for (let n = 1; n <= 5; n++) bank.push(await createQuestion(token, n));
    const learner = await signedInUser({ premiumUntil: Date.now() + 86_400_000 });
    const { attempt } = await callOk<{ attempt: AttemptSummary }>('/api/quiz/attempt', {
      token: learner.token,
      body: { mode: 'study', questionCount: 5, categories: ['air-law-regulations'] },
    });
    for (let i = 0; i < 5; i++) {
      const current = await callOk<CurrentQuestion>(`/api/quiz/attempt/${attempt.id}/question`, {
        token: learner.token,
      });
      await callOk(`/api/quiz/attempt/${attempt.id}/answer`, {
        token: learner.token,
        body: { questionId: current.question.id, selectedIndex: i % 2 },
      });
      if (i < 4)
        await callOk(`/api/quiz/attempt/${attempt.id}/navigate`, {
          token: learner.token,
          body: { questionIndex: i + 1 },
        });
    }
    const review = () =>
      callOk<{ attempt: AttemptDetail }>(`/api/quiz/attempt/${attempt.id}/finish`, {
        token: learner.token,
        body: {},
      });
    const before = (await review()).attempt;

    // The key, the text and the explanation change; another question goes altogether.
    await callOk(`/api/admin/questions/${bank[0]!.id}`, {
      token,
      method: 'PUT',
      body: sampleQuestion(1, {
        question: 'A reworded stem for version 2?',
        correctAnswer: 3,
        explanation: 'A new explanation.',
      }),
    });
    await callOk(`/api/admin/questions/${bank[1]!.id}`, { token, method: 'DELETE' });
    const after = (await review()).attempt;
    expect(after).toEqual(before);
    expect(after.questions.map((q) => q.stem)).toContain(bank[0]!.question);
    expect(after.questions.map((q) => q.stem)).toContain(bank[1]!.question);
    const [edited] = await testDb().select().from(questions).where(eq(questions.id, bank[0]!.id));
    expect(edited!.version).toBe(2);
  });

  it('makes a new version only when what a learner sees changes', async () => {
    const token = await adminToken();
    const question = await createQuestion(token, 1);
    const edit = (overrides: Partial<QuestionInput>) =>
      callOk<{ question: AdminQuestion }>(`/api/admin/questions/${question.id}`, {
        token,
        method: 'PUT',
        body: sampleQuestion(1, overrides),
      });
    expect((await edit({ difficulty: 'hard', tags: ['renamed'] })).question.version).toBe(1);
    expect((await edit({ difficulty: 'hard', explanation: 'Clearer now.' })).question.version).toBe(
      2,
    );
    const versions = await testDb()
      .select()
      .from(questionVersions)
      .where(eq(questionVersions.questionId, question.id));
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    expect(JSON.parse(versions[1]!.snapshotJson)).toMatchObject({ explanation: 'Clearer now.' });
  });
});

describe('DELETE /api/admin/questions/:id', () => {
  it('removes the question and counts it out', async () => {
    const token = await adminToken();
    const question = await createQuestion(token, 1);
    await createQuestion(token, 2, { isActive: false });
    await callOk(`/api/admin/questions/${question.id}`, { token, method: 'DELETE' });
    expect(await countRows('questions')).toBe(1);
    await expectCountersRight(QUESTION_COUNTERS);
    expect((await call(`/api/admin/questions/${question.id}`, { token })).status).toBe(404);
    expect(
      (await call(`/api/admin/questions/${question.id}`, { token, method: 'DELETE' })).status,
    ).toBe(404);
  });
});

describe('GET /api/admin/questions', () => {
  type Page = { questions: AdminQuestion[]; pagination: Pagination };

  it('pages by 20, latest update first, and filters by category and difficulty', async () => {
    const token = await adminToken();
    for (let n = 1; n <= 23; n++) {
      await createQuestion(token, n, {
        category: n <= 5 ? 'airspace' : 'operations',
        difficulty: n % 2 ? 'hard' : 'easy',
      });
    }
    const first = await callOk<Page>('/api/admin/questions', { token });
    expect(first.questions).toHaveLength(20);
    expect(first.questions[0]!.question).toBe(sampleQuestion(23).question);
    expect(first.pagination).toMatchObject({ totalItems: 23, totalPages: 2, currentPage: 1 });
    const second = await callOk<Page>('/api/admin/questions?page=2', { token });
    expect(second.questions).toHaveLength(3);

    const airspace = await callOk<Page>('/api/admin/questions?category=airspace', { token });
    expect(airspace.pagination.totalItems).toBe(5);
    const hardAirspace = await callOk<Page>(
      '/api/admin/questions?category=airspace&difficulty=hard',
      { token },
    );
    expect(hardAirspace.questions.map((q) => q.question)).toEqual(
      [5, 3, 1].map((n) => sampleQuestion(n).question),
    );
    expect((await call('/api/admin/questions?difficulty=expert', { token })).status).toBe(400);
  });

  it('searches the question text, explanation, tags and regulation reference', async () => {
    const token = await adminToken();
    await createQuestion(token, 1);
    await createQuestion(token, 2, {
      question: 'Which document must you carry when flying in controlled airspace?',
      explanation: 'Carry proof of the NAV CANADA authorization.',
      tags: ['authorization'],
      regulationReference: 'CAR 901.71',
    });
    const search = (q: string) =>
      callOk<Page>(`/api/admin/questions?search=${encodeURIComponent(q)}`, { token });
    expect((await search('controll')).questions).toHaveLength(1);
    expect((await search('NAV CANADA')).pagination.totalItems).toBe(1);
    expect((await search('901.71')).questions).toHaveLength(1);
    expect((await search('authorization')).questions).toHaveLength(1);
    expect((await search('ground level')).questions).toHaveLength(1);
    expect((await search('"maximum" (altitude')).questions).toHaveLength(1);
    expect((await search('helicopter')).questions).toHaveLength(0);
  });
});

describe('question endpoints are for admins only', () => {
  it('refuses visitors (401), learners and premium learners (403)', async () => {
    const token = await adminToken();
    const question = await createQuestion(token, 1);
    await expectAdminsOnly([
      { path: '/api/admin/questions' },
      { path: `/api/admin/questions/${question.id}` },
      { path: '/api/admin/questions', method: 'POST', body: sampleQuestion(2) },
      { path: `/api/admin/questions/${question.id}`, method: 'PUT', body: sampleQuestion(1) },
      { path: `/api/admin/questions/${question.id}`, method: 'DELETE' },
      { path: '/api/admin/questions/export?format=csv' },
      {
        path: '/api/admin/questions/bulk-import',
        method: 'POST',
        body: { questions: [sampleQuestion(3)] },
      },
      { path: '/api/admin/questions/import-jobs/some-job' },
    ]);
    expect(await countRows('questions')).toBe(1);
  });
});
