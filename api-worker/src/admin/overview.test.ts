import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import type { AdminStats, RecentActivityItem } from '@drone-exam/shared';
import { weekStart } from '@drone-exam/shared';
import { call, callOk, createUser, signedInUser, testDb } from '../../test/helpers.ts';
import { backgroundWorkSettled } from '../../test/settle.ts';
import { dailyMetrics, quizAttempts, requestMetrics, users } from '../db/schema.ts';
import { requestTally, writeRequestMetrics } from '../middleware/request-metrics.ts';
import { bumpDaily, recordActivity } from '../lib/events.ts';
import { utcDay } from '../lib/time.ts';
import {
  download,
  recomputeCounters,
  seedAttempt,
  seedModule,
  seedProgress,
} from './test-fixtures.ts';
import { minuteOf } from '../lib/time.ts';
import { REQUEST_METRICS_FLUSH_MS } from '../middleware/constants.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

describe('GET /api/admin/stats', () => {
  it('reports the counters, the week’s sign-ups and the users active in 24 h', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const now = Date.now();
    const ada = await createUser();
    const bob = await createUser({ emailVerified: false });
    await createUser({ isActive: false });
    await testDb()
      .update(users)
      .set({ lastActiveAt: now - HOUR_MS })
      .where(eq(users.id, ada.id));
    await testDb()
      .update(users)
      .set({ lastActiveAt: now - 2 * DAY_MS })
      .where(eq(users.id, bob.id));
    await seedAttempt(ada.id, { status: 'completed', score: 90 });
    await seedAttempt(ada.id, { status: 'completed', score: 70 });
    await seedAttempt(bob.id, { status: 'in-progress' });
    await seedAttempt(bob.id, { status: 'abandoned' });
    const moduleId = await seedModule('air-law', 1);
    await seedModule('weather', 2, 'draft');
    await seedProgress(ada.id, moduleId, true);
    await seedProgress(bob.id, moduleId, false);
    await seedProgress(admin.id, moduleId, false);
    await seedProgress((await createUser()).id, moduleId, false);
    const db = testDb();
    await db.batch([
      bumpDaily(db, 'sign_up', 3, now),
      bumpDaily(db, 'sign_up', 2, now - 6 * DAY_MS),
      bumpDaily(db, 'sign_up', 7, now - 8 * DAY_MS),
    ]);
    await recomputeCounters();

    const stats = await callOk<AdminStats>('/api/admin/stats', { token: admin.token });
    expect(stats).toMatchObject({
      totalUsers: 5,
      activeAccounts: 4,
      verifiedUsers: 4,
      recentSignups: 5,
      totalQuizAttempts: 4,
      completedQuizAttempts: 2,
      averageScore: 80,
      completionRate: 50,
      totalStudyModules: 2,
      publishedStudyModules: 1,
      studyCompletionRate: 25,
    });
    // The admin signed in just now, Ada an hour ago; Bob two days ago does not count.
    expect(stats.activeUsers).toBe(2);
  });

  it('shows no invented figures on an empty database', async () => {
    const admin = await signedInUser({ role: 'admin' });
    await env.DB.prepare('DELETE FROM request_metrics').run();
    const stats = await callOk<AdminStats>('/api/admin/stats', { token: admin.token });
    expect(stats).toMatchObject({
      averageScore: null,
      completionRate: null,
      studyCompletionRate: null,
    });
    expect(stats.systemHealth).toMatchObject({
      requests: 0,
      errorRate: null,
      medianLatencyMs: null,
      p95LatencyMs: null,
    });
  });

  it('measures System Health from the request metrics of the last hour', async () => {
    const admin = await signedInUser({ role: 'admin' });
    await backgroundWorkSettled();
    await env.DB.prepare('DELETE FROM request_metrics').run();
    const minute = minuteOf(Date.now());
    // Buckets of LATENCY_BUCKETS_MS: ≤10, ≤25, ≤50, ≤100, … ms.
    await testDb()
      .insert(requestMetrics)
      .values([
        { minute: minute - 5, requests: 6, errors: 1, latencyJson: '[0,0,6,0,0,0,0,0,0,0]' },
        { minute: minute - 2, requests: 4, errors: 0, latencyJson: '[0,0,0,4,0,0,0,0,0,0]' },
        { minute: minute - 90, requests: 50, errors: 50, latencyJson: '[0,0,0,0,0,0,0,0,0,50]' },
      ]);
    const { systemHealth } = await callOk<AdminStats>('/api/admin/stats', { token: admin.token });
    expect(systemHealth).toMatchObject({
      windowMinutes: 60,
      requests: 10,
      serverErrors: 1,
      errorRate: 10,
    });
    // The 5th of 10 requests is the 5th of the 6 in the 25–50 ms bucket.
    expect(systemHealth.medianLatencyMs).toBe(46);
    expect(systemHealth.p95LatencyMs).toBe(94);
  });

  it('tallies every API request in memory and writes each minute once, when due', async () => {
    await backgroundWorkSettled();
    await env.DB.prepare('DELETE FROM request_metrics').run();
    requestTally.take(Date.now(), true);
    for (let i = 0; i < 3; i++) await call('/api/health');
    await call('/api/no-such-route');
    await backgroundWorkSettled();
    // Nothing was written per request: the four sit in the isolate's tally until it is due.
    expect(await testDb().select().from(requestMetrics)).toEqual([]);
    const due = requestTally.take(Date.now() + REQUEST_METRICS_FLUSH_MS);
    expect(due?.reduce((sum, [, tally]) => sum + tally.requests, 0)).toBe(4);
    await writeRequestMetrics(env.DB, due!);
    await writeRequestMetrics(env.DB, due!);
    const rows = await testDb().select().from(requestMetrics);
    // Written twice, so the second write added to the rows the first made.
    const requests = rows.reduce((sum, row) => sum + row.requests, 0);
    expect(requests).toBe(8);
    expect(rows.reduce((sum, row) => sum + row.errors, 0)).toBe(0);
    const histogram = rows.map((row) => JSON.parse(row.latencyJson) as number[]);
    expect(histogram.flat().reduce((a, b) => a + b, 0)).toBe(8);
  });

  it('keeps last_active_at current at most once an hour per session', async () => {
    const learner = await signedInUser();
    const stale = Date.now() - 5 * HOUR_MS;
    await backgroundWorkSettled();
    await testDb().update(users).set({ lastActiveAt: stale }).where(eq(users.id, learner.id));
    await call('/api/auth/me', { token: learner.token });
    await backgroundWorkSettled();
    const [first] = await testDb().select().from(users).where(eq(users.id, learner.id));
    expect(first!.lastActiveAt).toBeGreaterThan(stale);

    await testDb().update(users).set({ lastActiveAt: stale }).where(eq(users.id, learner.id));
    await call('/api/auth/me', { token: learner.token });
    await backgroundWorkSettled();
    const [second] = await testDb().select().from(users).where(eq(users.id, learner.id));
    expect(second!.lastActiveAt).toBe(stale);
  });
});

