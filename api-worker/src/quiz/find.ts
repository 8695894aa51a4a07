/**
 * The open-book drill "Find it" (issue 29): each item is a question without its options, and the
 * learner answers with the module section that teaches it. It is a quiz attempt of mode 'find'
 * whose answers are sections (attempt_questions.found_section) rather than options, so it measures
 * finding, not knowing: its answers feed neither the learner's records, spaced review and
 * readiness, nor the questions' counters and item statistics, and the drill closes unscored
 * (docs/decisions/2026-11-29-find-it.md).
 */
import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { FIND_MODE_QUESTIONS, type QuestionCategory } from '@drone-exam/shared/schemas/quiz-values';
import { FIND_SLOWEST_TOPICS } from './constants.ts';
import type { Locale } from '@drone-exam/shared/i18n';
import type { TocEntry } from '@drone-exam/shared/markdown';
import { type LearnMoreRef } from '@drone-exam/shared/schemas/exam';
import { masksWith } from '@drone-exam/shared/schemas/exam-values';
import type {
  AttemptDetail,
  AttemptSummary,
  CreateAttempt,
  FindAnswerResult,
  FindResults,
  FoundSection,
} from '@drone-exam/shared/schemas/quiz';
import type { Db } from '../db/client.ts';
import { attemptSeqOf } from '../db/keys.ts';
import {
  attemptQuestions,
  questionVersions,
  questions,
  quizAttempts,
  studyModules,
} from '../db/schema.ts';
import { ApiError, conflict, notFound } from '../lib/http.ts';
import { notWithdrawn } from '../quality/withdrawal.ts';
import { attemptExam, EXAM_NOT_FOUND, examRow } from '../exams/service.ts';
import {
  ALREADY_ANSWERED,
  ATTEMPT_NOT_FOUND,
  QUESTION_NOT_IN_ATTEMPT,
  attemptIsOpen,
  attemptQuestionById,
  attemptQuestionRows,
  isExpired,
  ownedAttempt,
  refuseClosed,
  settledAttempt,
  thisAttemptQuestion,
  writeAttempt,
  type AttemptQuestionRow,
} from './queries.ts';
import { sampleWithoutRepeats } from './selection.ts';

export const FIND_TAKES_A_SECTION =
  'This is a Find-it drill: answer with the section that teaches the question (moduleSlug and sectionId)';
export const ATTEMPT_TAKES_AN_OPTION =
  'Only a Find-it drill is answered with a section: choose one of the answers (selectedIndex)';

/** Where a version says its fact is taught: its learnMore first, then the other sections. */
type Taught = { learnMore?: LearnMoreRef | null; alsoTaughtIn?: LearnMoreRef[] | null };

const taughtIn = (row: Pick<AttemptQuestionRow, 'snapshotJson'>) => {
  const { learnMore, alsoTaughtIn } = JSON.parse(row.snapshotJson) as Taught;
  return learnMore ? [learnMore, ...(alsoTaughtIn ?? [])] : [];
};

/** A found section as stored: "module-slug#section-id" (both forbid '#'). */
const stored = (ref: LearnMoreRef) => `${ref.moduleSlug}#${ref.sectionId}`;
const parsed = (value: string): LearnMoreRef => {
  const [moduleSlug = '', sectionId = ''] = value.split('#');
  return { moduleSlug, sectionId };
};

type ModuleToc = { slug: string; tocJson: string; tocJsonFr: string | null };

/** Headings by module slug, in the reader's language (French headings keep the English ids). */
function headingTitles(modules: readonly ModuleToc[], locale: Locale) {
  return new Map(
    modules.map((module) => {
      const toc = JSON.parse(
        locale === 'fr' ? (module.tocJsonFr ?? module.tocJson) : module.tocJson,
      ) as TocEntry[];
      return [module.slug, new Map(toc.map((entry) => [entry.id, entry.title]))];
    }),
  );
}

const titled = (titles: ReturnType<typeof headingTitles>, ref: LearnMoreRef) =>
  titles.get(ref.moduleSlug)?.get(ref.sectionId) ?? null;

/** The published modules whose slug is among `slugs` (SQL), each a read of the slug's unique index. */
const modulesNamed = (db: Db, slugs: SQL) =>
  db
    .select({
      slug: studyModules.slug,
      tocJson: studyModules.tocJson,
      tocJsonFr: studyModules.tocJsonFr,
    })
    .from(studyModules)
    .where(and(sql`${studyModules.slug} in ${slugs}`, eq(studyModules.status, 'published')));

// ---------------------------------------------------------------------------------------------
// Starting a drill
// ---------------------------------------------------------------------------------------------

/**
 * Starts a drill from the active questions of the chosen exam and categories that name where they
 * are taught, in two round trips: the pool from the category index with the exam's row, then the
 * attempt as every mode writes it.
 */
