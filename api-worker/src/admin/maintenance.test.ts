import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { callOk, signedInUser, testDb, waitForEmail } from '../../test/helpers.ts';
import { backgroundWorkSettled } from '../../test/settle.ts';
import { answerAll, finish, premiumLearner, seedBank, startAttempt } from '../quiz/testing.ts';
import { createModule } from '../study/test-modules.ts';
import { runDailyTasks } from '../jobs/cron.ts';
import { purgeOldBookkeeping } from './maintenance.ts';
import { BOOKKEEPING_RETENTION_DAYS, PURGE_BATCH_ROWS, PURGE_MAX_BATCHES } from './constants.ts';

const DAY_MS = 86_400_000;
const count = async (table: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

/** Everything the admin console and the learner's dashboard show, read through the API. */
async function figures(adminToken: string, learnerToken: string) {
  const [stats, analytics, quiz, content, email, dashboard, recent, attempts] = await Promise.all([
    callOk<Record<string, unknown>>('/api/admin/stats', { token: adminToken }),
    callOk('/api/admin/analytics?days=30', { token: adminToken }),
    callOk('/api/admin/quiz-analytics', { token: adminToken }),
    callOk('/api/admin/content/statistics', { token: adminToken }),
    callOk('/api/admin/email/stats', { token: adminToken }),
    callOk('/api/auth/me/stats', { token: learnerToken }),
    callOk('/api/auth/me/recent-activity', { token: learnerToken }),
    callOk('/api/quiz/attempts', { token: learnerToken }),
  ]);
  // The overview's System Health and feed are not figures kept for 90 days: they are left out.
  const { systemHealth: _health, ...overview } = stats;
  return { overview, analytics, quiz, content, email, dashboard, recent, attempts };
}

describe('the daily clean-up of raw bookkeeping', () => {
  it('keeps every figure the console and the learner see the same after the raw rows go', async () => {
    await seedBank();
    const admin = await signedInUser({ role: 'admin' });
    const learner = await premiumLearner();
    const module = await createModule({ slug: 'airspace', order: 1 });
    await callOk(`/api/study-materials/progress/${module.id}`, {
      token: learner.token,
      method: 'PUT',
      body: { progress: 100 },
    });
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    await answerAll(learner.token, attempt.id, (i) => i % 2 === 0);
    await finish(learner.token, attempt.id);
    await callOk('/api/admin/email/test', {
      token: admin.token,
      body: { to: 'someone@example.com', templateType: 'welcome' },
    });
    await waitForEmail('someone@example.com', 'welcome');
    await backgroundWorkSettled();

    // Read before the raw rows are made old, so a figure that counted raw rows of a recent
    // window would change, and fail the comparison below.
    const before = await figures(admin.token, learner.token);
    // Everything raw is made older than the retention window.
    const old = Date.now() - (BOOKKEEPING_RETENTION_DAYS + 5) * DAY_MS;
    for (const table of ['analytics_events', 'emails', 'activities'])
      await env.DB.prepare(`UPDATE ${table} SET created_at = ?`).bind(old).run();
    expect(await count('analytics_events')).toBeGreaterThan(3);

    const deleted = await purgeOldBookkeeping({ db: testDb(), now: Date.now() });
    expect(deleted.analytics_events).toBeGreaterThan(0);
    expect(deleted.emails).toBeGreaterThan(0);
    expect(deleted.activities).toBeGreaterThan(0);
    for (const table of ['analytics_events', 'emails', 'activities'])
      expect(await count(table), table).toBe(0);
    // The learner's own history stays whole.
    expect(await count('quiz_attempts')).toBe(1);
    expect(await count('study_progress')).toBe(1);
    expect(await count('attempt_questions WHERE selected_index IS NOT NULL')).toBe(5);

    expect(await figures(admin.token, learner.token)).toEqual(before);
  });

  it('deletes in bounded batches, oldest first, and never an email still to be sent', async () => {
    const now = Date.now();
    const old = now - (BOOKKEEPING_RETENTION_DAYS + 1) * DAY_MS;
    const total = PURGE_BATCH_ROWS * PURGE_MAX_BATCHES + 150;
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO analytics_events (id, name, created_at) SELECT 'old-' || i, 'login', ?2 + i FROM n`,
    )
      .bind(total, old)
      .run();
    await env.DB.prepare(
      `INSERT INTO analytics_events (id, name, created_at) VALUES ('recent', 'login', ?1)`,
    )
      .bind(now - DAY_MS)
      .run();
    await env.DB.prepare(
      `INSERT INTO emails (id, to_address, template, subject, text, html, status, created_at)
       VALUES ('waiting', 'a@example.com', 'welcome', 's', 't', 'h', 'queued', ?1),
              ('sent', 'b@example.com', 'welcome', 's', 't', 'h', 'sent', ?1)`,
    )
      .bind(old)
      .run();

    const first = await purgeOldBookkeeping({ db: testDb(), now });
    expect(first.analytics_events).toBe(PURGE_BATCH_ROWS * PURGE_MAX_BATCHES);
    // The newest of the old ones and the recent one wait for the next day's run.
    const left = await env.DB.prepare(
      `SELECT min(created_at) AS oldest, count(*) AS n FROM analytics_events`,
    ).first<{ oldest: number; n: number }>();
    expect(left!.n).toBe(151);
    expect(left!.oldest).toBe(old + PURGE_BATCH_ROWS * PURGE_MAX_BATCHES + 1);
    expect(first.emails).toBe(1);
    expect(await count("emails WHERE id = 'waiting'")).toBe(1);

    const second = await purgeOldBookkeeping({ db: testDb(), now });
    expect(second.analytics_events).toBe(150);
    expect(await count('analytics_events')).toBe(1);
  });

  it('runs with the daily cron', async () => {
    await env.DB.prepare(
      `INSERT INTO activities (id, type, title, created_at) VALUES ('ancient', 'admin_action', 'Old', ?1)`,
    )
      .bind(Date.now() - (BOOKKEEPING_RETENTION_DAYS + 1) * DAY_MS)
      .run();
    const results = await runDailyTasks(env);
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    expect(await count('activities')).toBe(0);
  });
});
