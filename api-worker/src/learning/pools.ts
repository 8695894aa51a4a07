import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  attemptQuestions,
  learnerCategories,
  learnerQuestions,
  questionVersions,
  questions,
  quizAttempts,
} from '../db/schema.ts';
import { masksWith, type ExamId } from '@drone-exam/shared/schemas/exam-values';
import { ApiError, notFound } from '../lib/http.ts';
import { EXAM_NOT_FOUND, examRow, type ExamRow } from '../exams/service.ts';
import { notWithdrawn } from '../quality/withdrawal.ts';
import { posteriorMean, posteriors } from './model.ts';
import { WEAKEST_AREAS } from './constants.ts';
import type {
  PracticeSource,
  QuestionCategory,
  RetakeChoice,
} from '@drone-exam/shared/schemas/quiz-values';

/**
 * The practice pools (issue 16): which active questions a quiz may draw from. Each is one indexed
 * read: the bank by category, joined to the learner's own records by their primary key.
 */

export type PoolQuestion = { id: string; category: QuestionCategory };

/**
 * Active questions of the exam in the categories, that learners' reports have not withdrawn: the
 * exam as an IN over its masks, so the (category, active, exams) index serves the whole filter.
 */
const inBank = (categories: readonly QuestionCategory[], exam: ExamId) =>
  and(
    inArray(questions.category, [...categories]),
    eq(questions.isActive, true),
    inArray(questions.examsMask, masksWith(exam)),
    notWithdrawn,
  );

const answered = (userId: string): SQL =>
  sql`exists (select 1 from ${learnerQuestions} where ${learnerQuestions.userId} = ${userId} and ${learnerQuestions.questionSeq} = ${questions.seq} and ${learnerQuestions.timesAnswered} > 0)`;

/** The learner's record of each bank question, for the pools that read it. */
const withRecord = (db: Db, userId: string) =>
  db
    .select({ id: questions.id, category: questions.category })
    .from(questions)
    .innerJoin(
      learnerQuestions,
      and(eq(learnerQuestions.userId, userId), eq(learnerQuestions.questionSeq, questions.seq)),
    );

const bank = (db: Db) =>
  db.select({ id: questions.id, category: questions.category }).from(questions);

/** Active questions in the categories that the source offers the learner. */
export function poolOf(
  db: Db,
  userId: string,
  source: Exclude<PracticeSource, 'attempt' | 'weakest'>,
  categories: readonly QuestionCategory[],
  exam: ExamId,
) {
  switch (source) {
    case 'all':
      return bank(db).where(inBank(categories, exam));
    case 'unseen':
      return bank(db).where(and(inBank(categories, exam), sql`not ${answered(userId)}`));
    case 'incorrect':
      return withRecord(db, userId).where(
        and(inBank(categories, exam), eq(learnerQuestions.lastCorrect, false)),
      );
    case 'flagged':
      return withRecord(db, userId).where(
        and(inBank(categories, exam), eq(learnerQuestions.flagged, true)),
      );
  }
}

/** How many questions each pool of the exam holds in the categories (one round trip). */
export async function poolCounts(
  db: Db,
  userId: string,
  categories: readonly QuestionCategory[],
  exam: ExamId,
) {
  const counted = (source: Exclude<PracticeSource, 'attempt' | 'weakest'>) =>
    db.select({ value: count() }).from(poolOf(db, userId, source, categories, exam).as('pool'));
  const [all, unseen, incorrect, flagged] = await db.batch([
    counted('all'),
    counted('unseen'),
    counted('incorrect'),
    counted('flagged'),
  ]);
  return {
    all: all[0]?.value ?? 0,
    unseen: unseen[0]?.value ?? 0,
    incorrect: incorrect[0]?.value ?? 0,
    flagged: flagged[0]?.value ?? 0,
  };
}

/** The learner's areas as readiness reads them. */
export const areasOf = (db: Db, userId: string) =>
  db.select().from(learnerCategories).where(eq(learnerCategories.userId, userId));

