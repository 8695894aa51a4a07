import { Hono, type Context } from 'hono';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { PublicStatistics } from '@drone-exam/shared/schemas/content';
import type { AppEnv } from '../env.ts';
import { questions, studyModules } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { cachedJson, okJson } from '../content/public-cache.ts';
import { QUESTION_CATEGORIES, type QuestionCategory } from '@drone-exam/shared/schemas/quiz-values';
import { EXAM_IDS, masksWith, type ExamId } from '@drone-exam/shared/schemas/exam-values';

/** Figures the public pages show, straight from the database (no invented numbers). */
export async function publicStatistics(db: Db): Promise<PublicStatistics> {
  const countOf = (category: QuestionCategory, exam?: ExamId) =>
    db
      .select({ value: count() })
      .from(questions)
      .where(
        and(
          eq(questions.category, category),
          eq(questions.isActive, true),
          exam ? inArray(questions.examsMask, masksWith(exam)) : undefined,
        ),
      );
  // One indexed count per category, and per category of each exam (a SEARCH each), in one round trip.
  const [modules, ...perCategory] = await db.batch([
    db.select({ value: count() }).from(studyModules).where(eq(studyModules.status, 'published')),
    ...QUESTION_CATEGORIES.map((category) => countOf(category)),
    ...EXAM_IDS.flatMap((exam) => QUESTION_CATEGORIES.map((category) => countOf(category, exam))),
  ]);
  const rowsFrom = (offset: number) =>
    QUESTION_CATEGORIES.map((category, i) => ({
      category,
      count: perCategory[offset + i]?.[0]?.value ?? 0,
    }));
  const questionsByCategory = rowsFrom(0);
  return {
    publishedModules: modules[0]?.value ?? 0,
    activeQuestions: questionsByCategory.reduce((sum, row) => sum + row.count, 0),
    questionsByCategory,
    questionsByExam: Object.fromEntries(
      EXAM_IDS.map((exam, e) => [exam, rowsFrom((e + 1) * QUESTION_CATEGORIES.length)]),
    ) as PublicStatistics['questionsByExam'],
  };
}

/** The public statistics as JSON text, from the public cache (content/public-cache.ts). */
export const cachedStatistics = (c: Context<AppEnv>) =>
  // Named for its shape: a cached answer of an older shape (without questionsByExam) is never read.
  cachedJson(c, 'statistics-by-exam', () => publicStatistics(c.var.db));

/** The same for everyone, so served from the public cache. */
export const publicRoutes = new Hono<AppEnv>().get('/statistics', async (c) =>
  okJson(c, await cachedStatistics(c), 'public, max-age=300'),
);
