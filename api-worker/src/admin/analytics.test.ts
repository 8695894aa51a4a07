import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AnalyticsOverview, ItemAnalysis, ModuleReadership } from '@drone-exam/shared';
import { call, callOk, createUser, signedInUser, testDb } from '../../test/helpers.ts';
import { dailyVisitors, questions } from '../db/schema.ts';
import { bumpDaily } from '../lib/events.ts';
import { seedModule, seedProgress } from './test-fixtures.ts';
import { pruneAdminMetrics } from './maintenance.ts';

const DAY_MS = 86_400_000;

const pageView = (ip: string, userAgent: string) =>
  call('/api/internal/page-view', {
    method: 'POST',
    headers: { 'cf-connecting-ip': ip, 'user-agent': userAgent },
  });

describe('page views from the learner site', () => {
  it('count unique visitors per day without storing an address', async () => {
    expect((await pageView('203.0.113.7', 'Firefox')).status).toBe(200);
    await pageView('203.0.113.7', 'Firefox');
    await pageView('198.51.100.2', 'Chrome');
    const admin = await signedInUser({ role: 'admin' });
    const data = await callOk<AnalyticsOverview>('/api/admin/analytics?days=7', {
      token: admin.token,
    });
    expect(data.totals).toMatchObject({ visitors: 2, page_view: 3 });
    const hashes = await testDb().select().from(dailyVisitors);
    expect(hashes).toHaveLength(2);
    for (const row of hashes) {
      expect(row.visitorHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.visitorHash).not.toContain('203.0.113.7');
    }
  });

  it('keeps visitor hashes only for today and yesterday', async () => {
    const now = Date.now();
    const db = testDb();
    const day = (offset: number) => new Date(now - offset * DAY_MS).toISOString().slice(0, 10);
    await db.insert(dailyVisitors).values([
      { day: day(0), visitorHash: 'a' },
      { day: day(1), visitorHash: 'b' },
      { day: day(2), visitorHash: 'c' },
    ]);
    await pruneAdminMetrics({ db, now });
    const left = await db.select().from(dailyVisitors);
    expect(left.map((row) => row.visitorHash).sort()).toEqual(['a', 'b']);
  });
});

describe('GET /api/admin/analytics', () => {
  it('charts each series by day over the period and builds the funnel from them', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const db = testDb();
    const now = Date.now();
    await db.batch([
      bumpDaily(db, 'visitors', 40, now),
      bumpDaily(db, 'visitors', 60, now - 3 * DAY_MS),
      bumpDaily(db, 'visitors', 500, now - 40 * DAY_MS),
      bumpDaily(db, 'sign_up', 12, now - DAY_MS),
      bumpDaily(db, 'email_verified', 9, now),
      bumpDaily(db, 'purchase', 3, now),
      bumpDaily(db, 'revenue_cents', 1500, now),
      bumpDaily(db, 'quiz_start', 5, now),
      bumpDaily(db, 'quiz_complete', 4, now),
      bumpDaily(db, 'login', 99, now),
    ]);
    const data = await callOk<AnalyticsOverview>('/api/admin/analytics?days=30', {
      token: admin.token,
    });
    expect(data.series).toHaveLength(30);
    expect(data.to).toBe(new Date(now).toISOString().slice(0, 10));
    expect(data.series.at(-1)).toMatchObject({ visitors: 40, revenue_cents: 1500, quiz_start: 5 });
    expect(data.series.at(-2)).toMatchObject({ sign_up: 12 });
    expect(data.funnel).toEqual({ visitors: 100, registered: 12, verified: 9, premium: 3 });
    expect(
      (await callOk<AnalyticsOverview>('/api/admin/analytics?days=90', { token: admin.token }))
        .funnel.visitors,
    ).toBe(600);
    const invalid = await call('/api/admin/analytics?days=14', { token: admin.token });
    expect(invalid.status).toBe(400);
  });

  it('ranks published modules by readers, with completions', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const learners = await Promise.all([1, 2, 3].map(() => createUser()));
    const airLaw = await seedModule('air-law', 1);
    const weather = await seedModule('weather', 2);
    await seedModule('empty', 3);
    const draft = await seedModule('draft', 4, 'draft');
    for (const learner of learners)
      await seedProgress(learner.id, weather, learner === learners[0]);
    await seedProgress(learners[0]!.id, airLaw, true);
    await seedProgress(learners[1]!.id, draft, false);
    const { modules } = await callOk<ModuleReadership>('/api/admin/analytics/modules', {
      token: admin.token,
    });
    expect(modules).toEqual([
      { id: weather, slug: 'weather', title: 'Module weather', readers: 3, completions: 1 },
      { id: airLaw, slug: 'air-law', title: 'Module air-law', readers: 1, completions: 1 },
      { id: 'module-empty', slug: 'empty', title: 'Module empty', readers: 0, completions: 0 },
    ]);
  });
});

describe('GET /api/admin/analytics/questions', () => {
  it('lists the hardest questions first, and the most missed and flagged', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const now = Date.now();
    const counts: Array<[string, number, number, number]> = [
      // id, answered, correct, flagged
      ['easy', 10, 9, 0],
      ['hard', 10, 2, 4],
      ['fresh', 3, 0, 1],
      ['middling', 20, 10, 0],
      ['unseen', 0, 0, 0],
    ];
    await testDb()
      .insert(questions)
      .values(
        counts.map(([id, answered, correct, flagged]) => ({
          id,
          question: `Question ${id}?`,
          optionsJson: '["a","b"]',
          correctAnswer: 0,
          category: 'airspace' as const,
          stemHash: id,
          timesAnswered: answered,
          timesCorrect: correct,
          timesFlagged: flagged,
          createdAt: now,
          updatedAt: now,
        })),
      );
    const data = await callOk<ItemAnalysis>('/api/admin/analytics/questions', {
      token: admin.token,
    });
    expect(data.minAnswers).toBe(5);
    expect(data.questions.map((q) => [q.id, q.correctShare])).toEqual([
      ['hard', 20],
      ['middling', 50],
      ['easy', 90],
    ]);
    expect(data.pagination).toMatchObject({ totalItems: 3, totalPages: 1 });
    expect(data.mostMissed.map((q) => q.id)).toEqual(['middling', 'hard', 'fresh', 'easy']);
    expect(data.mostFlagged.map((q) => [q.id, q.timesFlagged])).toEqual([
      ['hard', 4],
      ['fresh', 1],
    ]);
    await testDb().update(questions).set({ timesAnswered: 5 }).where(eq(questions.id, 'fresh'));
    const paged = await callOk<ItemAnalysis>('/api/admin/analytics/questions?limit=2&page=2', {
      token: admin.token,
    });
    expect(paged.questions.map((q) => q.id)).toEqual(['middling', 'easy']);
  });
});
