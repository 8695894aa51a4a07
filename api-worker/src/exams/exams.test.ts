import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminExam, Exam, ExamUpdate } from '@drone-exam/shared/schemas/exam';
import type { Readiness } from '@drone-exam/shared/schemas/learning';
import type { AdminQuestion } from '@drone-exam/shared/schemas/content';
import type { Pagination } from '@drone-exam/shared/api';
import { call, callOk, signedInUser, testDb } from '../../test/helpers.ts';
import { activities } from '../db/schema.ts';
import type { CounterKey } from '../db/counters.ts';
import { expectCountersRight } from '../content/test-fixtures.ts';
import type { QuizAnalytics } from '@drone-exam/shared/schemas/admin';
import { attemptQuestionRows } from '../quiz/queries.ts';
import {
  ADVANCED_ONLY_PREFIX,
  answerAll,
  finish,
  premiumLearner,
  seedAdvancedOnly,
  seedBank,
  startAttempt,
} from '../quiz/testing.ts';

const EXAM_COUNTERS: CounterKey[] = ['basic', 'advanced'].flatMap((exam) =>
  (['started', 'completed', 'score_sum'] as const).map(
    (figure) => `attempts.exam.${exam}.${figure}` as CounterKey,
  ),
);

const exams = async (language?: string) =>
  (
    await callOk<{ exams: Exam[] }>('/api/exams', {
      headers: language ? { 'accept-language': language } : {},
    })
  ).exams;

const advancedEdit = (exam: AdminExam): ExamUpdate => ({
  name: exam.name,
  questionCount: exam.questionCount,
  timeLimitMinutes: exam.timeLimitMinutes,
  passMark: exam.passMark,
  practicePassMark: exam.practicePassMark,
  blueprint: exam.blueprint,
  sourceNote: exam.sourceNote,
});

const adminExams = async (token: string) =>
  (await callOk<{ exams: AdminExam[] }>('/api/admin/exams', { token })).exams;

describe('GET /api/exams', () => {
  it('lists Basic with today’s figures and Advanced at 80 % with the reported count and time', async () => {
    const [basic, advanced] = await exams();
    expect(basic).toMatchObject({
      id: 'basic',
      name: 'Basic Operations',
      questionCount: 35,
      timeLimitMinutes: 90,
      passMark: 65,
      practicePassMark: 70,
    });
    expect(advanced).toMatchObject({
      id: 'advanced',
      name: 'Advanced Operations',
      questionCount: 50,
      timeLimitMinutes: 60,
      passMark: 80,
    });
    for (const exam of [basic!, advanced!]) {
      expect(exam.blueprint.reduce((sum, entry) => sum + entry.share, 0)).toBe(100);
      expect(exam.sourceNote.length).toBeGreaterThan(20);
    }
    // The figures Transport Canada does not publish say so.
    expect(advanced!.sourceNote).toMatch(/reported by candidates/i);
    expect(advanced!.sourceNote).toMatch(/not published/i);
    expect(advanced!.sourceNote).toMatch(/not Transport Canada/i);

    const french = await exams('fr-CA');
    expect(french.map((exam) => exam.name)).toEqual(['Opérations de base', 'Opérations avancées']);
  });
});

