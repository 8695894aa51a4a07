import { Hono } from 'hono';
import { parseFigure, type QuestionFigure } from '@drone-exam/shared/schemas/figure';
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { pagination } from '@drone-exam/shared/api';
import {
  discriminationOf,
  facilityOf,
  itemFlags,
  medianFromHistogram,
} from '@drone-exam/shared/item-statistics';
import {
  ItemAnalysisListQuerySchema,
  type ItemAnalysisItem,
  type ItemAnalysisPage,
  type ItemStatistics,
  type QuestionAnalysis,
} from '@drone-exam/shared/schemas/quality';
import type { AppEnv } from '../env.ts';
import { masksWith } from '@drone-exam/shared/schemas/exam-values';
import { questionStats, questionVersions, questions } from '../db/schema.ts';
import { notFound, ok, validate } from '../lib/http.ts';
import { iso } from '../lib/time.ts';
import { QUESTION_NOT_FOUND } from './reports.ts';
import { isWithdrawn } from './withdrawal.ts';
import {
  ITEM_FLAG_MIN_ATTEMPTS,
  ITEM_LOW_DISCRIMINATION,
  ITEM_TOO_EASY_FACILITY,
  ITEM_TOO_HARD_FACILITY,
  type ItemAnalysisSort,
  type ItemFlag,
} from '@drone-exam/shared/schemas/quality-values';

/** Earlier epochs a question's analysis shows, newest first. */
export const ANALYSIS_HISTORY_LIMIT = 10;

type StatsRow = typeof questionStats.$inferSelect;

/** The figures of one epoch's sums (discrimination from the sums; the key only orders rows). */
export function toStatistics(row: StatsRow): ItemStatistics {
  const optionCounts = [row.chosen0, row.chosen1, row.chosen2, row.chosen3].slice(
    0,
    row.optionCount,
  );
  const facility = facilityOf(row);
  const discrimination = discriminationOf(row);
  const median = medianFromHistogram(JSON.parse(row.timeHistogram) as number[]);
  return {
    sinceVersion: row.epoch,
    attempts: row.attempts,
    facility,
    discrimination,
    optionCounts,
    correctAnswer: row.correctAnswer,
    medianSeconds: median.seconds,
    medianAtLeast: median.atLeast,
    flags: itemFlags({
      attempts: row.attempts,
      facility,
      discrimination,
      optionCounts,
      correctAnswer: row.correctAnswer,
    }),
    updatedAt: iso(row.updatedAt),
  };
}

/** A question's statistics before its first answer in the current epoch. */
function noAnswersYet(question: {
  statsEpoch: number;
  optionsJson: string;
  correctAnswer: number;
}): ItemStatistics {
  const options = JSON.parse(question.optionsJson) as string[];
  return {
    sinceVersion: question.statsEpoch,
    attempts: 0,
    facility: null,
    discrimination: null,
    optionCounts: options.map(() => 0),
    correctAnswer: question.correctAnswer,
    medianSeconds: null,
    medianAtLeast: false,
    flags: [],
    updatedAt: null,
  };
}

// The orders match the indexes of question_stats exactly (the literal in each coalesce too):
// a discrimination not yet told (null) sorts last in either direction.
const discriminationAscending = sql`coalesce(${questionStats.discriminationKey}, ${sql.raw('2')})`;
const discriminationDescending = sql`coalesce(${questionStats.discriminationKey}, ${sql.raw('-2')})`;

const ORDER: Record<ItemAnalysisSort, SQL[]> = {
  discrimination: [asc(discriminationAscending), asc(questionStats.questionSeq)],
  '-discrimination': [desc(discriminationDescending), desc(questionStats.questionSeq)],
  facility: [asc(questionStats.facility), asc(questionStats.questionSeq)],
  '-facility': [desc(questionStats.facility), desc(questionStats.questionSeq)],
  attempts: [asc(questionStats.attempts), asc(questionStats.questionSeq)],
  '-attempts': [desc(questionStats.attempts), desc(questionStats.questionSeq)],
};

/** Each flag as a condition on the kept figures (sign(r)·r² < t² is r < t for t > 0). */
const FLAGGED: Record<ItemFlag, SQL> = {
  'too-easy': gte(questionStats.facility, ITEM_TOO_EASY_FACILITY),
  'too-hard': lte(questionStats.facility, ITEM_TOO_HARD_FACILITY),
  'low-discrimination': lt(questionStats.discriminationKey, ITEM_LOW_DISCRIMINATION ** 2),
  'unused-distractor': gt(questionStats.unusedDistractors, 0),
};

