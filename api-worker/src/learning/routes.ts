import { Hono } from 'hono';
import {
  DailyGoalSchema,
  PoolsQuerySchema,
  type PracticePools,
  type Readiness,
  type ReadinessArea,
} from '@drone-exam/shared/schemas/learning';
import type { PublicStatistics } from '@drone-exam/shared/schemas/content';
import type { AppEnv } from '../env.ts';
import { ok, validate } from '../lib/http.ts';
import { requireAuth, requirePremium } from '../middleware/auth.ts';
import { cachedStatistics } from '../public/routes.ts';
import { quotasByShare } from '../quiz/selection.ts';
import { reviewRoutes } from './review-routes.ts';
import { readGoal, readStreak, setGoal } from './goal.ts';
import { overallPrior, posteriorMean, posteriors, readiness } from './model.ts';
import { areasOf, poolCounts, weakestAreas } from './pools.ts';
import { READINESS_MIN_ANSWERED, READINESS_MIN_CATEGORIES } from './constants.ts';
import {
  OFFICIAL_EXAM_QUESTIONS,
  QUESTION_CATEGORIES,
} from '@drone-exam/shared/schemas/quiz-values';

/**
 * The learning engine (issue 16): how ready the learner is, per area and for the exam, and how
 * many questions each practice pool holds for them.
 */
export const learningRoutes = new Hono<AppEnv>()
  // Spaced review, the plan and reminders (review-routes.ts): the same feature, the same prefix.
  .route('/', reviewRoutes)
  /**
   * Readiness reads the learner's area rows (at most seven, one round trip) and the bank's
   * category counts from the public cache, whatever the length of their history.
   */
  .get('/readiness', requireAuth, async (c) => {
    const now = Date.now();
    const [rows, statistics] = await Promise.all([
      areasOf(c.var.db, c.var.auth!.userId),
      cachedStatistics(c).then((json) => JSON.parse(json) as PublicStatistics),
    ]);
    const estimates = posteriors(rows, now);
    const byCategory = new Map(rows.map((row) => [row.category, row]));
    const areas: ReadinessArea[] = QUESTION_CATEGORIES.map((category) => {
      const row = byCategory.get(category);
      const answered = row?.answers ?? 0;
      return {
        category,
        answered,
        correct: row?.correct ?? 0,
        questions: row?.questions ?? 0,
        mastery: answered > 0 ? posteriorMean(estimates.get(category)!) : null,
      };
    });
    const answered = areas.reduce((sum, area) => sum + area.questions, 0);
    const categoriesAnswered = areas.filter((area) => area.questions > 0).length;
    const enough =
      answered >= READINESS_MIN_ANSWERED && categoriesAnswered >= READINESS_MIN_CATEGORIES;
    const bank = Object.fromEntries(
      statistics.questionsByCategory.map((row) => [row.category, row.count]),
    ) as Record<(typeof QUESTION_CATEGORIES)[number], number>;
    const forecast = enough
      ? readiness(quotasByShare(bank, OFFICIAL_EXAM_QUESTIONS), estimates, overallPrior(rows, now))
      : null;
    const result: Readiness = {
      passProbability: forecast?.passProbability ?? null,
      range: forecast?.range ?? null,
      expectedScore: forecast?.expectedScore ?? null,
      answered,
      minimumAnswered: READINESS_MIN_ANSWERED,
      categoriesAnswered,
      minimumCategories: READINESS_MIN_CATEGORIES,
      areas,
      weakest: weakestAreas(rows, now),
    };
    return ok(c, result);
  })
  // The daily goal and streak (issue 31, goal.ts): every learner's, free or premium.
  .get('/goal', requireAuth, async (c) => ok(c, await readGoal(c.var.db, c.var.auth!.userId)))
  .put('/goal', requireAuth, validate('json', DailyGoalSchema), async (c) =>
    ok(c, await setGoal(c.var.db, c.var.auth!.userId, c.req.valid('json'), Date.now())),
  )
  .get('/streak', requireAuth, async (c) =>
    ok(c, await readStreak(c.var.db, c.var.auth!.userId, Date.now())),
  )
  .get('/pools', requirePremium, validate('query', PoolsQuerySchema), async (c) => {
    const { categories } = c.req.valid('query');
    const pools: PracticePools = await poolCounts(c.var.db, c.var.auth!.userId, categories);
    return ok(c, pools);
  });