export async function startFindDrill(
  db: Db,
  userId: string,
  input: CreateAttempt,
  now = Date.now(),
): Promise<AttemptSummary> {
  const questionCount = input.questionCount ?? FIND_MODE_QUESTIONS;
  const [pool, [exam]] = await db.batch([
    db
      .select({ id: questions.id, category: questions.category })
      .from(questions)
      .where(
        and(
          inArray(questions.category, input.categories),
          eq(questions.isActive, true),
          inArray(questions.examsMask, masksWith(input.exam)),
          notWithdrawn,
          isNotNull(questions.learnMoreJson),
        ),
      ),
    examRow(db, input.exam),
  ]);
  if (!exam) throw notFound(EXAM_NOT_FOUND);
  if (pool.length < questionCount) {
    const message = `Only ${pool.length} questions in the chosen categories can be found in the study modules. Choose fewer questions or more categories.`;
    throw new ApiError(400, message, 'NOT_ENOUGH_QUESTIONS', { questionCount: message });
  }
  const drawn = sampleWithoutRepeats(pool, questionCount);
  return writeAttempt(
    db,
    userId,
    {
      mode: 'find',
      categories: input.categories,
      timeLimitSeconds: null,
      questionIds: drawn.map((question) => question.id),
      exam: attemptExam(exam),
    },
    now,
  );
}

// ---------------------------------------------------------------------------------------------
// Answering an item
// ---------------------------------------------------------------------------------------------

export type FindAnswerRequest = {
  attemptId: string;
  userId: string;
  questionId: string;
  section: LearnMoreRef;
  /** Seconds the learner says they spent; capped by the time since the drill started. */
  timeSpent: number;
  locale: Locale;
  now: number;
};

const unknownSection = (section: LearnMoreRef) => {
  const message = `The module "${section.moduleSlug}" has no section "${section.sectionId}"`;
  return new ApiError(400, message, 'VALIDATION_ERROR', { sectionId: message });
};

/**
 * Records the section a learner picked for an item: right when it is the question's learnMore or
 * one of its alsoTaughtIn. Final once given. Two round trips: the attempt, the item and the modules
 * of the picked and the teaching sections in one read, then one conditional write.
 */
export async function answerFind(db: Db, request: FindAnswerRequest): Promise<FindAnswerResult> {
  const { attemptId, userId, questionId, section, now } = request;
  const teachingModule = sql`(select json_extract(${questionVersions.snapshotJson}, '$.learnMore.moduleSlug') from ${attemptQuestions} join ${questionVersions} on ${questionVersions.id} = ${attemptQuestions.versionId} where ${attemptQuestions.attemptSeq} = ${attemptSeqOf(attemptId)} and ${questionVersions.questionId} = ${questionId})`;
  const [[attempt], [row], modules] = await db.batch([
    ownedAttempt(db, attemptId, userId),
    attemptQuestionById(db, attemptId, questionId),
    modulesNamed(db, sql`(${section.moduleSlug}, ${teachingModule})`),
  ]);
  if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
  if (attempt.status !== 'in-progress' || isExpired(attempt, now))
    await refuseClosed(db, attempt, now);
  if (attempt.mode !== 'find') {
    throw new ApiError(400, ATTEMPT_TAKES_AN_OPTION, 'VALIDATION_ERROR', {
      selectedIndex: ATTEMPT_TAKES_AN_OPTION,
    });
  }
  if (!row) throw notFound(QUESTION_NOT_IN_ATTEMPT);
  if (row.foundSection !== null) throw conflict(ALREADY_ANSWERED, 'ALREADY_ANSWERED');
  const titles = headingTitles(modules, request.locale);
  if (titled(titles, section) === null) throw unknownSection(section);

  const taught = taughtIn(row);
  const correct = taught.some((ref) => stored(ref) === stored(section));
  const seconds = Math.min(
    Math.round(request.timeSpent),
    Math.ceil((now - attempt.startedAt) / 1000),
  );
  const open = attemptIsOpen(attemptId, now);
  const unanswered = sql`exists (select 1 from ${attemptQuestions} where ${thisAttemptQuestion(attemptId, row.position)} and ${attemptQuestions.foundSection} is null)`;
  const [, written, [after]] = await db.batch([
    db
      .update(quizAttempts)
      .set({
        answeredCount: sql`${quizAttempts.answeredCount} + 1`,
        correctCount: sql`${quizAttempts.correctCount} + ${correct ? 1 : 0}`,
        timeSpentSeconds: sql`${quizAttempts.timeSpentSeconds} + ${seconds}`,
        lastActivityAt: now,
      })
      .where(and(eq(quizAttempts.id, attemptId), unanswered, open)),
    db
      .update(attemptQuestions)
      .set({
        foundSection: stored(section),
        isCorrect: correct,
        timeSpentSeconds: seconds,
        answeredAt: now,
      })
      .where(
        and(
          thisAttemptQuestion(attemptId, row.position),
          isNull(attemptQuestions.foundSection),
          open,
        ),
      )
      .returning({ position: attemptQuestions.position }),
    db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId)).limit(1),
  ]);
  if (written.length === 0) {
    if (after && after.status === 'in-progress' && !isExpired(after, now))
      throw conflict(ALREADY_ANSWERED, 'ALREADY_ANSWERED');
    await refuseClosed(db, after ?? attempt, now);
  }
  const learnMore = taught[0] ?? null;
  const title = learnMore && titled(titles, learnMore);
  return {
    questionId: row.questionId,
    correct,
    learnMore: learnMore && title !== null ? { ...learnMore, title } : null,
    timeSpent: seconds,
    answeredCount: after?.answeredCount ?? attempt.answeredCount + 1,
    totalQuestions: attempt.questionCount,
  };
}

