import { describe, expect, it } from 'vitest';
import type { AdminAttemptsPage, QuizAnalytics } from '@drone-exam/shared';
import { call, callOk, createUser, signedInUser, testDb } from '../../test/helpers.ts';
import { bumpDaily } from '../lib/events.ts';
import { download, recomputeCounters, seedAttempt, setUserStats } from './test-fixtures.ts';

const MINUTE_MS = 60_000;

async function seedAttempts() {
  const ada = await createUser({ firstName: 'Ada', lastName: 'Lovelace' });
  const bob = await createUser({ firstName: 'Bob', lastName: 'Pilot' });
  const base = Date.now() - 100 * MINUTE_MS;
  let minute = 0;
  const at = () => base + minute++ * MINUTE_MS;
  // 22 completed study attempts by Ada, then a mix by Bob, newest last.
  for (let i = 0; i < 22; i++) {
    await seedAttempt(ada.id, {
      mode: 'study',
      status: 'completed',
      score: 60 + i,
      timeSpent: 100,
      createdAt: at(),
    });
  }
  await seedAttempt(bob.id, {
    mode: 'timed',
    status: 'completed',
    score: 90,
    timeSpent: 3725,
    createdAt: at(),
  });
  await seedAttempt(bob.id, { mode: 'timed', status: 'abandoned', createdAt: at() });
  await seedAttempt(bob.id, { mode: 'timed', status: 'in-progress', createdAt: at() });
  await seedAttempt(bob.id, { mode: 'study', status: 'in-progress', createdAt: at() });
  await recomputeCounters();
  return { ada, bob };
}

const attempts = (token: string, query = '') =>
  callOk<AdminAttemptsPage>(`/api/admin/quiz-attempts${query}`, { token });

describe('GET /api/admin/quiz-attempts', () => {
  it('pages newest first with the learner, and shows score and correct count only when completed', async () => {
    const { bob } = await seedAttempts();
    const admin = await signedInUser({ role: 'admin' });
    const first = await attempts(admin.token);
    expect(first.attempts).toHaveLength(20);
    expect(first.pagination).toMatchObject({
      currentPage: 1,
      totalPages: 2,
      totalAttempts: 26,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const [newest, , abandoned, completed] = first.attempts;
    expect(newest).toMatchObject({
      mode: 'study',
      status: 'in-progress',
      score: null,
      correctAnswers: null,
      userId: { _id: bob.id, firstName: 'Bob', lastName: 'Pilot' },
    });
    expect(abandoned).toMatchObject({ status: 'abandoned', score: null, correctAnswers: null });
    expect(completed).toMatchObject({
      status: 'completed',
      score: 90,
      correctAnswers: 23,
      totalQuestions: 25,
      timeSpent: 3725,
    });
    const second = await attempts(admin.token, '?page=2');
    expect(second.attempts).toHaveLength(6);
    expect(second.pagination).toMatchObject({ hasNextPage: false, hasPrevPage: true });
  });

  it('filters by status and mode, with totals that match', async () => {
    await seedAttempts();
    const admin = await signedInUser({ role: 'admin' });
    const cases: Array<[string, number]> = [
      ['?status=completed', 23],
      ['?status=in-progress', 2],
      ['?status=abandoned', 1],
      ['?mode=timed', 3],
      ['?mode=study', 23],
      ['?mode=study&status=completed', 22],
      ['?mode=timed&status=in-progress', 1],
      ['?mode=study&status=abandoned', 0],
      ['?status=&mode=', 26],
    ];
    for (const [query, total] of cases) {
      const page = await attempts(admin.token, query);
      expect(page.pagination.totalAttempts, query).toBe(total);
      expect(page.attempts.length, query).toBe(Math.min(20, total));
      const params = new URLSearchParams(query);
      for (const attempt of page.attempts) {
        if (params.get('status')) expect(attempt.status).toBe(params.get('status'));
        if (params.get('mode')) expect(attempt.mode).toBe(params.get('mode'));
      }
    }
    const invalid = await call('/api/admin/quiz-attempts?status=paused', { token: admin.token });
    expect(invalid.status).toBe(400);
  });
});

describe('GET /api/admin/quiz-analytics', () => {
  it('reports the overview, each mode, the top 5 by best score and the daily trend', async () => {
    const { ada, bob } = await seedAttempts();
    const admin = await signedInUser({ role: 'admin' });
    const others = await Promise.all(
      [50, 55, 65, 95].map((best, i) =>
        createUser({ firstName: `Learner${i}` }).then((u) => ({ u, best })),
      ),
    );
    await setUserStats(ada.id, [60, 81], 22);
    await setUserStats(bob.id, [90], 4);
    for (const { u, best } of others) await setUserStats(u.id, [best]);
    const db = testDb();
    await db.batch([bumpDaily(db, 'quiz_start', 4), bumpDaily(db, 'quiz_complete', 3)]);

    const data = await callOk<QuizAnalytics>('/api/admin/quiz-analytics', { token: admin.token });
    const scoreSum = Array.from({ length: 22 }, (_, i) => 60 + i).reduce((a, b) => a + b, 0) + 90;
    expect(data.overview).toMatchObject({ totalAttempts: 26, completedAttempts: 23 });
    expect(data.overview.completionRate).toBeCloseTo((23 / 26) * 100);
    expect(data.overview.averageScore).toBeCloseTo(scoreSum / 23);
    expect(data.overview.averageTimeSpent).toBeCloseTo((22 * 100 + 3725) / 23);
    expect(data.performanceByMode.timed).toMatchObject({ attempts: 3, completed: 1, avgScore: 90 });
    expect(data.performanceByMode.study.completionRate).toBeCloseTo((22 / 23) * 100);
    expect(data.topPerformers.map((p) => p.bestScore)).toEqual([95, 90, 81, 65, 55]);
    expect(data.topPerformers[1]).toMatchObject({
      userId: bob.id,
      userName: 'Bob Pilot',
      totalAttempts: 4,
      averageScore: 90,
    });
    expect(data.recentTrends).toHaveLength(14);
    expect(data.recentTrends.at(-1)).toMatchObject({ started: 4, completed: 3 });
  });

  it('answers nulls, not zeros, before the first attempt', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const data = await callOk<QuizAnalytics>('/api/admin/quiz-analytics', { token: admin.token });
    expect(data.overview).toEqual({
      totalAttempts: 0,
      completedAttempts: 0,
      completionRate: null,
      averageScore: null,
      averageTimeSpent: null,
    });
    expect(data.topPerformers).toEqual([]);
  });
});

describe('GET /api/admin/quiz-attempts/export.csv', () => {
  it('exports the filtered attempts as CSV, neutralising formula-like names', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const sneaky = await createUser({ firstName: '=HYPERLINK("x")', lastName: 'Doe' });
    await seedAttempt(sneaky.id, { status: 'completed', score: 87.25, timeSpent: 3725 });
    await seedAttempt(sneaky.id, { status: 'abandoned' });
    const { status, headers, text } = await download(
      '/api/admin/quiz-attempts/export.csv?status=completed',
      admin.token,
    );
    expect(status).toBe(200);
    expect(headers.get('content-disposition')).toBe('attachment; filename="quiz_attempts.csv"');
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Score (%),Correct answers');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") Doe"`);
    expect(lines[1]).toContain(',completed,87.3,22,25,3725,1h 2m 5s,');
  });
});
