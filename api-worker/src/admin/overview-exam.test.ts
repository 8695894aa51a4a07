import { describe, expect, it } from 'vitest';
import type { AdminStats } from '@drone-exam/shared';
import type { AdminModule, AdminQuestion } from '@drone-exam/shared/schemas/content';
import { EXAM_IDS, type ExamId } from '@drone-exam/shared/schemas/exam-values';
import { call, callOk, signedInUser } from '../../test/helpers.ts';
import type { CounterKey } from '../db/counters.ts';
import { createQuestion, expectCountersRight, sampleModule } from '../content/test-fixtures.ts';
import {
  answerAll,
  finish,
  premiumLearner,
  RIGHT,
  seedAdvancedOnly,
  seedBank,
  startAttempt,
} from '../quiz/testing.ts';
import { counter } from './test-fixtures.ts';

const EXAM_CONTENT_COUNTERS = EXAM_IDS.flatMap((exam) => [
  `questions.exam.${exam}.total` as const,
  `questions.exam.${exam}.active` as const,
  `modules.exam.${exam}.total` as const,
  `modules.exam.${exam}.published` as const,
]) satisfies CounterKey[];
const EXAM_ATTEMPT_COUNTERS = EXAM_IDS.flatMap((exam) => [
  `attempts.exam.${exam}.started` as const,
  `attempts.exam.${exam}.completed` as const,
  `attempts.exam.${exam}.score_sum` as const,
]) satisfies CounterKey[];

const stats = (token: string, exam?: ExamId) =>
  callOk<AdminStats>(`/api/admin/stats${exam ? `?exam=${exam}` : ''}`, { token });

/** An edit as the console sends it: the question as read, with some fields changed. */
const editQuestion = async (
  token: string,
  question: AdminQuestion,
  changes: Partial<AdminQuestion>,
) =>
  (
    await callOk<{ question: AdminQuestion }>(`/api/admin/questions/${question.id}`, {
      token,
      method: 'PUT',
      body: { ...question, ...changes },
    })
  ).question;

const editModule = async (token: string, module: AdminModule, changes: Partial<AdminModule>) =>
  (
    await callOk<{ module: AdminModule }>(`/api/study/${module.id}`, {
      token,
      method: 'PUT',
      body: { ...module, ...changes },
    })
  ).module;

async function createModule(token: string, slug: string, exams: ExamId[]) {
  const { module } = await callOk<{ module: AdminModule }>('/api/study', {
    token,
    body: sampleModule({ slug, title: `Module ${slug}`, exams }),
  });
  return module;
}

