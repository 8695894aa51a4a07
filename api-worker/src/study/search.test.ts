import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StudySearchResult } from '@drone-exam/shared';
import { SEARCH_TOO_SHORT } from '@drone-exam/shared';
import { call, callOk, signedInUser, testDb } from '../../test/helpers.ts';
import { analyticsEvents } from '../db/schema.ts';
import { createModule } from './test-modules.ts';

type Answer = { results: StudySearchResult[]; query: string; tags: string[] };
const search = (query: string, token?: string) =>
  callOk<Answer>(`/api/study-materials/search?${query}`, { token });

async function seedModules() {
  await createModule({
    slug: 'weather',
    title: 'Weather for Drone Pilots',
    tags: ['weather', 'basic'],
    body: '# Weather\n\nWind, **icing** and fog. Icing on propellers is dangerous; icing rules are in 901.35.',
  });
  await createModule({
    slug: 'systems',
    title: 'RPAS Theory and Systems',
    tags: ['rpas-theory', 'basic'],
    body: '# Systems\n\nBatteries lose capacity in the cold. Watch for icing.',
  });
  await createModule({
    slug: 'icing-draft',
    title: 'Icing Everywhere',
    status: 'draft',
    tags: ['weather'],
    body: '# Icing\n\nIcing icing icing.',
  });
}

describe('GET /api/study-materials/search', () => {
  it('ranks the module about the words first, with a marked snippet, and never drafts', async () => {
    await seedModules();
    const { results } = await search('q=icing');
    expect(results.map((r) => r.slug)).toEqual(['weather', 'systems']);
    expect(results[0]).toMatchObject({
      title: 'Weather for Drone Pilots',
      tags: ['weather', 'basic'],
    });
    expect(results[0]!.snippet).toContain('<mark>icing</mark>');
    expect(results[0]!.snippet).not.toContain('**');

    const title = await search('q=theory');
    expect(title.results.map((r) => r.slug)).toEqual(['systems']);
  });

  it("lists each result's sections (its headings below the title), in the reader's language", async () => {
    await createModule({
      slug: 'icing-rules',
      title: 'Icing rules',
      body: '# Icing rules {#icing-rules}\n\n## Where icing forms {#where-icing-forms}\n\nClouds.\n\n### On propellers {#on-propellers}\n\nIcing.',
      french: {
        title: 'Givrage',
        description: 'Givrage',
        body: '# Givrage {#icing-rules}\n\n## Où se forme le givrage {#where-icing-forms}\n\nNuages.\n\n### Sur les hélices {#on-propellers}\n\nGivrage.',
      },
    });
    const [english] = (await search('q=icing')).results;
    expect(english!.sections).toEqual([
      { id: 'where-icing-forms', title: 'Where icing forms' },
      { id: 'on-propellers', title: 'On propellers' },
    ]);
    const { json } = await call<Answer>('/api/study-materials/search?q=givrage', {
      headers: { 'Accept-Language': 'fr' },
    });
    expect(json.success && json.data.results[0]!.sections).toEqual([
      { id: 'where-icing-forms', title: 'Où se forme le givrage' },
      { id: 'on-propellers', title: 'Sur les hélices' },
    ]);
  });

  it('matches words by prefix, needs every word, and filters by any of the chosen tags', async () => {
    await seedModules();
    expect((await search('q=batter')).results.map((r) => r.slug)).toEqual(['systems']);
    expect((await search('q=icing%20batteries')).results.map((r) => r.slug)).toEqual(['systems']);
    const tagged = await search('q=icing&tags=weather');
    expect(tagged.results.map((r) => r.slug)).toEqual(['weather']);
    expect(tagged.tags).toEqual(['weather']);
    const either = await search('q=icing&tags=airspace,rpas-theory');
    expect(either.results.map((r) => r.slug)).toEqual(['systems']);
    expect((await search('q=icing&limit=1')).results).toHaveLength(1);
  });

  it('treats search operators and quotes as plain words, and escapes what it shows', async () => {
    await createModule({
      slug: 'html',
      title: 'Markup',
      body: '# Markup\n\nThe <b>bold</b> tag and "quotes" near a NOT operator.',
    });
    for (const q of ['"unbalanced', 'NOT OR AND', '(((', '*:^']) {
      const { status } = await call(`/api/study-materials/search?q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
    }
    const { results } = await search('q=bold');
    expect(results[0]!.snippet).toContain('&lt;b&gt;<mark>bold</mark>&lt;/b&gt;');
    expect(results[0]!.snippet).not.toContain('<b>');
  });

  it('asks for at least 2 characters', async () => {
    for (const query of ['', 'q=', 'q=a', 'q=%20a%20']) {
      const { status, json } = await call(`/api/study-materials/search?${query}`);
      expect(status).toBe(400);
      expect(json).toMatchObject({ success: false, error: SEARCH_TOO_SHORT });
    }
    expect((await call('/api/study-materials/search?q=ok&limit=500')).status).toBe(400);
  });

  it('records each search for analytics, for visitors and learners alike', async () => {
    await seedModules();
    const learner = await signedInUser();
    await search('q=icing&tags=weather', learner.token);
    await search('q=fog');
    const db = testDb();
    const mine = await db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.name, 'search'), eq(analyticsEvents.userId, learner.id)));
    expect(mine.map((event) => JSON.parse(event.propertiesJson!))).toEqual([
      { q: 'icing', tags: ['weather'] },
    ]);
    expect(
      await db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'search')),
    ).toHaveLength(2);
  });
});
