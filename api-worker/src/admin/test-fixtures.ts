/**
 * Test data for the admin API's integration tests: rows written straight into D1 the way the
 * quiz, study and payment features write them, and the counters rebuilt from them exactly as the
 * seed does (COUNTER_RECOMPUTE_SQL), so every figure can be checked against the rows.
 */
import { env, exports } from 'cloudflare:workers';
import { COUNTER_RECOMPUTE_SQL } from '../db/counters.ts';
import { quizAttempts, studyModules, studyProgress, userStats } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { ORIGIN, testDb } from '../../test/helpers.ts';
import { eq, sql } from 'drizzle-orm';
import type { AttemptStatus, QuizMode } from '@drone-exam/shared/schemas/quiz-values';

export async function recomputeCounters() {
  const now = Date.now();
  await env.DB.batch(
    Object.entries(COUNTER_RECOMPUTE_SQL).map(([key, select]) =>
      env.DB.prepare(
        `INSERT INTO counters (key, value, updated_at) VALUES (?1, (${select}), ?2)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      ).bind(key, now),
    ),
  );
}

export type AttemptSeed = {
  mode?: QuizMode;
  status?: AttemptStatus;
  score?: number;
  correct?: number;
  questions?: number;
  timeSpent?: number;
  createdAt?: number;
};

export async function seedAttempt(userId: string, seed: AttemptSeed = {}) {
  const id = newId();
  const createdAt = seed.createdAt ?? Date.now();
  const status = seed.status ?? 'completed';
  const questions = seed.questions ?? 25;
  await testDb()
    .insert(quizAttempts)
    .values({
      id,
      userId,
      mode: seed.mode ?? 'study',
      status,
      questionCount: questions,
      answeredCount: status === 'completed' ? questions : 3,
      correctCount: seed.correct ?? Math.round(((seed.score ?? 0) / 100) * questions),
      score: status === 'completed' ? (seed.score ?? 80) : null,
      passed: status === 'completed' ? (seed.score ?? 80) >= 70 : null,
      timeSpentSeconds: seed.timeSpent ?? 600,
      startedAt: createdAt,
      completedAt: status === 'completed' ? createdAt + 600_000 : null,
      lastActivityAt: createdAt,
      createdAt,
    });
  return id;
}

/** What updateUserStats leaves after the given completed scores. */
export async function setUserStats(userId: string, scores: number[], started = scores.length) {
  await testDb()
    .update(userStats)
    .set({
      attemptsStarted: started,
      attemptsCompleted: scores.length,
      scoreSum: scores.reduce((a, b) => a + b, 0),
      bestScore: scores.length ? Math.max(...scores) : null,
    })
    .where(eq(userStats.userId, userId));
}

export async function seedModule(
  slug: string,
  order: number,
  status: 'published' | 'draft' = 'published',
) {
  const id = `module-${slug}`;
  await testDb()
    .insert(studyModules)
    .values({
      id,
      slug,
      title: `Module ${slug}`,
      description: 'About it',
      status,
      sortOrder: order,
    });
  return id;
}

export async function seedProgress(userId: string, moduleId: string, isCompleted: boolean) {
  await testDb()
    .insert(studyProgress)
    .values({ userId, moduleId, progress: isCompleted ? 100 : 40, isCompleted });
}

export async function counter(key: keyof typeof COUNTER_RECOMPUTE_SQL): Promise<number> {
  const [row] = await testDb().all<{ value: number }>(
    sql`SELECT value FROM counters WHERE key = ${key}`,
  );
  return row?.value ?? 0;
}

/** A raw call for the CSV exports (the shared call() helper reads JSON). */
export async function download(path: string, token?: string) {
  const response = await exports.default.fetch(
    new Request(`${ORIGIN}${path}`, {
      headers: { origin: ORIGIN, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    }),
  );
  return { status: response.status, headers: response.headers, text: await response.text() };
}