describe('GET /api/admin/stats?exam=', () => {
  it('keeps each exam’s content and quiz counters equal to a count of the rows through every write', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const token = admin.token;
    // Rows loaded behind the API's back, as the seed does: the triggers count them too.
    await seedBank({ airspace: 40, 'air-law-regulations': 20 });
    await seedAdvancedOnly({ 'air-law-regulations': 60 });
    await expectCountersRight(EXAM_CONTENT_COUNTERS);
    expect(await counter('questions.exam.basic.total')).toBe(60);
    expect(await counter('questions.exam.advanced.total')).toBe(120);

    // Questions: created in Basic, re-tagged Basic → both → Advanced, withdrawn, deleted.
    let moving = await createQuestion(token, 1, { exams: ['basic'] });
    await expectCountersRight(EXAM_CONTENT_COUNTERS);
    expect(await counter('questions.exam.basic.total')).toBe(61);
    expect(await counter('questions.exam.advanced.total')).toBe(120);
    moving = await editQuestion(token, moving, { exams: ['basic', 'advanced'] });
    expect(await counter('questions.exam.advanced.total')).toBe(121);
    await expectCountersRight(EXAM_CONTENT_COUNTERS);
    moving = await editQuestion(token, moving, { exams: ['advanced'] });
    expect(await counter('questions.exam.basic.total')).toBe(60);
    await expectCountersRight(EXAM_CONTENT_COUNTERS);
    moving = await editQuestion(token, moving, { isActive: false });
    expect(await counter('questions.exam.advanced.active')).toBe(120);
    await expectCountersRight(EXAM_CONTENT_COUNTERS);
    let both = await createQuestion(token, 2, { exams: ['basic', 'advanced'], isActive: false });
    both = await editQuestion(token, both, { isActive: true });
    await expectCountersRight(EXAM_CONTENT_COUNTERS);
    await callOk(`/api/admin/questions/${moving.id}`, { token, method: 'DELETE' });
    await callOk(`/api/admin/questions/${both.id}`, { token, method: 'DELETE' });
    await expectCountersRight(EXAM_CONTENT_COUNTERS);
    await callOk('/api/admin/questions/bulk-import', {
      token,
      body: {
        questions: [3, 4, 5].map((n) => ({
          ...(n === 5 ? {} : { exams: ['advanced'] }),
          question: `Imported question number ${n}: which class of airspace needs a clearance?`,
          options: [`${RIGHT}: Class C`, 'Class G', 'Class F advisory', 'None'],
          correctAnswer: 0,
          explanation: 'CAR 901.71: a clearance from ATC before entering Class C airspace.',
          category: 'airspace',
          difficulty: 'medium',
          tags: [],
          regulationReference: 'CAR 901.71',
        })),
      },
    });
    await expectCountersRight(EXAM_CONTENT_COUNTERS);
    expect(await counter('questions.exam.basic.total')).toBe(61);
    expect(await counter('questions.exam.advanced.total')).toBe(123);

    // Modules: drafted, published, re-tagged, moved back to draft, deleted.
    let night = await createModule(token, 'night-operations', ['basic']);
    let tower = await createModule(token, 'working-with-atc', ['advanced']);
    await expectCountersRight(EXAM_CONTENT_COUNTERS);
    night = await editModule(token, night, { status: 'published' });
    tower = await editModule(token, tower, { status: 'published' });
    expect(await counter('modules.exam.basic.published')).toBe(1);
    expect(await counter('modules.exam.advanced.published')).toBe(1);
    night = await editModule(token, night, { exams: ['basic', 'advanced'] });
    expect(await counter('modules.exam.advanced.published')).toBe(2);
    await expectCountersRight(EXAM_CONTENT_COUNTERS);
    night = await editModule(token, night, { exams: ['advanced'] });
    expect(await counter('modules.exam.basic.total')).toBe(0);
    tower = await editModule(token, tower, { status: 'draft' });
    await expectCountersRight(EXAM_CONTENT_COUNTERS);
    await callOk(`/api/study/${tower.id}`, { token, method: 'DELETE' });
    await expectCountersRight(EXAM_CONTENT_COUNTERS);
    expect(await counter('modules.exam.advanced.total')).toBe(1);
    expect(await counter('modules.exam.advanced.published')).toBe(1);

    // Attempts of each exam, one completed each and one left open.
    const learner = await premiumLearner();
    const advanced = await startAttempt(learner.token, { mode: 'study', exam: 'advanced' });
    await answerAll(learner.token, advanced.id, (i) => i % 2 === 0);
    await finish(learner.token, advanced.id);
    await startAttempt(learner.token, { mode: 'study', exam: 'advanced' });
    const basic = await startAttempt(learner.token, { mode: 'study', exam: 'basic' });
    await answerAll(learner.token, basic.id, () => true);
    await finish(learner.token, basic.id);
    await expectCountersRight([...EXAM_CONTENT_COUNTERS, ...EXAM_ATTEMPT_COUNTERS]);

    // The Overview answers each exam's figures from those counters, the user figures global.
    const all = await stats(token);
    const perExam = {
      basic: await stats(token, 'basic'),
      advanced: await stats(token, 'advanced'),
    };
    expect(all.exam).toBeNull();
    for (const exam of EXAM_IDS) {
      const figures = perExam[exam];
      expect(figures).toMatchObject({
        exam,
        totalQuestions: await counter(`questions.exam.${exam}.total`),
        activeQuestions: await counter(`questions.exam.${exam}.active`),
        totalStudyModules: await counter(`modules.exam.${exam}.total`),
        publishedStudyModules: await counter(`modules.exam.${exam}.published`),
        totalQuizAttempts: await counter(`attempts.exam.${exam}.started`),
        completedQuizAttempts: 1,
        totalUsers: all.totalUsers,
        activeAccounts: all.activeAccounts,
        verifiedUsers: all.verifiedUsers,
        openReports: all.openReports,
      });
    }
    expect(perExam.basic).toMatchObject({
      totalQuestions: 61,
      totalStudyModules: 0,
      totalQuizAttempts: 1,
      averageScore: 100,
      completionRate: 100,
    });
    expect(perExam.advanced).toMatchObject({
      totalQuestions: 123,
      activeQuestions: 123,
      totalStudyModules: 1,
      publishedStudyModules: 1,
      totalQuizAttempts: 2,
      completionRate: 50,
    });
    expect(perExam.advanced.averageScore).toBe(await counter('attempts.exam.advanced.score_sum'));
    // Every exam together reads the global counters (Find-it drills aside, the same attempts).
    expect(all).toMatchObject({ totalStudyModules: 1, totalQuizAttempts: 3 });
  });

  it('refuses an unknown exam (400) and non-admins', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const refused = await call('/api/admin/stats?exam=expert', { token: admin.token });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ success: false });
    const learner = await signedInUser();
    expect((await call('/api/admin/stats?exam=basic', { token: learner.token })).status).toBe(403);
    expect((await call('/api/admin/stats?exam=basic')).status).toBe(401);
  });
});
