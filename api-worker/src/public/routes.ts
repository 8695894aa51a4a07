import { Hono, type Context } from 'hono';
import { and, count, eq } from 'drizzle-orm';
import type { PublicStatistics } from '@drone-exam/shared/schemas/content';
import type { AppEnv } from '../env.ts';
import { questions, studyModules } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { cachedJson, okJson } from '../content/public-cache.ts';
import { QUESTION_CATEGORIES } from '@drone-exam/shared/schemas/quiz-values';

/** Figures the public pages show, straight from the database (no invented numbers). */
export async function publicStatistics(db: Db): Promise<PublicStatistics> {
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
  return {
    publishedModules: modules[0]?.value ?? 0,
    activeQuestions: questionsByCategory.reduce((sum, row) => sum + row.count, 0),
    questionsByCategory,
  };
}

/** The public statistics as JSON text, from the public cache (content/public-cache.ts). */
export const cachedStatistics = (c: Context<AppEnv>) =>
  cachedJson(c, 'statistics', () => publicStatistics(c.var.db));

/** The same for everyone, so served from the public cache. */
export const publicRoutes = new Hono<AppEnv>().get('/statistics', async (c) =>
  okJson(c, await cachedStatistics(c), 'public, max-age=300'),
);