// ---------------------------------------------------------------------------------------------
// The drill as the learner sees it, and its results
// ---------------------------------------------------------------------------------------------

/** The middle value (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median time to find, and the topics whose items took longest, over the items answered. */
export function findResults(
  items: ReadonlyArray<{ category: QuestionCategory; seconds: number; answered: boolean }>,
): FindResults {
  const answered = items.filter((item) => item.answered);
  const byTopic = new Map<QuestionCategory, number[]>();
  for (const item of answered) {
    byTopic.set(item.category, [...(byTopic.get(item.category) ?? []), item.seconds]);
  }
  return {
    medianSeconds: median(answered.map((item) => item.seconds)),
    slowestTopics: [...byTopic]
      .map(([category, seconds]) => ({
        category,
        medianSeconds: median(seconds)!,
        items: seconds.length,
      }))
      .sort((a, b) => b.medianSeconds - a.medianSeconds || a.category.localeCompare(b.category))
      .slice(0, FIND_SLOWEST_TOPICS),
  };
}

/** The sections a drill's items name (taught and picked), as a list of module slugs in SQL. */
const drillModuleSlugs = (attemptId: string) => {
  const seq = attemptSeqOf(attemptId);
  return sql`(select json_extract(${questionVersions.snapshotJson}, '$.learnMore.moduleSlug') from ${attemptQuestions} join ${questionVersions} on ${questionVersions.id} = ${attemptQuestions.versionId} where ${attemptQuestions.attemptSeq} = ${seq} union select substr(${attemptQuestions.foundSection}, 1, instr(${attemptQuestions.foundSection}, '#') - 1) from ${attemptQuestions} where ${attemptQuestions.attemptSeq} = ${seq} and ${attemptQuestions.foundSection} is not null)`;
};

/**
 * GET /api/quiz/attempt/:id and POST …/finish: the attempt as settledAttempt reads it; a drill
 * shows its items without options, each answered item's outcome with its sections' titles, and,
 * once closed, its results. A drill's extra read is one round trip.
 */
export async function attemptView(
  db: Db,
  attemptId: string,
  userId: string,
  options: { finish: boolean; locale: Locale },
): Promise<AttemptDetail> {
  const detail = await settledAttempt(db, attemptId, userId, options);
  if (detail.mode !== 'find') return detail;
  const [rows, modules] = await db.batch([
    attemptQuestionRows(db, attemptId),
    modulesNamed(db, drillModuleSlugs(attemptId)),
  ]);
  const titles = headingTitles(modules, options.locale);
  const closed = detail.status !== 'in-progress';
  const rowAt = new Map(rows.map((row) => [row.position, row]));
  const outcome = (row: AttemptQuestionRow): FoundSection | null => {
    if (row.foundSection === null && !closed) return null;
    const learnMore = taughtIn(row)[0];
    const learnMoreTitle = learnMore ? titled(titles, learnMore) : null;
    const picked = row.foundSection === null ? null : parsed(row.foundSection);
    return {
      correct: row.isCorrect === true,
      picked: picked && { ...picked, title: titled(titles, picked) },
      learnMore:
        learnMore && learnMoreTitle !== null ? { ...learnMore, title: learnMoreTitle } : null,
    };
  };
  const items = detail.questions.map((question) => {
    const row = rowAt.get(question.position)!;
    const found = outcome(row);
    return {
      ...question,
      choices: [],
      userAnswer: null,
      correctAnswer: null,
      isCorrect: found ? found.correct : null,
      found,
    };
  });
  return {
    ...detail,
    questions: items,
    categoryScores: [],
    findResults: closed
      ? findResults(
          rows.map((row) => ({
            category: row.category,
            seconds: row.timeSpentSeconds,
            answered: row.foundSection !== null,
          })),
        )
      : null,
  };
}