/**
 * Item analysis (Moodle's quiz statistics) from the sums kept on write: the table pages through
 * the questions' current statistics in an index's order, and one question's analysis shows its
 * current figures and those of its earlier options or keys.
 */
export const itemAnalysisRoutes = new Hono<AppEnv>()
  .get('/item-analysis', validate('query', ItemAnalysisListQuerySchema), async (c) => {
    const { sort, filter, category, exam, page, limit } = c.req.valid('query');
    const db = c.var.db;
    const where = and(
      eq(questionStats.isCurrent, true),
      category ? eq(questionStats.category, category) : undefined,
      filter ? gte(questionStats.attempts, ITEM_FLAG_MIN_ATTEMPTS) : undefined,
      filter ? FLAGGED[filter] : undefined,
      // The question's exams, read through its primary key for each row the index gives.
      exam
        ? sql`(select ${questions.examsMask} from ${questions} where ${questions.seq} = ${questionStats.questionSeq}) in (${sql.join(
            masksWith(exam).map((mask) => sql`${mask}`),
            sql`, `,
          )})`
        : undefined,
    );
    const [rows, total] = await db.batch([
      db
        .select({
          stats: questionStats,
          questionId: questions.id,
          question: questions.question,
          isActive: questions.isActive,
          openWrongAnswerReports: questions.openWrongAnswerReports,
        })
        .from(questionStats)
        .innerJoin(questions, eq(questions.seq, questionStats.questionSeq))
        .where(where)
        .orderBy(...ORDER[sort])
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ value: count() }).from(questionStats).where(where),
    ]);
    const items: ItemAnalysisItem[] = rows.map((row) => ({
      ...toStatistics(row.stats),
      questionId: row.questionId,
      question: row.question,
      category: row.stats.category,
      isActive: row.isActive,
      withdrawn: isWithdrawn(row.openWrongAnswerReports),
    }));
    const result: ItemAnalysisPage = {
      items,
      pagination: pagination(page, limit, total[0]?.value ?? 0),
      minAttempts: ITEM_FLAG_MIN_ATTEMPTS,
    };
    return ok(c, result);
  })
  .get('/questions/:id/analysis', async (c) => {
    const db = c.var.db;
    const id = c.req.param('id');
    const seqOf = sql`(select ${questions.seq} from ${questions} where ${questions.id} = ${id})`;
    const epochsOf = db
      .select({ epoch: questionStats.epoch })
      .from(questionStats)
      .where(eq(questionStats.questionSeq, seqOf));
    const [[question], epochs, versions] = await db.batch([
      db.select().from(questions).where(eq(questions.id, id)),
      db
        .select()
        .from(questionStats)
        .where(eq(questionStats.questionSeq, seqOf))
        .orderBy(desc(questionStats.epoch))
        .limit(ANALYSIS_HISTORY_LIMIT + 1),
      // The options each epoch was answered on: those of the version that began it.
      db
        .select({ version: questionVersions.version, snapshotJson: questionVersions.snapshotJson })
        .from(questionVersions)
        .where(
          and(eq(questionVersions.questionId, id), inArray(questionVersions.version, epochsOf)),
        ),
    ]);
    if (!question) throw notFound(QUESTION_NOT_FOUND);
    const optionsOf = new Map(
      versions.map((v) => [
        v.version,
        (JSON.parse(v.snapshotJson) as { options: string[] }).options,
      ]),
    );
    const current = epochs.find((row) => row.epoch === question.statsEpoch);
    const result: QuestionAnalysis = {
      question: {
        id: question.id,
        question: question.question,
        options: JSON.parse(question.optionsJson) as string[],
        correctAnswer: question.correctAnswer,
        category: question.category,
        version: question.version,
        figure: parseFigure<QuestionFigure>(question.figureJson),
      },
      current: current ? toStatistics(current) : noAnswersYet(question),
      history: epochs
        .filter((row) => row.epoch !== question.statsEpoch)
        .slice(0, ANALYSIS_HISTORY_LIMIT)
        .map((row) => ({ ...toStatistics(row), options: optionsOf.get(row.epoch) ?? [] })),
      minAttempts: ITEM_FLAG_MIN_ATTEMPTS,
    };
    return ok(c, result);
  });
