import { Hono } from 'hono';
import { and, count, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import {
  ANALYTICS_SERIES,
  AnalyticsQuerySchema,
  ItemAnalysisQuerySchema,
  dayRange,
  pagination,
  percentOf,
  type AnalyticsOverview,
  type AnalyticsSeries,
  type ItemAnalysis,
  type ItemAnalysisQuestion,
  type ModuleReadership,
} from '@drone-exam/shared';
import type { AppEnv } from '../env.ts';
import { dailyMetrics, questions, studyModules, studyProgress } from '../db/schema.ts';
import { ok, validate } from '../lib/http.ts';
import { ITEM_ANALYSIS_MIN_ANSWERS, ITEM_ANALYSIS_TOP, MOST_READ_MODULES } from './constants.ts';

const emptyValues = () =>
  Object.fromEntries(ANALYTICS_SERIES.map((name) => [name, 0])) as Record<AnalyticsSeries, number>;

const itemColumns = {
  id: questions.id,
  question: questions.question,
  category: questions.category,
  timesAnswered: questions.timesAnswered,
  timesCorrect: questions.timesCorrect,
  timesFlagged: questions.timesFlagged,
};

function toItem(row: Omit<ItemAnalysisQuestion, 'correctShare'>): ItemAnalysisQuestion {
  return { ...row, correctShare: percentOf(row.timesCorrect, row.timesAnswered) };
}

// The partial indexes of questions (schema.ts) match these expressions and conditions exactly,
// including the literal minimum, so each list is read in order from its index.
const enoughAnswers = sql`${questions.timesAnswered} >= ${sql.raw(String(ITEM_ANALYSIS_MIN_ANSWERS))}`;
const correctShare = sql`(${questions.timesCorrect} * 1.0 / ${questions.timesAnswered})`;
const missed = sql`(${questions.timesAnswered} - ${questions.timesCorrect})`;
const flagged = sql`${questions.timesFlagged} > 0`;

/**
 * The Analytics tab: daily series and the conversion funnel from daily_metrics (one row per
 * series and day), readership per published module counted in the progress index, and item
 * analysis of the question bank from the counters kept on each answer and flag.
 */
export const analyticsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', AnalyticsQuerySchema), async (c) => {
    const { days } = c.req.valid('query');
    const range = dayRange(Date.now(), days);
    const rows = await c.var.db
      .select()
      .from(dailyMetrics)
      .where(
        and(inArray(dailyMetrics.name, [...ANALYTICS_SERIES]), gte(dailyMetrics.day, range[0]!)),
      );
    const byDay = new Map(range.map((day) => [day, { day, ...emptyValues() }]));
    const totals = emptyValues();
    for (const row of rows) {
      const point = byDay.get(row.day);
      if (!point) continue;
      const name = row.name as AnalyticsSeries;
      point[name] += row.value;
      totals[name] += row.value;
    }
    const overview: AnalyticsOverview = {
      days,
      from: range[0]!,
      to: range[range.length - 1]!,
      series: [...byDay.values()],
      totals,
      funnel: {
        visitors: totals.visitors,
        registered: totals.sign_up,
        verified: totals.email_verified,
        premium: totals.purchase,
      },
    };
    return ok(c, overview);
  })
  .get('/modules', async (c) => {
    const readers = sql<number>`(SELECT count(*) FROM ${studyProgress} WHERE ${studyProgress.moduleId} = ${studyModules.id})`;
    const completions = sql<number>`(SELECT count(*) FROM ${studyProgress} WHERE ${studyProgress.moduleId} = ${studyModules.id} AND ${studyProgress.isCompleted} = 1)`;
    const rows = await c.var.db
      .select({
        id: studyModules.id,
        slug: studyModules.slug,
        title: studyModules.title,
        readers,
        completions,
      })
      .from(studyModules)
      .where(eq(studyModules.status, 'published'))
      .orderBy(desc(readers), studyModules.sortOrder)
      .limit(MOST_READ_MODULES);
    const result: ModuleReadership = { modules: rows };
    return ok(c, result);
  })
  .get('/questions', validate('query', ItemAnalysisQuerySchema), async (c) => {
    const { page, limit } = c.req.valid('query');
    const db = c.var.db;
    const [hardest, counted, mostMissed, mostFlagged] = await db.batch([
      db
        .select(itemColumns)
        .from(questions)
        .where(enoughAnswers)
        .orderBy(correctShare, questions.id)
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ value: count() }).from(questions).where(enoughAnswers),
      db
        .select(itemColumns)
        .from(questions)
        .where(gt(questions.timesAnswered, questions.timesCorrect))
        .orderBy(desc(missed))
        .limit(ITEM_ANALYSIS_TOP),
      db
        .select(itemColumns)
        .from(questions)
        .where(flagged)
        .orderBy(desc(questions.timesFlagged))
        .limit(ITEM_ANALYSIS_TOP),
    ]);
    const total = counted[0]?.value ?? 0;
    const result: ItemAnalysis = {
      minAnswers: ITEM_ANALYSIS_MIN_ANSWERS,
      questions: hardest.map(toItem),
      pagination: pagination(page, limit, total),
      mostMissed: mostMissed.map(toItem),
      mostFlagged: mostFlagged.map(toItem),
    };
    return ok(c, result);
  });
