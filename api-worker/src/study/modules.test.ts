import { describe, expect, it } from 'vitest';
import type { Pagination, StudyModule, StudyModuleSummary } from '@drone-exam/shared';
import { MODULE_NOT_FOUND } from '@drone-exam/shared';
import { call, callOk, signedInUser } from '../../test/helpers.ts';
import { createModule } from './test-modules.ts';

type ModuleList = { modules: StudyModuleSummary[]; pagination: Pagination };

describe('GET /api/study', () => {
  it('lists published modules in course order, a page at a time, never drafts', async () => {
    await createModule({ slug: 'weather', order: 3 });
    await createModule({ slug: 'regulations', order: 1, tags: ['regulations', 'basic'] });
    await createModule({ slug: 'airspace', order: 2 });
    await createModule({ slug: 'secret-draft', order: 0, status: 'draft' });
    await createModule({ slug: 'in-review', order: 0, status: 'review' });

    const first = await callOk<ModuleList>('/api/study?limit=2');
    expect(first.modules.map((m) => m.slug)).toEqual(['regulations', 'airspace']);
    expect(first.pagination).toMatchObject({
      currentPage: 1,
      totalPages: 2,
      totalItems: 3,
      hasNextPage: true,
    });
    const second = await callOk<ModuleList>('/api/study?limit=2&page=2');
    expect(second.modules.map((m) => m.slug)).toEqual(['weather']);

    const card = first.modules[0]!;
    expect(card).toMatchObject({
      tags: ['regulations', 'basic'],
      status: 'published',
      progress: null,
    });
    expect(card).not.toHaveProperty('contentHtml');
  });

  it('finds modules by search words through the full-text index', async () => {
    await createModule({ slug: 'weather', title: 'Weather for pilots', order: 2 });
    await createModule({
      slug: 'airspace',
      body: '# Airspace\n\nClass G is uncontrolled.',
      order: 1,
    });
    await createModule({ slug: 'draft-weather', title: 'Weather draft', status: 'draft' });

    const weather = await callOk<ModuleList>('/api/study?search=weath');
    expect(weather.modules.map((m) => m.slug)).toEqual(['weather']);
    expect(weather.pagination.totalItems).toBe(1);
    const uncontrolled = await callOk<ModuleList>('/api/study?search=uncontrolled');
    expect(uncontrolled.modules.map((m) => m.slug)).toEqual(['airspace']);
    const nothing = await callOk<ModuleList>(`/api/study?search=${encodeURIComponent('"*')}`);
    expect(nothing.modules).toEqual([]);
  });

  it("carries a signed-in learner's progress on each card", async () => {
    const opened = await createModule({ slug: 'opened', order: 1 });
    await createModule({ slug: 'unopened', order: 2 });
    const learner = await signedInUser();
    await callOk(`/api/study-materials/progress/${opened.id}`, {
      method: 'PUT',
      token: learner.token,
      body: { progress: 40 },
    });
    const { modules } = await callOk<ModuleList>('/api/study', { token: learner.token });
    expect(modules.map((m) => [m.slug, m.progress])).toEqual([
      ['opened', 40],
      ['unopened', 0],
    ]);
  });

  it('refuses a bad page with a validation error', async () => {
    const { status, json } = await call('/api/study?page=0');
    expect(status).toBe(400);
    expect(json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(json.success === false && json.fields?.page).toBeTruthy();
  });
});

describe('GET /api/study/slug/:slug and /api/study/:id', () => {
  it('gives anyone a published module with its rendered HTML and table of contents', async () => {
    const row = await createModule({
      slug: 'airspace',
      title: 'Airspace',
      body: '# Airspace\n\n## Class G\n\nUncontrolled. <script>x</script>',
    });
    for (const path of ['/api/study/slug/airspace', `/api/study/${row.id}`]) {
      const { module } = await callOk<{ module: StudyModule }>(path);
      expect(module).toMatchObject({ id: row.id, slug: 'airspace', title: 'Airspace' });
      expect(module.contentHtml).toContain('<h2 id="class-g">Class G</h2>');
      expect(module.contentHtml).not.toContain('<script>');
      expect(module.toc).toEqual([
        { id: 'airspace', title: 'Airspace', level: 1 },
        { id: 'class-g', title: 'Class G', level: 2 },
      ]);
      expect(module).not.toHaveProperty('bodyMarkdown');
    }
  });

  it('hides drafts from visitors and learners, and shows them with their source to admins', async () => {
    const draft = await createModule({ slug: 'draft', status: 'draft', body: '# Draft' });
    const learner = await signedInUser();
    for (const token of [undefined, learner.token]) {
      for (const path of ['/api/study/slug/draft', `/api/study/${draft.id}`]) {
        const { status, json } = await call(path, { token });
        expect(status).toBe(404);
        expect(json).toMatchObject({ success: false, error: MODULE_NOT_FOUND, code: 'NOT_FOUND' });
      }
    }
    const admin = await signedInUser({ role: 'admin' });
    const { module } = await callOk<{ module: StudyModule }>(`/api/study/${draft.id}`, {
      token: admin.token,
    });
    expect(module).toMatchObject({ status: 'draft', bodyMarkdown: '# Draft' });
  });

  it('answers 404 for a module that does not exist', async () => {
    expect((await call('/api/study/slug/no-such-module')).status).toBe(404);
    expect((await call('/api/study/no-such-id')).status).toBe(404);
  });
});
