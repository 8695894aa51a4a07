import { describe, expect, it } from 'vitest';
import type { PublicStatistics, StudyModule, StudyModuleSummary } from '@drone-exam/shared';
import { callOk, signedInUser } from '../../test/helpers.ts';
import { measure } from '../../test/budget.ts';
import { createModule } from '../study/test-modules.ts';
import { adminToken, createQuestion, sampleQuestion } from './test-fixtures.ts';

const list = (token?: string) =>
  callOk<{ modules: StudyModuleSummary[] }>('/api/study', token ? { token } : {});
const statistics = () => callOk<PublicStatistics>('/api/statistics');

describe('public reads the same for everyone come from the cache', () => {
  it('answers the module list, a module and the statistics again without touching D1', async () => {
    await createModule({ slug: 'airspace', order: 1 });
    const first = await list();
    const slug = await callOk<{ module: StudyModule }>('/api/study/slug/airspace');
    const stats = await callOk<PublicStatistics>('/api/statistics');
    for (const [path, before] of [
      ['/api/study', first],
      ['/api/study/slug/airspace', slug],
      ['/api/statistics', stats],
    ] as const) {
      let again: unknown;
      const cost = await measure(async () => {
        again = await callOk(path);
      });
      expect(cost.roundTrips, path).toBe(0);
      expect(again, path).toEqual(before);
    }
  });

  it('gives a learner their own progress on top of the cached list', async () => {
    const module = await createModule({ slug: 'airspace', order: 1 });
    await list();
    const learner = await signedInUser();
    await callOk(`/api/study-materials/progress/${module.id}`, {
      token: learner.token,
      method: 'PUT',
      body: { progress: 40 },
    });
    expect((await list(learner.token)).modules[0]).toMatchObject({ progress: 40 });
    expect((await list()).modules[0]).toMatchObject({ progress: null });
  });

  it('shows an admin’s publish, edit and delete at once', async () => {
    const token = await adminToken();
    expect((await list()).modules).toEqual([]);
    const { module } = await callOk<{ module: StudyModule }>('/api/study', {
      token,
      body: {
        title: 'Night flying',
        slug: 'night-flying',
        description: 'After dark',
        content: '# Night\n\nLights.',
        status: 'published',
      },
    });
    expect((await list()).modules.map((m) => m.slug)).toEqual(['night-flying']);
    expect((await callOk<PublicStatistics>('/api/statistics')).publishedModules).toBe(1);
    await callOk(`/api/study/${module.id}`, {
      token,
      method: 'PUT',
      body: {
        title: 'Flying at night',
        slug: 'night-flying',
        description: 'After dark',
        content: '# Night\n\nMore lights.',
        status: 'published',
      },
    });
    const read = await callOk<{ module: StudyModule }>('/api/study/slug/night-flying');
    expect(read.module.title).toBe('Flying at night');
    await callOk(`/api/study-modules/${module.id}/publish`, { token, body: { publish: false } });
    expect((await list()).modules).toEqual([]);
    await callOk(`/api/study/${module.id}`, { token, method: 'DELETE' });
    expect((await callOk<PublicStatistics>('/api/statistics')).publishedModules).toBe(0);
  });

  it('shows a question added, switched off and deleted, and a module imported, at once', async () => {
    const token = await adminToken();
    const before = (await statistics()).activeQuestions;
    const question = await createQuestion(token, 1);
    expect((await statistics()).activeQuestions).toBe(before + 1);
    await callOk(`/api/admin/questions/${question.id}`, {
      token,
      method: 'PUT',
      body: sampleQuestion(1, { isActive: false }),
    });
    expect((await statistics()).activeQuestions).toBe(before);
    await callOk(`/api/admin/questions/${question.id}`, { token, method: 'DELETE' });
    expect((await statistics()).activeQuestions).toBe(before);

    expect((await list()).modules).toEqual([]);
    await callOk('/api/admin/modules/import', {
      token,
      body: {
        modules: [
          {
            title: 'Imported',
            slug: 'imported',
            description: 'From a file',
            bodyMarkdown: '# Imported\n\nText.',
            status: 'published',
          },
        ],
      },
    });
    expect((await list()).modules.map((m) => m.slug)).toEqual(['imported']);
  });
});
