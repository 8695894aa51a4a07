import { describe, expect, it } from 'vitest';
import type { RecentActivityItem, UserStatsSummary } from '@drone-exam/shared/schemas/quiz';
import { call, callOk, signedInUser, testDb } from '../../test/helpers.ts';
import { bumpCounter } from '../lib/events.ts';
import { updateUserStats } from '../lib/user-stats.ts';
import { answerAll, finish, premiumLearner, seedBank, startAttempt } from '../quiz/testing.ts';
import { createModule } from '../study/test-modules.ts';
import { DEFAULT_TOTAL_STUDY_MODULES } from '@drone-exam/shared/schemas/quiz-values';

const stats = (token: string) => callOk<UserStatsSummary>('/api/auth/me/stats', { token });
const recent = (token: string) =>
  callOk<RecentActivityItem[]>('/api/auth/me/recent-activity', { token });

describe('GET /api/auth/me/stats', () => {
  it('refuses visitors', async () => {
    expect((await call('/api/auth/me/stats')).status).toBe(401);
    expect((await call('/api/auth/me/recent-activity')).status).toBe(401);
  });

  it('starts at zero, with the default module total while none is published', async () => {
    const learner = await signedInUser();
    expect(await stats(learner.token)).toEqual({
      totalQuizAttempts: 0,
      averageScore: 0,
      studyModulesCompleted: 0,
      totalStudyModules: DEFAULT_TOTAL_STUDY_MODULES,
      totalStudyTime: 0,
      bestScore: 0,
      currentStreak: 0,
      lastActivity: null,
      totalBookmarks: 0,
      totalNotes: 0,
      averageReadingProgress: 0,
    });
  });

  it('reports quiz results, study counters and the real number of published modules', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const db = testDb();
    await db.batch([
      bumpCounter(db, 'modules.published', 7),
      updateUserStats(db, learner.id, {
        modulesStarted: 3,
        modulesCompleted: 1,
        progressSum: 100 + 50 + 30,
        studySeconds: 5400,
        bookmarksCount: 2,
        notesCount: 1,
      }),
    ]);
    const first = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    await answerAll(learner.token, first.id, () => true);
    await finish(learner.token, first.id);
    const second = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    await answerAll(learner.token, second.id, (i) => i < 3);
    await finish(learner.token, second.id);
    // Started but not finished: not counted as a quiz taken.
    await startAttempt(learner.token, { mode: 'study', questionCount: 5 });

    const summary = await stats(learner.token);
    expect(summary).toMatchObject({
      totalQuizAttempts: 2,
      averageScore: 80,
      bestScore: 100,
      studyModulesCompleted: 1,
      totalStudyModules: 7,
      totalStudyTime: 90,
      currentStreak: 1,
      totalBookmarks: 2,
      totalNotes: 1,
      averageReadingProgress: 60,
    });
    expect(Date.now() - Date.parse(summary.lastActivity!)).toBeLessThan(60_000);
  });
});

describe('GET /api/auth/me/recent-activity', () => {
  it("lists the learner's latest five quiz and study items, newest first, with their links", async () => {
    await seedBank();
    const learner = await premiumLearner();
    const other = await signedInUser();
    for (const n of [1, 2, 3, 4]) {
      const module = await createModule({ slug: `module-${n}`, title: `Module ${n}`, order: n });
      await callOk(`/api/study-materials/progress/${module.id}`, {
        token: learner.token,
        method: 'PUT',
        body: { progress: n === 4 ? 100 : 30 },
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const theirs = await createModule({ slug: 'theirs', title: 'Not mine', order: 9 });
    await callOk(`/api/study-materials/progress/${theirs.id}`, {
      token: other.token,
      method: 'PUT',
      body: { progress: 10 },
    });
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    await answerAll(learner.token, attempt.id, (i) => i < 4);
    await finish(learner.token, attempt.id);
    // An unfinished attempt is not an item.
    await startAttempt(learner.token, { mode: 'study', questionCount: 5 });

    const items = await recent(learner.token);
    expect(items).toHaveLength(5);
    expect(items[0]).toMatchObject({
      type: 'quiz',
      title: 'Study Mode quiz',
      description: '4 of 5 correct',
      score: 80,
      href: `/quiz/${attempt.id}/results`,
    });
    expect(items.slice(1).map((item) => item.title)).toEqual([
      'Module 4',
      'Module 3',
      'Module 2',
      'Module 1',
    ]);
    expect(items[1]).toMatchObject({
      type: 'study',
      description: 'Completed Module 4',
      score: null,
      href: '/study/module-4',
    });
    expect(items[2]).toMatchObject({ description: 'Reading Module 3' });
    expect(items.some((item) => item.title === 'Not mine')).toBe(false);
  });
});