describe('PUT /api/admin/exams/{id}', () => {
  it('refuses visitors (401), learners (403), bad figures (400) and unknown exams (404)', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const learner = await signedInUser();
    const [, advanced] = await adminExams(admin.token);
    const body = advancedEdit(advanced!);
    expect((await call('/api/admin/exams/advanced', { method: 'PUT', body })).status).toBe(401);
    expect(
      (await call('/api/admin/exams/advanced', { method: 'PUT', body, token: learner.token }))
        .status,
    ).toBe(403);

    const uneven = await call('/api/admin/exams/advanced', {
      method: 'PUT',
      token: admin.token,
      body: { ...body, blueprint: [{ category: 'airspace', share: 60 }] },
    });
    expect(uneven.status).toBe(400);
    expect(uneven.json).toMatchObject({ success: false });
    expect(JSON.stringify(uneven.json)).toContain('Blueprint shares must add up to 100');
    const extra = await call('/api/admin/exams/advanced', {
      method: 'PUT',
      token: admin.token,
      body: { ...body, secret: 1 },
    });
    expect(extra.status).toBe(400);
    const mark = await call('/api/admin/exams/advanced', {
      method: 'PUT',
      token: admin.token,
      body: { ...body, passMark: 120 },
    });
    expect(mark.status).toBe(400);
    const unknown = await call('/api/admin/exams/expert', {
      method: 'PUT',
      token: admin.token,
      body,
    });
    expect(unknown.status).toBe(404);
    // Nothing changed.
    expect((await exams())[1]).toMatchObject({ passMark: 80, questionCount: 50 });
  });

  it('saves the figures, shows them at once on /api/exams and records the edit', async () => {
    const admin = await signedInUser({ role: 'admin' });
    expect((await exams())[1]!.questionCount).toBe(50);
    const [, advanced] = await adminExams(admin.token);
    const saved = await callOk<{ exam: AdminExam }>('/api/admin/exams/advanced', {
      method: 'PUT',
      token: admin.token,
      body: {
        ...advancedEdit(advanced!),
        questionCount: 45,
        blueprint: [
          { category: 'air-law-regulations', share: 50 },
          { category: 'airspace', share: 50 },
        ],
      },
    });
    expect(saved.exam).toMatchObject({ id: 'advanced', questionCount: 45 });
    expect((await exams())[1]).toMatchObject({
      questionCount: 45,
      blueprint: [
        { category: 'air-law-regulations', share: 50 },
        { category: 'airspace', share: 50 },
      ],
    });
    const feed = await testDb().select().from(activities).where(eq(activities.userId, admin.id));
    expect(feed.map((item) => item.title)).toContain('Exam "Advanced Operations" updated');
  });
});

describe('attempts by exam', () => {
  it('a premium learner’s timed Advanced attempt has the exam’s count, limit and marks', async () => {
    await seedBank();
    await seedAdvancedOnly({ 'air-law-regulations': 20, airspace: 10 });
    const learner = await premiumLearner();
    const before = Date.now();
    const attempt = await startAttempt(learner.token, { mode: 'timed', exam: 'advanced' });
    expect(attempt).toMatchObject({
      exam: 'advanced',
      questionCount: 50,
      timeLimit: 60,
      passMark: 85,
      examPassMark: 80,
    });
    expect(Date.parse(attempt.deadlineAt!)).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    expect(Date.parse(attempt.deadlineAt!)).toBeGreaterThanOrEqual(before + 60 * 60_000);
    // Judged against the Advanced practice mark: 80 % passes Basic's 70 but not Advanced's 85.
    await answerAll(learner.token, attempt.id, (i) => i % 5 !== 0);
    const done = await finish(learner.token, attempt.id);
    expect(done).toMatchObject({ score: 80, passed: false, exam: 'advanced' });

    const basic = await startAttempt(learner.token, { mode: 'timed' });
    expect(basic).toMatchObject({ exam: 'basic', questionCount: 35, timeLimit: 90, passMark: 70 });

    // The console's quiz figures split by exam, kept on write like every other figure.
    const admin = await signedInUser({ role: 'admin' });
    const figures = await callOk<QuizAnalytics>('/api/admin/quiz-analytics', {
      token: admin.token,
    });
    expect(figures.performanceByExam).toEqual({
      basic: { attempts: 1, completed: 0, avgScore: null, completionRate: 0 },
      advanced: { attempts: 1, completed: 1, avgScore: 80, completionRate: 100 },
    });
    await expectCountersRight(EXAM_COUNTERS);
  });

  it('across many Basic attempts no advanced-only question appears; Advanced ones draw them', async () => {
    await seedBank();
    await seedAdvancedOnly({ 'air-law-regulations': 30, airspace: 20, operations: 10 });
    const learner = await premiumLearner();
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      for (const body of [
        { mode: 'study', questionCount: 50 },
        { mode: 'timed' },
        { mode: 'study', questionCount: 50, source: 'unseen' },
      ] as const) {
        const attempt = await startAttempt(learner.token, body);
        for (const row of await attemptQuestionRows(testDb(), attempt.id)) seen.add(row.questionId);
      }
    }
    // Most of the Basic bank was drawn, and none of the 60 advanced-only questions.
    expect(seen.size).toBeGreaterThan(80);
    expect([...seen].filter((id) => id.startsWith(ADVANCED_ONLY_PREFIX))).toEqual([]);

    const advanced = await startAttempt(learner.token, {
      mode: 'study',
      questionCount: 50,
      exam: 'advanced',
    });
    const drawn = await attemptQuestionRows(testDb(), advanced.id);
    expect(drawn.some((row) => row.questionId.startsWith(ADVANCED_ONLY_PREFIX))).toBe(true);
  });

  it('refuses an unknown exam with a 400 beside the field', async () => {
    const learner = await premiumLearner();
    const refused = await call('/api/quiz/attempt', {
      token: learner.token,
      body: { mode: 'study', exam: 'expert' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      success: false,
      fields: { exam: 'Exam must be basic or advanced' },
    });
  });
});