/** The areas with the lowest estimated mastery among those the learner has answered. */
export function weakestAreas(
  rows: ReadonlyArray<typeof learnerCategories.$inferSelect>,
  now: number,
  limit = WEAKEST_AREAS,
): QuestionCategory[] {
  const estimates = posteriors(rows, now);
  return rows
    .filter((row) => row.answers > 0)
    .map((row) => ({
      category: row.category,
      mastery: posteriorMean(estimates.get(row.category)!),
    }))
    .sort((a, b) => a.mastery - b.mastery || a.category.localeCompare(b.category))
    .slice(0, limit)
    .map((area) => area.category);
}

export const NONE_IN_POOL: Record<PracticeSource, string> = {
  all: 'There are no questions in the chosen categories yet. Choose other categories.',
  unseen:
    'You have answered every question in the chosen categories. Choose other categories or another pool.',
  incorrect: 'You have no incorrect questions to review',
  flagged: 'You have no flagged questions to review',
  weakest: 'Answer some questions first: your weakest areas show once you have answers.',
  attempt: 'That attempt has no questions of that kind to retake.',
};

const RETAKE: Record<RetakeChoice, SQL | undefined> = {
  incorrect: sql`${attemptQuestions.isCorrect} is not 1`,
  flagged: sql`${attemptQuestions.flagged} = 1`,
  all: undefined,
};

type Drawable = { pool: PoolQuestion[]; categories: QuestionCategory[]; exam: ExamRow };

/**
 * The questions a learner draws for a source with the exam's figures, in one round trip: the
 * exam's bank for the pools, with their areas for `weakest` (chosen here from the areas'
 * estimates), or one of their own attempts' questions for a retake; null when that attempt is not
 * the learner's (or does not exist).
 */
export async function drawablePool(
  db: Db,
  userId: string,
  input: {
    source: PracticeSource;
    categories: readonly QuestionCategory[];
    attemptId: string | null;
    only: RetakeChoice;
    exam: ExamId;
  },
  now: number,
): Promise<Drawable | null> {
  const found = await drawFrom(db, userId, input, now);
  if (!found) return null;
  const [exam] = found.exam;
  if (!exam) throw notFound(EXAM_NOT_FOUND);
  return { ...found, exam };
}

async function drawFrom(
  db: Db,
  userId: string,
  input: Parameters<typeof drawablePool>[2],
  now: number,
): Promise<(Omit<Drawable, 'exam'> & { exam: ExamRow[] }) | null> {
  const exam = examRow(db, input.exam);
  if (input.source === 'attempt') {
    const owned = db
      .select({ seq: quizAttempts.seq })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.id, input.attemptId!), eq(quizAttempts.userId, userId)));
    const [examRows, found, pool] = await db.batch([
      exam,
      owned,
      db
        .selectDistinct({ id: questions.id, category: questions.category })
        .from(attemptQuestions)
        .innerJoin(questionVersions, eq(questionVersions.id, attemptQuestions.versionId))
        .innerJoin(questions, eq(questions.id, questionVersions.questionId))
        .where(
          and(
            eq(attemptQuestions.attemptSeq, sql`(${owned})`),
            eq(questions.isActive, true),
            notWithdrawn,
            RETAKE[input.only],
          ),
        ),
    ]);
    if (found.length === 0) return null;
    return { pool, categories: [...new Set(pool.map((q) => q.category))], exam: examRows };
  }
  if (input.source === 'weakest') {
    const [examRows, areas, pool] = await db.batch([
      exam,
      areasOf(db, userId),
      poolOf(db, userId, 'all', input.categories, input.exam),
    ]);
    const weakest = weakestAreas(
      areas.filter((area) => input.categories.includes(area.category)),
      now,
    );
    return {
      pool: pool.filter((q) => weakest.includes(q.category)),
      categories: weakest,
      exam: examRows,
    };
  }
  const [examRows, pool] = await db.batch([
    exam,
    poolOf(db, userId, input.source, input.categories, input.exam),
  ]);
  return { pool, categories: [...input.categories], exam: examRows };
}

export function noneToDraw(source: PracticeSource): ApiError {
  const message = NONE_IN_POOL[source];
  return new ApiError(400, message, 'NOT_ENOUGH_QUESTIONS', { source: message });
}
