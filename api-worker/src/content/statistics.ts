import { Hono } from 'hono';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { ContentStatistics } from '@drone-exam/shared/schemas/content';
import type { AppEnv } from '../env.ts';
import { counters, questions } from '../db/schema.ts';
import type { CounterKey } from '../db/counters.ts';
import { ok } from '../lib/http.ts';
import { QUESTION_CATEGORIES } from '@drone-exam/shared/schemas/quiz-values';

const KEYS = [
  'modules.total',
  'modules.published',
  'modules.draft',
  'modules.review',
  'questions.total',
  'questions.active',
  'attempts.completed',
  'attempts.score_sum',
] as const satisfies readonly CounterKey[];

/**
 * The content figures both admin overviews show: module and question counters kept on write, and
 * the active questions per category (one indexed count each), all in one round trip.
 */
export const contentStatisticsRoutes = new Hono<AppEnv>().get('/statistics', async (c) => {
  const db = c.var.db;
  const [counterRows, ...perCategory] = await db.batch([
    db
      .select({ key: counters.key, value: counters.value })
      .from(counters)
      .where(inArray(counters.key, [...KEYS])),
    ...QUESTION_CATEGORIES.map((category) =>
      db
        .select({ value: count() })
        .from(questions)
        .where(and(eq(questions.category, category), eq(questions.isActive, true))),
    ),
  ]);
  const value = (key: (typeof KEYS)[number]) =>
    counterRows.find((row) => row.key === key)?.value ?? 0;
  const completed = value('attempts.completed');
  const statistics: ContentStatistics = {
    studyModules: {
      total: value('modules.total'),
      published: value('modules.published'),
      draft: value('modules.draft'),
      review: value('modules.review'),
    },
    questions: {
      total: value('questions.total'),
      active: value('questions.active'),
      byCategory: QUESTION_CATEGORIES.map((category, i) => ({
        _id: category,
        count: perCategory[i]?.[0]?.value ?? 0,
      })),
    },
    quizAttempts: {
      total: completed,
      averageScore: completed ? value('attempts.score_sum') / completed : 0,
    },
  };
  return ok(c, statistics);
});
