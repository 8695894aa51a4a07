import { describe, it } from 'vitest';
import type { Bookmark, Note } from '@drone-exam/shared';
import { callOk, signedInUser } from '../../test/helpers.ts';
import { expectWithinBudget } from '../../test/budget.ts';
import { createModule } from './test-modules.ts';

/**
 * The study calls a reader makes all the time: each costs at most two D1 round trips and reads
 * through an index (the FTS5 index for search), never a whole table.
 */
async function reader() {
  const airspace = await createModule({ slug: 'airspace', order: 1, tags: ['airspace', 'basic'] });
  await createModule({ slug: 'weather', order: 2, body: '# Weather\n\nIcing and wind.' });
  await createModule({ slug: 'draft', status: 'draft' });
  const learner = await signedInUser();
  return { airspace, learner, token: learner.token };
}

describe('study calls stay within the D1 budget', () => {
  it('GET /api/study, for visitors, learners and with a search', async () => {
    const { token } = await reader();
    await expectWithinBudget(() => callOk('/api/study'));
    await expectWithinBudget(() => callOk('/api/study?page=2&limit=1', { token }));
    await expectWithinBudget(() => callOk('/api/study?search=icing', { token }));
  });

  it('GET /api/study/slug/:slug and /api/study/:id', async () => {
    const { airspace, token } = await reader();
    await expectWithinBudget(() => callOk('/api/study/slug/airspace'));
    await expectWithinBudget(() => callOk(`/api/study/${airspace.id}`, { token }));
  });

  it('GET and PUT /api/study-materials/progress/:moduleId, first save and later ones', async () => {
    const { airspace, token } = await reader();
    const path = `/api/study-materials/progress/${airspace.id}`;
    await expectWithinBudget(() => callOk(path, { token }));
    await expectWithinBudget(() =>
      callOk(path, {
        method: 'PUT',
        token,
        body: { progress: 100, position: 10, timeSpent: 1, sectionsRead: ['section-9'] },
      }),
    );
    await expectWithinBudget(() =>
      callOk(path, { method: 'PUT', token, body: { progress: 50, isCompleted: false } }),
    );
    await expectWithinBudget(() => callOk(path, { token }));
    await expectWithinBudget(() => callOk('/api/study-materials/progress', { token }));
  });

  it('bookmarks and notes: list (all and by module), add, edit, delete', async () => {
    const { airspace, token } = await reader();
    const { bookmark } = await callOk<{ bookmark: Bookmark }>('/api/study-materials/bookmarks', {
      token,
      body: { moduleId: airspace.id, title: 'Class G' },
    });
    const { note } = await callOk<{ note: Note }>('/api/study-materials/notes', {
      token,
      body: { moduleId: airspace.id, note: 'Uncontrolled' },
    });
    for (const kind of ['bookmarks', 'notes']) {
      await expectWithinBudget(() => callOk(`/api/study-materials/${kind}`, { token }));
      await expectWithinBudget(() =>
        callOk(`/api/study-materials/${kind}?moduleId=${airspace.id}`, { token }),
      );
    }
    await expectWithinBudget(() =>
      callOk('/api/study-materials/bookmarks', {
        token,
        body: { moduleId: airspace.id, title: 'Heliports' },
      }),
    );
    // An offline write replayed with its Idempotency-Key: the first send and the repeat.
    const replay = {
      token,
      headers: { 'idempotency-key': 'budget-replay-key-0001' },
      body: { moduleId: airspace.id, note: 'Written offline' },
    };
    await expectWithinBudget(() => callOk('/api/study-materials/notes', replay));
    await expectWithinBudget(() => callOk('/api/study-materials/notes', replay));
    await expectWithinBudget(() =>
      callOk(`/api/study-materials/notes/${note.id}`, {
        method: 'PUT',
        token,
        body: { note: 'Edited', color: 'green' },
      }),
    );
    await expectWithinBudget(() =>
      callOk(`/api/study-materials/bookmarks/${bookmark.id}`, { method: 'DELETE', token }),
    );
    await expectWithinBudget(() =>
      callOk(`/api/study-materials/notes/${note.id}`, { method: 'DELETE', token }),
    );
  });

  it('GET /api/study-materials/search, with and without tags, and /stats', async () => {
    const { token } = await reader();
    await expectWithinBudget(() => callOk('/api/study-materials/search?q=icing'));
    await expectWithinBudget(() =>
      callOk('/api/study-materials/search?q=airspace&tags=airspace,weather', { token }),
    );
    await expectWithinBudget(() => callOk('/api/study-materials/stats', { token }));
  });
});
