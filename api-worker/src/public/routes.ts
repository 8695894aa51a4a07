import { Hono } from 'hono';
import { and, count, eq } from 'drizzle-orm';
import { QUESTION_CATEGORIES } from '@drone-exam/shared/constants';
import type { AppEnv } from '../env.ts';
import { questions, studyModules } from '../db/schema.ts';
import { ok } from '../lib/http.ts';

/** Figures the public pages show, straight from the database (no invented numbers). */
export const publicRoutes = new Hono<AppEnv>().get('/statistics', async (c) => {
  const db = c.var.db;
  // One indexed count per category (a SEARCH each), all in one round trip.
  const [modules, ...perCategory] = await db.batch([
    db.select({ value: count() }).from(studyModules).where(eq(studyModules.status, 'published')),
    ...QUESTION_CATEGORIES.map((category) =>
      db
        .select({ value: count() })
        .from(questions)
        .where(and(eq(questions.category, category), eq(questions.isActive, true))),
    ),
  ]);
  const questionsByCategory = QUESTION_CATEGORIES.map((category, i) => ({
    category,
    count: perCategory[i]?.[0]?.value ?? 0,
  }));
  c.header('Cache-Control', 'public, max-age=300');
  return ok(c, {
    publishedModules: modules[0]?.value ?? 0,
    activeQuestions: questionsByCategory.reduce((sum, row) => sum + row.count, 0),
    questionsByCategory,
  });
});
