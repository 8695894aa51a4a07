import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Pagination } from '@drone-exam/shared';
import type {
  AdminModule,
  AdminModuleSummary,
  ExportedModule,
  ModuleInput,
} from '@drone-exam/shared/schemas/content';
import { call, callOk, createUser, testDb } from '../../test/helpers.ts';
import {
  activities,
  counters,
  studyModuleTags,
  studyModules,
  studyProgress,
} from '../db/schema.ts';
import {
  MODULE_COUNTERS,
  adminToken,
  countRows,
  expectAdminsOnly,
  expectCountersRight,
  sampleModule,
} from './test-fixtures.ts';

async function createModule(token: string, overrides: Partial<ModuleInput> = {}) {
  const data = await callOk<{ module: AdminModule }>('/api/study', {
    token,
    body: sampleModule(overrides),
  });
  return data.module;
}

const storedRow = async (id: string) =>
  (await testDb().select().from(studyModules).where(eq(studyModules.id, id)))[0]!;

const tagsOf = async (id: string) =>
  (
    await testDb()
      .select({ tag: studyModuleTags.tag })
      .from(studyModuleTags)
      .where(eq(studyModuleTags.moduleId, id))
  )
    .map((row) => row.tag)
    .sort();

describe('POST /api/study (create a module)', () => {
  it('renders the markdown once, stores the tags, marks the row edited and counts it', async () => {
    const token = await adminToken();
    const module = await createModule(token);
    expect(module).toMatchObject({
      slug: 'night-operations',
      title: 'Night Operations',
      status: 'draft',
      order: 8,
      tags: ['night', 'operations'],
      publishedAt: null,
    });
    expect(module.wordCount).toBeGreaterThan(15);
    expect(module.estimatedReadTime).toBe(2);
    const row = await storedRow(module.id);
    expect(row.contentHtml).toContain('<h2 id="lighting">Lighting</h2>');
    expect(JSON.parse(row.tocJson)).toEqual([
      { id: 'night-operations', title: 'Night Operations', level: 1 },
      { id: 'lighting', title: 'Lighting', level: 2 },
    ]);
    expect(row.editedAt).not.toBeNull();
    expect(await tagsOf(module.id)).toEqual(['night', 'operations']);
    await expectCountersRight(MODULE_COUNTERS);
    const [activity] = await testDb().select().from(activities);
    expect(activity).toMatchObject({
      type: 'admin_action',
      title: 'Created module "Night Operations"',
    });
  });

  it("keeps the admin's reading time, and uses the default 5 minutes while there is no text", async () => {
    const token = await adminToken();
    expect((await createModule(token, { estimatedReadTime: 12 })).estimatedReadTime).toBe(12);
    const empty = await createModule(token, { slug: 'empty', bodyMarkdown: '' });
    expect(empty).toMatchObject({ estimatedReadTime: 5, wordCount: 0 });
  });

  it('sets published_at when created published', async () => {
    const module = await createModule(await adminToken(), { status: 'published' });
    expect(module.publishedAt).not.toBeNull();
    await expectCountersRight(MODULE_COUNTERS);
  });

  it("takes the spec's `content` as the module's text, and refuses a published module without one", async () => {
    const token = await adminToken();
    const { bodyMarkdown: _, ...withoutBody } = sampleModule({ status: 'published' });
    const created = await callOk<{ module: AdminModule }>('/api/study', {
      token,
      body: { ...withoutBody, content: '## Lighting\n\nA flashing anti-collision light.' },
    });
    expect(created.module.bodyMarkdown).toBe('## Lighting\n\nA flashing anti-collision light.');
    expect((await storedRow(created.module.id)).contentHtml).toContain(
      '<h2 id="lighting">Lighting</h2>',
    );

    for (const body of [
      { ...withoutBody, slug: 'no-text' },
      { ...withoutBody, slug: 'blank-text', content: '  ' },
      { ...withoutBody, slug: 'blank-markdown', bodyMarkdown: '' },
    ]) {
      const refused = await call('/api/study', { token, body });
      expect(refused.status, body.slug).toBe(400);
      expect(refused.json).toMatchObject({
        success: false,
        fields: { bodyMarkdown: 'A published module needs its content: add the text first' },
      });
    }
    expect(await countRows('study_modules')).toBe(1);
  });

  it('answers each invalid field with its message', async () => {
    const token = await adminToken();
    const { status, json } = await call('/api/study', {
      token,
      body: {
        ...sampleModule(),
        title: ' ',
        slug: 'Not A Slug',
        description: '',
        order: -1,
        estimatedReadTime: 0,
        status: 'archived',
      },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      fields: {
        title: 'Title is required',
        slug: 'Slug may contain only lowercase letters, digits and hyphens',
        description: 'Description is required',
        order: 'Order must be 0 or more',
        estimatedReadTime: 'Estimated read time must be at least 1 minute',
        status: 'Status must be draft, review or published',
      },
    });
    expect(await countRows('study_modules')).toBe(0);
  });

  it('refuses the slug of the search page, which no module could be opened at', async () => {
    const token = await adminToken();
    const { status, json } = await call('/api/study', {
      token,
      body: { ...sampleModule(), slug: 'search' },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({ fields: { slug: 'This slug is reserved. Choose another.' } });
    expect(await countRows('study_modules')).toBe(0);
  });

  it('refuses a slug another module has, with a clear message, and writes nothing', async () => {
    const token = await adminToken();
    const first = await createModule(token);
    const { status, json } = await call('/api/study', {
      token,
      body: sampleModule({ title: 'Other' }),
    });
    expect(status).toBe(409);
    const message =
      'A module with the slug "night-operations" already exists. Choose another slug.';
    expect(json).toEqual({
      success: false,
      error: message,
      code: 'SLUG_TAKEN',
      fields: { slug: message },
    });
    expect(await countRows('study_modules')).toBe(1);
    expect(await countRows('study_module_tags')).toBe(2);
    await expectCountersRight(MODULE_COUNTERS);

    const other = await createModule(token, { slug: 'other' });
    const renamed = await call(`/api/study/${other.id}`, {
      token,
      method: 'PUT',
      body: sampleModule({ slug: first.slug }),
    });
    expect(renamed.status).toBe(409);
    expect((await storedRow(other.id)).slug).toBe('other');
  });
});

describe('PUT /api/study/:id (edit a module)', () => {
  it('re-renders, replaces the tags, moves the status counters and keeps the first publication time', async () => {
    const token = await adminToken();
    const module = await createModule(token, { status: 'published' });
    const firstPublished = module.publishedAt;
    const edit = (overrides: Partial<ModuleInput>) =>
      callOk<{ module: AdminModule }>(`/api/study/${module.id}`, {
        token,
        method: 'PUT',
        body: sampleModule(overrides),
      });

    const reviewed = (await edit({ status: 'review', tags: ['lighting'], bodyMarkdown: '## Dusk' }))
      .module;
    expect(reviewed).toMatchObject({
      status: 'review',
      tags: ['lighting'],
      bodyMarkdown: '## Dusk',
    });
    expect(await tagsOf(module.id)).toEqual(['lighting']);
    expect((await storedRow(module.id)).contentHtml).toBe('<h2 id="dusk">Dusk</h2>\n');
    await expectCountersRight(MODULE_COUNTERS);

    const republished = (await edit({ status: 'published' })).module;
    expect(republished.publishedAt).toBe(firstPublished);
    expect(Date.parse(republished.updatedAt)).toBeGreaterThanOrEqual(Date.parse(module.updatedAt));
    await expectCountersRight(MODULE_COUNTERS);
  });

  it('keeps the stored text when an edit leaves it out, and will not publish a module without text', async () => {
    const token = await adminToken();
    const module = await createModule(token);
    const { bodyMarkdown: _, ...withoutBody } = sampleModule();
    const retitled = await callOk<{ module: AdminModule }>(`/api/study/${module.id}`, {
      token,
      method: 'PUT',
      body: { ...withoutBody, title: 'Night Operations, revised' },
    });
    expect(retitled.module).toMatchObject({
      title: 'Night Operations, revised',
      bodyMarkdown: module.bodyMarkdown,
    });

    const empty = await createModule(token, { slug: 'empty-draft', bodyMarkdown: '' });
    const published = await call(`/api/study/${empty.id}`, {
      token,
      method: 'PUT',
      body: { ...withoutBody, slug: 'empty-draft', status: 'published' },
    });
    expect(published.status).toBe(400);
    expect(published.json).toMatchObject({ fields: { bodyMarkdown: expect.any(String) } });
    expect((await storedRow(empty.id)).status).toBe('draft');
  });

  it('takes the module back as the admin GET returned it; refuses a derived field changed and an unknown key', async () => {
    const token = await adminToken();
    const created = await createModule(token);
    const { module: read } = await callOk<{ module: AdminModule }>(
      `/api/admin/modules/${created.id}`,
      { token },
    );
    const { module: edited } = await callOk<{ module: AdminModule }>(`/api/study/${read.id}`, {
      method: 'PUT',
      token,
      body: { ...read, title: 'Night Operations Revised' },
    });
    expect(edited).toMatchObject({
      id: read.id,
      title: 'Night Operations Revised',
      slug: read.slug,
    });

    const counted = await call(`/api/study/${read.id}`, {
      method: 'PUT',
      token,
      body: { ...edited, wordCount: edited.wordCount + 100 },
    });
    expect(counted.status).toBe(400);
    expect(counted.json).toMatchObject({
      error: 'The word count is computed from the content',
      code: 'READ_ONLY_FIELD',
      fields: { wordCount: 'The word count is computed from the content' },
    });
    const unknown = await call(`/api/study/${read.id}`, {
      method: 'PUT',
      token,
      body: { ...edited, colour: 'red' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await storedRow(read.id)).title).toBe('Night Operations Revised');
  });

  it('sets the exams it prepares for, keeps them when an edit leaves them out, and refuses none', async () => {
    const token = await adminToken();
    const module = await createModule(token, { status: 'published' });
    expect(module.exams).toEqual(['basic', 'advanced']);
    const edit = (body: Record<string, unknown>) =>
      call(`/api/study/${module.id}`, { token, method: 'PUT', body });

    const advanced = await edit({ ...sampleModule(), exams: ['advanced'] });
    expect(advanced.status).toBe(200);
    expect((await storedRow(module.id)).examsMask).toBe(2);
    const retitled = await callOk<{ module: AdminModule }>(`/api/study/${module.id}`, {
      token,
      method: 'PUT',
      body: sampleModule({ title: 'Night Operations, Advanced' }),
    });
    expect(retitled.module.exams).toEqual(['advanced']);
    const listed = await callOk<{ modules: { slug: string }[] }>('/api/study?exam=basic');
    expect(listed.modules.map((m) => m.slug)).not.toContain(module.slug);

    const none = await edit({ ...sampleModule(), exams: [] });
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({
      success: false,
      fields: { exams: 'Choose at least one exam' },
    });
    expect((await storedRow(module.id)).examsMask).toBe(2);
  });

  it('answers 404 for an unknown module', async () => {
    const { status, json } = await call('/api/study/nope', {
      token: await adminToken(),
      method: 'PUT',
      body: sampleModule(),
    });
    expect(status).toBe(404);
    expect(json).toMatchObject({ error: 'Study module not found' });
  });
});

describe('POST /api/study-modules/:id/publish', () => {
  it('publishes, unpublishes to draft, and toggles without a body', async () => {
    const token = await adminToken();
    const module = await createModule(token, { status: 'review' });
    const publish = (body: unknown) =>
      callOk<{ module: AdminModule }>(`/api/study-modules/${module.id}/publish`, { token, body });

    const published = (await publish({ publish: true })).module;
    expect(published.status).toBe('published');
    expect(published.publishedAt).not.toBeNull();
    await expectCountersRight(MODULE_COUNTERS);

    expect((await publish({ publish: true })).module.status).toBe('published');
    expect((await publish({ publish: false })).module.status).toBe('draft');
    await expectCountersRight(MODULE_COUNTERS);

    const toggledOn = (await publish({})).module;
    expect(toggledOn.status).toBe('published');
    expect(toggledOn.publishedAt).toBe(published.publishedAt);
    expect((await publish({})).module.status).toBe('draft');
    await expectCountersRight(MODULE_COUNTERS);
    expect((await storedRow(module.id)).editedAt).not.toBeNull();
  });

  it('refuses to publish a module that has no text, and changes nothing', async () => {
    const token = await adminToken();
    const empty = await createModule(token, { bodyMarkdown: '' });
    for (const body of [{ publish: true }, {}]) {
      const refused = await call(`/api/study-modules/${empty.id}/publish`, { token, body });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({
        success: false,
        error: 'A published module needs its content: add the text first',
      });
    }
    expect((await storedRow(empty.id)).status).toBe('draft');
    await expectCountersRight(MODULE_COUNTERS);
  });

  it('answers 404 for an unknown module and 400 for a publish flag that is not a boolean', async () => {
    const token = await adminToken();
    expect((await call('/api/study-modules/nope/publish', { token, body: {} })).status).toBe(404);
    const module = await createModule(token);
    const { status } = await call(`/api/study-modules/${module.id}/publish`, {
      token,
      body: { publish: 'yes' },
    });
    expect(status).toBe(400);
  });
});

describe('DELETE /api/study/:id', () => {
  it('deletes the module with its tags and counts it out', async () => {
    const token = await adminToken();
    const module = await createModule(token, { status: 'published' });
    await createModule(token, { slug: 'kept' });
    await callOk(`/api/study/${module.id}`, { token, method: 'DELETE' });
    expect(await countRows('study_modules')).toBe(1);
    expect(await tagsOf(module.id)).toEqual([]);
    await expectCountersRight(MODULE_COUNTERS);
    expect((await call(`/api/study/${module.id}`, { token, method: 'DELETE' })).status).toBe(404);
  });

  it('refuses to delete a module learners have started, so their progress is never lost', async () => {
    const token = await adminToken();
    const module = await createModule(token, { status: 'published' });
    const learner = await createUser();
    await testDb()
      .insert(studyProgress)
      .values({ userId: learner.id, moduleId: module.id, progress: 40 });
    const { status, json } = await call(`/api/study/${module.id}`, { token, method: 'DELETE' });
    expect(status).toBe(409);
    expect(json).toMatchObject({ code: 'MODULE_IN_USE', error: expect.stringContaining('draft') });
    expect(await countRows('study_progress')).toBe(1);
    await expectCountersRight(MODULE_COUNTERS);
  });
});

async function seedModules(token: string, n: number) {
  const created: AdminModule[] = [];
  for (let i = 0; i < n; i++) {
    created.push(
      await createModule(token, {
        slug: `module-${i}`,
        title: `Module ${i}`,
        status: i % 3 === 0 ? 'published' : 'draft',
        bodyMarkdown: i === 4 ? 'Propeller guards and **batteries**.' : 'Plain text.',
      }),
    );
  }
  return created;
}

describe('GET /api/admin/modules', () => {
  it('pages by 10, newest update first, with the total from the counters', async () => {
    const token = await adminToken();
    const created = await seedModules(token, 12);
    const first = await callOk<{ modules: AdminModuleSummary[]; pagination: Pagination }>(
      '/api/admin/modules',
      { token },
    );
    expect(first.modules).toHaveLength(10);
    expect(first.pagination).toMatchObject({ totalItems: 12, totalPages: 2, hasNextPage: true });
    expect(first.modules[0]!.slug).toBe(created.at(-1)!.slug);
    expect(first.modules[0]).not.toHaveProperty('bodyMarkdown');
    const second = await callOk<{ modules: AdminModuleSummary[] }>(
      '/api/admin/modules?page=2&sortBy=updatedAt&sortOrder=desc',
      { token },
    );
    expect(second.modules.map((m) => m.slug)).toEqual(['module-1', 'module-0']);
  });

  it('filters by exam, counting the matches', async () => {
    const token = await adminToken();
    await seedModules(token, 3);
    await testDb()
      .update(studyModules)
      .set({ examsMask: 2 })
      .where(eq(studyModules.slug, 'module-1'));
    const list = (query: string) =>
      callOk<{ modules: AdminModuleSummary[]; pagination: Pagination }>(
        `/api/admin/modules?${query}`,
        { token },
      );
    const basic = await list('exam=basic');
    expect(basic.modules.map((m) => m.slug).sort()).toEqual(['module-0', 'module-2']);
    expect(basic.pagination.totalItems).toBe(2);
    const advanced = await list('exam=advanced');
    expect(advanced.pagination.totalItems).toBe(3);
    expect(advanced.modules.find((m) => m.slug === 'module-1')?.exams).toEqual(['advanced']);
    expect((await call('/api/admin/modules?exam=expert', { token })).status).toBe(400);
  });

  it('filters by status and searches the text', async () => {
    const token = await adminToken();
    await seedModules(token, 6);
    const published = await callOk<{ modules: AdminModuleSummary[]; pagination: Pagination }>(
      '/api/admin/modules?status=published',
      { token },
    );
    expect(published.modules.map((m) => m.slug).sort()).toEqual(['module-0', 'module-3']);
    expect(published.pagination.totalItems).toBe(2);
    const found = await callOk<{ modules: AdminModuleSummary[]; pagination: Pagination }>(
      '/api/admin/modules?search=batter',
      { token },
    );
    expect(found.modules.map((m) => m.slug)).toEqual(['module-4']);
    expect(found.pagination.totalItems).toBe(1);
    const none = await callOk<{ modules: AdminModuleSummary[] }>(
      '/api/admin/modules?search=batter&status=published',
      { token },
    );
    expect(none.modules).toEqual([]);
    const bad = await call('/api/admin/modules?status=archived', { token });
    expect(bad.status).toBe(400);
  });

  it('GET /api/admin/modules/:id includes the markdown', async () => {
    const token = await adminToken();
    const module = await createModule(token);
    const data = await callOk<{ module: AdminModule }>(`/api/admin/modules/${module.id}`, {
      token,
    });
    expect(data.module.bodyMarkdown).toBe(sampleModule().bodyMarkdown);
    expect((await call('/api/admin/modules/nope', { token })).status).toBe(404);
  });
});

describe('module export and import (JSON)', () => {
  it('exports every module as a file that imports back unchanged', async () => {
    const token = await adminToken();
    await createModule(token, { status: 'published', order: 2 });
    await createModule(token, { slug: 'winter', title: 'Winter Flying', order: 1, tags: [] });
    const response = await call('/api/admin/modules/export', { token });
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="study-modules-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const exported = response.json as unknown as ExportedModule[];
    expect(exported.map((m) => m.slug)).toEqual(['winter', 'night-operations']);

    const db = testDb();
    await db.batch([db.delete(studyModules), db.delete(counters)]);
    const result = await callOk('/api/admin/modules/import', {
      token,
      body: { modules: exported },
    });
    expect(result).toEqual({ created: 2, updated: 0 });
    const again = await call('/api/admin/modules/export', { token });
    expect(again.json).toEqual(exported);
    await expectCountersRight(MODULE_COUNTERS);
  });

  it('updates modules whose slug exists and creates the others', async () => {
    const token = await adminToken();
    const existing = await createModule(token);
    const result = await callOk('/api/admin/modules/import', {
      token,
      body: {
        modules: [
          sampleModule({ title: 'Night Ops, revised', status: 'published' }),
          sampleModule({ slug: 'new-one', title: 'New one' }),
        ],
      },
    });
    expect(result).toEqual({ created: 1, updated: 1 });
    expect(await storedRow(existing.id)).toMatchObject({
      title: 'Night Ops, revised',
      status: 'published',
    });
    await expectCountersRight(MODULE_COUNTERS);
  });

  it('keeps the text of an existing module the file leaves it out of, and refuses a new published one without text', async () => {
    const token = await adminToken();
    const module = await createModule(token);
    const { bodyMarkdown: _, ...withoutBody } = sampleModule({ status: 'published' });
    const refused = await call('/api/admin/modules/import', {
      token,
      body: { modules: [withoutBody, { ...withoutBody, slug: 'brand-new' }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      code: 'IMPORT_INVALID',
      fields: { 2: expect.any(String) },
    });
    expect(await countRows('study_modules')).toBe(1);

    const imported = await callOk('/api/admin/modules/import', {
      token,
      body: { modules: [withoutBody] },
    });
    expect(imported).toEqual({ created: 0, updated: 1 });
    expect(await storedRow(module.id)).toMatchObject({
      status: 'published',
      bodyMarkdown: module.bodyMarkdown,
    });
  });

  it('rejects the whole file when any module is invalid, naming each bad one', async () => {
    const token = await adminToken();
    const { status, json } = await call('/api/admin/modules/import', {
      token,
      body: {
        modules: [
          sampleModule(),
          sampleModule({ title: '' }),
          'text',
          sampleModule({ title: 'Twin' }),
        ],
      },
    });
    expect(status).toBe(400);
    expect(json).toEqual({
      success: false,
      error: '3 of 4 modules have errors, so nothing was imported',
      code: 'IMPORT_INVALID',
      fields: {
        '2': 'title: Title is required',
        '3': 'Each entry must be a module object',
        '4': 'Same slug as module 1',
      },
    });
    expect(await countRows('study_modules')).toBe(0);
  });
});

describe('module endpoints are for admins only', () => {
  it('refuses visitors (401), learners and premium learners (403)', async () => {
    const token = await adminToken();
    const module = await createModule(token);
    await expectAdminsOnly([
      { path: '/api/study', method: 'POST', body: sampleModule({ slug: 'x' }) },
      { path: `/api/study/${module.id}`, method: 'PUT', body: sampleModule() },
      { path: `/api/study/${module.id}`, method: 'DELETE' },
      { path: `/api/study-modules/${module.id}/publish`, method: 'POST', body: {} },
      { path: '/api/admin/modules' },
      { path: `/api/admin/modules/${module.id}` },
      { path: '/api/admin/modules/export' },
      { path: '/api/admin/modules/import', method: 'POST', body: { modules: [sampleModule()] } },
    ]);
    expect(await storedRow(module.id)).toMatchObject({
      status: 'draft',
      title: 'Night Operations',
    });
    expect(await countRows('study_modules')).toBe(1);
  });
});
