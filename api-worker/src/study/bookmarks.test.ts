import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Bookmark, Pagination } from '@drone-exam/shared';
import { BOOKMARK_TITLE_REQUIRED } from '@drone-exam/shared';
import { call, callOk, signedInUser, testDb } from '../../test/helpers.ts';
import { bookmarks, userStats } from '../db/schema.ts';
import { createModule } from './test-modules.ts';

type BookmarkList = { bookmarks: Bookmark[]; pagination: Pagination };

const add = (token: string, body: Record<string, unknown>) =>
  callOk<{ bookmark: Bookmark }>('/api/study-materials/bookmarks', { token, body }).then(
    (data) => data.bookmark,
  );

const countOf = async (userId: string) =>
  (await testDb().select().from(userStats).where(eq(userStats.userId, userId)))[0]!.bookmarksCount;

describe('bookmarks', () => {
  it('adds a bookmark at a section and lists them by module, newest first', async () => {
    const airspace = await createModule({ slug: 'airspace' });
    const weather = await createModule({ slug: 'weather' });
    const learner = await signedInUser();

    const created = await add(learner.token, {
      moduleId: airspace.id,
      title: '  Class G airspace ',
      sectionId: 'class-g',
      position: 1200,
    });
    expect(created).toMatchObject({
      moduleId: airspace.id,
      title: 'Class G airspace',
      sectionId: 'class-g',
      position: 1200,
      note: null,
    });
    expect(created.id).toMatch(/^[0-9a-z]{29}$/);
    const second = await add(learner.token, { moduleId: airspace.id, title: 'Heliports' });
    await add(learner.token, { moduleId: weather.id, title: 'Icing' });

    const list = await callOk<BookmarkList>(
      `/api/study-materials/bookmarks?moduleId=${airspace.id}`,
      { token: learner.token },
    );
    expect(list.bookmarks.map((b) => b.id)).toEqual([second.id, created.id]);
    expect(list.pagination.totalItems).toBe(2);

    const all = await callOk<BookmarkList>('/api/study-materials/bookmarks?limit=2&page=2', {
      token: learner.token,
    });
    expect(all.pagination).toMatchObject({ totalItems: 3, currentPage: 2 });
    expect(all.bookmarks).toHaveLength(1);
    expect(await countOf(learner.id)).toBe(3);
  });

  it('needs a title and a module the learner can read', async () => {
    const module = await createModule({ slug: 'airspace' });
    const draft = await createModule({ slug: 'draft', status: 'draft' });
    const learner = await signedInUser();
    for (const title of [undefined, '', '   ']) {
      const { status, json } = await call('/api/study-materials/bookmarks', {
        token: learner.token,
        body: { moduleId: module.id, title },
      });
      expect(status).toBe(400);
      expect(json).toMatchObject({
        success: false,
        error: BOOKMARK_TITLE_REQUIRED,
        fields: { title: BOOKMARK_TITLE_REQUIRED },
      });
    }
    const hidden = await call('/api/study-materials/bookmarks', {
      token: learner.token,
      body: { moduleId: draft.id, title: 'Secret' },
    });
    expect(hidden.status).toBe(404);
    const visitor = await call('/api/study-materials/bookmarks', {
      body: { moduleId: module.id, title: 'Mine' },
    });
    expect(visitor.status).toBe(401);
    expect(await testDb().select().from(bookmarks)).toEqual([]);
  });

  it("deletes the learner's own bookmark; another learner's answers 404 and stays", async () => {
    const module = await createModule({ slug: 'airspace' });
    const owner = await signedInUser();
    const stranger = await signedInUser();
    const bookmark = await add(owner.token, { moduleId: module.id, title: 'Mine' });

    const theirs = await call(`/api/study-materials/bookmarks/${bookmark.id}`, {
      method: 'DELETE',
      token: stranger.token,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.json).toMatchObject({ success: false, error: 'Bookmark not found' });
    const strangerList = await callOk<BookmarkList>('/api/study-materials/bookmarks', {
      token: stranger.token,
    });
    expect(strangerList.bookmarks).toEqual([]);

    await callOk(`/api/study-materials/bookmarks/${bookmark.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(await testDb().select().from(bookmarks)).toEqual([]);
    expect(await countOf(owner.id)).toBe(0);
    const again = await call(`/api/study-materials/bookmarks/${bookmark.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(again.status).toBe(404);
    expect(await countOf(owner.id)).toBe(0);
  });

  it('records a bookmark sent again with the same Idempotency-Key once', async () => {
    const module = await createModule({ slug: 'airspace' });
    const learner = await signedInUser();
    const send = () =>
      call<{ bookmark: Bookmark }>('/api/study-materials/bookmarks', {
        token: learner.token,
        headers: { 'idempotency-key': 'offline-bookmark-0001' },
        body: { moduleId: module.id, title: 'Class G' },
      });
    const first = await send();
    const again = await send();
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.json.success && again.json.data.bookmark.id).toBe(
      first.json.success && first.json.data.bookmark.id,
    );
    expect(await testDb().select().from(bookmarks)).toHaveLength(1);
    expect(await countOf(learner.id)).toBe(1);
  });
});

describe('hidden characters and loose numbers', () => {
  it.each([
    ['a title with a NUL', { title: 'Class\u0000G' }, 'title'],
    ['a title with a right-to-left override', { title: 'Class \u202eG' }, 'title'],
    ['a title on two lines', { title: 'Class\nG' }, 'title'],
    ['a note with a bidi isolate', { title: 'Class G', note: 'see \u2066x\u2069' }, 'note'],
    ['position []', { title: 'Class G', position: [] }, 'position'],
    ['position true', { title: 'Class G', position: true }, 'position'],
    ['position null', { title: 'Class G', position: null }, 'position'],
    ['position "12"', { title: 'Class G', position: '12' }, 'position'],
  ])('refuses a bookmark with %s, storing nothing', async (_, change, field) => {
    const airspace = await createModule({ slug: 'airspace' });
    const learner = await signedInUser();
    const { status, json } = await call('/api/study-materials/bookmarks', {
      token: learner.token,
      body: { moduleId: airspace.id, ...change },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(Object.keys((json as { fields: object }).fields)).toEqual([field]);
    expect(await testDb().select().from(bookmarks)).toHaveLength(0);
  });

  it('keeps accents, emoji (joined ones too) and line breaks in a note', async () => {
    const airspace = await createModule({ slug: 'airspace' });
    const learner = await signedInUser();
    const title = 'Espace aérien 🚁 👩‍✈️';
    const bookmark = await add(learner.token, {
      moduleId: airspace.id,
      title,
      note: 'line one\nline two',
      position: 12,
    });
    expect(bookmark).toMatchObject({ title, note: 'line one\nline two', position: 12 });
  });
});