describe('GET /api/admin/recent-activity', () => {
  it('lists the latest 8 items with the user’s email', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const learner = await createUser({ email: 'reader@example.com' });
    const db = testDb();
    const base = Date.now() - 100_000;
    await db.batch([
      recordActivity(db, { userId: null, type: 'purchase', title: 'Anonymous' }, base - 1000),
      ...Array.from({ length: 9 }, (_, i) =>
        recordActivity(
          db,
          { userId: learner.id, type: 'study_module_viewed', title: `Read ${i}` },
          base + i * 1000,
        ),
      ),
    ]);
    const items = await callOk<RecentActivityItem[]>('/api/admin/recent-activity', {
      token: admin.token,
    });
    expect(items).toHaveLength(8);
    expect(items[0]).toMatchObject({
      title: 'Read 8',
      type: 'study_module_viewed',
      userEmail: 'reader@example.com',
    });
    expect(items.map((item) => item.title)).not.toContain('Read 0');
  });
});

describe('GET /api/admin/reports/admin_report.csv', () => {
  it('downloads users, attempts, scores and revenue by week from the daily series', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const learner = await createUser();
    const now = Date.now();
    const thisWeek = weekStart(utcDay(now));
    const lastWeekDay = Date.parse(`${thisWeek}T12:00:00Z`) - 3 * DAY_MS;
    const db = testDb();
    await db.batch([
      bumpDaily(db, 'sign_up', 4, lastWeekDay),
      bumpDaily(db, 'email_verified', 3, lastWeekDay),
      bumpDaily(db, 'purchase', 2, lastWeekDay),
      bumpDaily(db, 'revenue_cents', 1000, lastWeekDay),
      bumpDaily(db, 'sign_up', 1, now),
      bumpDaily(db, 'quiz_start', 2, now),
      bumpDaily(db, 'quiz_complete', 2, now),
    ]);
    // Completing attempts feeds the weekly score through the database trigger.
    const first = await seedAttempt(learner.id, { status: 'in-progress', createdAt: now });
    // Completed (10 minutes after it starts) this week even when the test runs just after the week
    // began at midnight UTC on a Monday: 100 s before now, that attempt fell into last week.
    const thisWeekBegan = Date.parse(`${thisWeek}T00:00:00Z`);
    await seedAttempt(learner.id, {
      status: 'completed',
      score: 60,
      createdAt: Math.max(now - 700_000, thisWeekBegan - 600_000),
    });
    await db
      .update(quizAttempts)
      .set({ status: 'completed', score: 90, completedAt: now })
      .where(eq(quizAttempts.id, first));

    const { status, headers, text } = await download(
      '/api/admin/reports/admin_report.csv',
      admin.token,
    );
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('text/csv');
    expect(headers.get('content-disposition')).toBe('attachment; filename="admin_report.csv"');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Week starting,Daily unique visitors (sum),New users,Verified users,Quiz attempts started,Quiz attempts completed,Average score (%),Purchases,Revenue (CAD)',
    );
    expect(lines).toHaveLength(1 + 26 + 1);
    const lastWeek = weekStart(utcDay(lastWeekDay));
    expect(lines).toContain(`${lastWeek},0,4,3,0,0,,2,10`);
    expect(lines).toContain(`${thisWeek},0,1,0,2,2,75,0,0`);
    expect(lines.at(-1)).toBe('Total,0,5,3,2,2,75,2,10');
    const series = await db.select().from(dailyMetrics).where(eq(dailyMetrics.name, 'quiz_scored'));
    expect(series.reduce((sum, row) => sum + row.value, 0)).toBe(2);
  });
});