describe('readiness and the target exam', () => {
  it('forecasts Advanced against 80 %, by default the learner’s target, and switching loses nothing', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 50 });
    await answerAll(learner.token, attempt.id, (i) => i % 6 !== 0);
    await finish(learner.token, attempt.id);

    const basic = await callOk<Readiness>('/api/learning/readiness', { token: learner.token });
    expect(basic).toMatchObject({ exam: 'basic', passMark: 65 });
    const advanced = await callOk<Readiness>('/api/learning/readiness?exam=advanced', {
      token: learner.token,
    });
    expect(advanced).toMatchObject({ exam: 'advanced', passMark: 80, answered: 50 });
    // The same answers against a higher mark over a longer exam: a lower chance.
    expect(advanced.passProbability!).toBeLessThan(basic.passProbability!);

    const switched = await callOk<{ user: { targetExam: string } }>('/api/auth/target-exam', {
      method: 'PUT',
      token: learner.token,
      body: { targetExam: 'advanced' },
    });
    expect(switched.user.targetExam).toBe('advanced');
    const target = await callOk<Readiness>('/api/learning/readiness', { token: learner.token });
    expect(target).toMatchObject({ exam: 'advanced', passMark: 80, answered: 50 });
    expect(target.passProbability!).toBeCloseTo(advanced.passProbability!, 6);
    expect(
      (await call('/api/learning/readiness?exam=expert', { token: learner.token })).status,
    ).toBe(400);
    expect(
      (
        await call('/api/auth/target-exam', {
          method: 'PUT',
          token: learner.token,
          body: { targetExam: 'expert' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('/api/auth/target-exam', { method: 'PUT', body: { targetExam: 'basic' } }))
        .status,
    ).toBe(401);
  });
});

describe('GET /api/admin/questions?exam=', () => {
  it('lists only the questions of the exam, with their exams, and edits them', async () => {
    await seedBank({ airspace: 4 });
    await seedAdvancedOnly({ airspace: 3 });
    const admin = await signedInUser({ role: 'admin' });
    type Page = { questions: AdminQuestion[]; pagination: Pagination };
    const advanced = await callOk<Page>('/api/admin/questions?exam=advanced', {
      token: admin.token,
    });
    expect(advanced.pagination.totalItems).toBe(7);
    const basic = await callOk<Page>('/api/admin/questions?exam=basic', { token: admin.token });
    expect(basic.pagination.totalItems).toBe(4);
    expect(basic.questions.every((q) => q.exams.join() === 'basic,advanced')).toBe(true);
    const only = advanced.questions.filter((q) => q.id.startsWith(ADVANCED_ONLY_PREFIX));
    expect(only.map((q) => q.exams)).toEqual([['advanced'], ['advanced'], ['advanced']]);
    expect((await call('/api/admin/questions?exam=expert', { token: admin.token })).status).toBe(
      400,
    );

    // The editor moves a Basic question to Advanced only.
    const { id: _id, ...question } = basic.questions[0]!;
    const saved = await call<{ question: AdminQuestion }>(`/api/admin/questions/${_id}`, {
      method: 'PUT',
      token: admin.token,
      body: { ...question, exams: ['advanced'] },
    });
    expect(saved.status).toBe(200);
    const after = await callOk<Page>('/api/admin/questions?exam=basic', { token: admin.token });
    expect(after.pagination.totalItems).toBe(3);
    const empty = await call(`/api/admin/questions/${_id}`, {
      method: 'PUT',
      token: admin.token,
      body: { ...question, exams: [] },
    });
    expect(empty.status).toBe(400);
  });
});
