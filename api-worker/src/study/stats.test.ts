import { describe, expect, it } from 'vitest';
import type { StudyStats } from '@drone-exam/shared';
import { call, callOk, signedInUser } from '../../test/helpers.ts';
import { createModule } from './test-modules.ts';

describe('GET /api/study-materials/stats', () => {
  it("sums up the learner's reading, bookmarks and notes", async () => {
    const first = await createModule({ slug: 'first' });
    const second = await createModule({ slug: 'second' });
    await createModule({ slug: 'third' });
    await createModule({ slug: 'draft', status: 'draft' });
    const learner = await signedInUser();
    const token = learner.token;

    const empty = await callOk<StudyStats>('/api/study-materials/stats', { token });
    expect(empty).toEqual({
      totalModules: 3,
      modulesStarted: 0,
      modulesCompleted: 0,
      averageProgress: 0,
      totalStudyTime: 0,
      totalBookmarks: 0,
      totalNotes: 0,
    });

    const put = (moduleId: string, body: Record<string, unknown>) =>
      callOk(`/api/study-materials/progress/${moduleId}`, { method: 'PUT', token, body });
    await put(first.id, { progress: 100, timeSpent: 2 });
    await put(second.id, { progress: 25, timeSpent: 1 });
    await callOk('/api/study-materials/bookmarks', {
      token,
      body: { moduleId: first.id, title: 'A' },
    });
    await callOk('/api/study-materials/notes', { token, body: { moduleId: first.id, note: 'B' } });

    const stats = await callOk<StudyStats>('/api/study-materials/stats', { token });
    expect(stats).toEqual({
      totalModules: 3,
      modulesStarted: 2,
      modulesCompleted: 1,
      averageProgress: 63,
      totalStudyTime: 3,
      totalBookmarks: 1,
      totalNotes: 1,
    });
    expect((await call('/api/study-materials/stats')).status).toBe(401);
  });
});
