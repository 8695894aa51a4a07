import { describe, it } from 'vitest';
import type { AdminModule, AdminQuestion } from '@drone-exam/shared/schemas/content';
import { callOk } from '../../test/helpers.ts';
import { expectWithinBudget } from '../../test/budget.ts';
import { adminToken, sampleModule, sampleQuestion } from './test-fixtures.ts';

async function seed() {
  const token = await adminToken();
  const { module } = await callOk<{ module: AdminModule }>('/api/study', {
    token,
    body: sampleModule(),
  });
  await callOk('/api/admin/questions/bulk-import', {
    token,
    body: { questions: Array.from({ length: 30 }, (_, i) => sampleQuestion(i)) },
  });
  const { questions } = await callOk<{ questions: AdminQuestion[] }>('/api/admin/questions', {
    token,
  });
  return { token, moduleId: module.id, questionId: questions[0]!.id };
}

/** The content lists and reads an admin opens all day: at most 2 D1 round trips, no table scans. */
describe('content calls stay within the D1 budget', () => {
  it.each([
    '/api/admin/modules',
    '/api/admin/modules?page=2',
    '/api/admin/modules?status=published',
    '/api/admin/modules?search=lighting',
    '/api/admin/modules?search=lighting&status=draft',
    '/api/admin/questions',
    '/api/admin/questions?page=2',
    '/api/admin/questions?category=airspace',
    '/api/admin/questions?difficulty=hard',
    '/api/admin/questions?category=airspace&difficulty=hard',
    '/api/admin/questions?search=altitude',
    '/api/admin/questions?search=altitude&category=air-law-regulations&difficulty=easy',
  ])('GET %s', async (path) => {
    const { token } = await seed();
    await expectWithinBudget(() => callOk(path, { token }));
  });

  it('GET one module and one question', async () => {
    const { token, moduleId, questionId } = await seed();
    await expectWithinBudget(() => callOk(`/api/admin/modules/${moduleId}`, { token }));
    await expectWithinBudget(() => callOk(`/api/admin/questions/${questionId}`, { token }));
  });

  it('POST and PUT a question, with and without a learnMore to check (issue 29)', async () => {
    const { token } = await seed();
    const learnMore = { moduleSlug: 'night-operations', sectionId: 'lighting' };
    let id = '';
    await expectWithinBudget(async () => {
      const created = await callOk<{ question: AdminQuestion }>('/api/admin/questions', {
        token,
        body: sampleQuestion(100, { learnMore }),
      });
      id = created.question.id;
    });
    await expectWithinBudget(() =>
      callOk(`/api/admin/questions/${id}`, {
        token,
        method: 'PUT',
        body: sampleQuestion(100),
      }),
    );
  });
});
