import type { Locale } from '@drone-exam/shared/i18n';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  AttemptDetail,
  AttemptQuestion,
  AttemptSummary,
  CategoryScore,
  CreateAttempt,
  CurrentQuestion,
  QuestionHistory,
  RevealedAnswer,
} from '@drone-exam/shared/schemas/quiz';
import { meetsPassMark, roundScore } from '@drone-exam/shared/text';
import { DEFAULT_EXAM, type ExamId } from '@drone-exam/shared/schemas/exam-values';
import {
  figureIn,
  type QuestionFigure,
  type QuestionFigureFrench,
} from '@drone-exam/shared/schemas/figure';
import type { LearnMore, LearnMoreRef } from '@drone-exam/shared/schemas/exam';
import type { Db } from '../db/client.ts';
import { abortedWith } from '../db/guards.ts';
import { attemptSeqOf } from '../db/keys.ts';
import {
  attemptQuestions,
  learnerQuestions,
  questions,
  questionVersions,
  quizAttempts,
  studyModules,
} from '../db/schema.ts';
import { ApiError, conflict, notFound } from '../lib/http.ts';
import { bumpCounter, recordActivity, trackEvent } from '../lib/events.ts';
import { updateUserStats } from '../lib/user-stats.ts';
import { newId } from '../lib/ids.ts';
import { iso } from '../lib/time.ts';
import { recordShown } from '../learning/record.ts';
import { drawablePool, noneToDraw } from '../learning/pools.ts';
import { notWithdrawnAs } from '../quality/withdrawal.ts';
import { drawByBlueprint, optionOrder, sampleWithoutRepeats } from './selection.ts';
import { attemptExam, blueprintOf } from '../exams/service.ts';
import { QUESTION_HISTORY_LENGTH } from './constants.ts';
import {
  QUIZ_MODE_LABELS,
  type AttemptStatus,
  type QuestionCategory,
  type QuizMode,
} from '@drone-exam/shared/schemas/quiz-values';

export type AttemptRow = typeof quizAttempts.$inferSelect;

/** An attempt's question with the version it showed (joined from question_versions). */
export type AttemptQuestionRow = Omit<typeof attemptQuestions.$inferSelect, 'countsPending'> & {
  questionId: string;
  questionSeq: number;
  category: QuestionCategory;
  snapshotJson: string;
  /** The heading the version's learnMore names, in English and in French (null when it leads nowhere). */
  learnMoreTitle: string | null;
  learnMoreTitleFr: string | null;
};

/** A question version as kept: options in their own order, the key an index into them. */
type VersionSnapshot = {
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
  regulationReference: string | null;
  imageUrl: string | null;
  /** Its figure (0015); absent in versions kept before. */
  figure?: QuestionFigure | null;
  /** Why each option is right or wrong, in stored order, and where it is taught (0018). */
  optionExplanations?: string[] | null;
  learnMore?: LearnMoreRef | null;
  /**
   * Its French when it had one (0014): the same options in the same order, so the key, the
   * shuffle and the answer are the same in both languages. Absent in versions kept before.
   */
  fr?: {
    question: string;
    options: string[];
    explanation: string;
    figure?: QuestionFigureFrench | null;
    optionExplanations?: string[] | null;
  } | null;
};

/** The question as it was asked: options in the attempt's order, the answer index mapped to it. */
export type Snapshot = Omit<VersionSnapshot, 'fr' | 'figure' | 'optionExplanations'> & {
  figure: QuestionFigure | null;
  /** Each shown option's rationale, in the attempt's order; empty when the version has none. */
  optionExplanations: string[];
};

/** The version's index of the option shown at `position`: base-4 digit `position` of the order. */
export const originalIndex = (order: number, position: number) => (order >> (2 * position)) & 3;

/**
 * The question exactly as this attempt showed it: the kept version, shuffled by its order, in
 * the reader's language (the version's French, or its English where it had none). The language
 * changes only the words: the options, the key and the learner's answer are the same indexes.
 */
export function snapshotOf(
  row: Pick<AttemptQuestionRow, 'snapshotJson' | 'optionOrder'>,
  locale: Locale = 'en',
): Snapshot {
  const { fr, ...version } = JSON.parse(row.snapshotJson) as VersionSnapshot;
  const words =
    locale === 'fr' && fr && fr.options.length === version.options.length ? fr : version;
  const shown = version.options.map((_, i) => originalIndex(row.optionOrder, i));
  const rationales =
    words === fr && fr.optionExplanations?.length === version.options.length
      ? fr.optionExplanations
      : version.optionExplanations;
  return {
    ...version,
    figure: figureIn(version.figure ?? null, words === fr ? fr?.figure : null),
    question: words.question,
    explanation: words.explanation,
    options: shown.map((index) => words.options[index]!),
    correctAnswer: shown.indexOf(version.correctAnswer),
    optionExplanations:
      rationales?.length === version.options.length ? shown.map((index) => rationales[index]!) : [],
  };
}

export const ATTEMPT_NOT_FOUND = 'Quiz attempt not found';
export const QUESTION_NOT_IN_ATTEMPT = 'This question is not part of the attempt';
export const ALREADY_ANSWERED = 'This question has already been answered. An answer is final.';
export const ATTEMPT_CLOSED = 'This attempt is finished, so it can no longer be changed.';
export const TIME_UP =
  'Time is up: the attempt has ended and was scored on the answers given in time.';

export function isExpired(attempt: AttemptRow, now: number): boolean {
  return (
    attempt.status === 'in-progress' && attempt.deadlineAt !== null && now >= attempt.deadlineAt
  );
}

export const ownedAttempt = (db: Db, attemptId: string, userId: string) =>
  db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, userId)))
    .limit(1);

/**
 * The title of the heading a version's learnMore names, read from its published module's table of
 * contents (the slug's unique index, then the module's few headings); null when the module is not
 * published or no longer has the heading, so a learner is never sent to a page that is not there.
 */
const learnMoreHeading = (toc: SQL) =>
  sql<
    string | null
  >`(select json_extract(t.value, '$.title') from ${studyModules} m, json_each(${toc}) t where m.slug = json_extract(${questionVersions.snapshotJson}, '$.learnMore.moduleSlug') and m.status = 'published' and json_extract(t.value, '$.id') = json_extract(${questionVersions.snapshotJson}, '$.learnMore.sectionId') limit 1)`;

/** Attempt questions with their versions, for the statements below. */
const withVersion = (db: Db) =>
  db
    .select({
      attemptSeq: attemptQuestions.attemptSeq,
      position: attemptQuestions.position,
      versionId: attemptQuestions.versionId,
      optionOrder: attemptQuestions.optionOrder,
      selectedIndex: attemptQuestions.selectedIndex,
      isCorrect: attemptQuestions.isCorrect,
      flagged: attemptQuestions.flagged,
      timeSpentSeconds: attemptQuestions.timeSpentSeconds,
      answeredAt: attemptQuestions.answeredAt,
      foundSection: attemptQuestions.foundSection,
      questionId: questionVersions.questionId,
      questionSeq: questionVersions.questionSeq,
      category: questionVersions.category,
      snapshotJson: questionVersions.snapshotJson,
      learnMoreTitle: learnMoreHeading(sql.raw('m.toc_json')),
      learnMoreTitleFr: learnMoreHeading(sql.raw('coalesce(m.toc_json_fr, m.toc_json)')),
    })
    .from(attemptQuestions)
    .innerJoin(questionVersions, eq(questionVersions.id, attemptQuestions.versionId));

export const attemptQuestionRows = (db: Db, attemptId: string) =>
  withVersion(db)
    .where(eq(attemptQuestions.attemptSeq, attemptSeqOf(attemptId)))
    .orderBy(asc(attemptQuestions.position));

/** Each question's answered and flagged state, for the question map. */
export const progressRows = (db: Db, attemptId: string) =>
  db
    .select({
      answered: sql<number>`${attemptQuestions.selectedIndex} is not null or ${attemptQuestions.foundSection} is not null`,
      flagged: attemptQuestions.flagged,
    })
    .from(attemptQuestions)
    .where(eq(attemptQuestions.attemptSeq, attemptSeqOf(attemptId)))
    .orderBy(asc(attemptQuestions.position));

/** True while the attempt takes answers: in progress and, in exam mode, before its deadline. */
export const attemptIsOpen = (attemptId: string, now: number): SQL =>
  sql`exists (select 1 from ${quizAttempts} where ${quizAttempts.id} = ${attemptId} and ${quizAttempts.status} = 'in-progress' and (${quizAttempts.deadlineAt} is null or ${quizAttempts.deadlineAt} > ${now}))`;

// ---------------------------------------------------------------------------------------------
// Creating an attempt
// ---------------------------------------------------------------------------------------------

/**
 * Puts the drawn questions into the attempt in one statement: each refers to its question's
 * current version and keeps how its options were shuffled (the `order` permutation of 0–3,
 * narrowed to the options the question has, as base-4 digits), all in SQL, so the insert needs
 * no read of the questions first. Positions follow the draw and stay 0..n-1 even if a question
 * disappeared between the draw and this insert, or was withdrawn by learners' reports meanwhile
 * (every way an attempt starts goes through here, so none shows a withdrawn question).
 */
function copyQuestions(db: Db, attemptId: string, picks: Array<{ id: string; order: string }>) {
  const order = sql.raw(`json_extract(pick.value, '$.order')`);
  const chosen = JSON.stringify(picks);
  const shownAt = sql`(select count(*) from json_each(v.snapshot_json, '$.options') o2 where instr(${order}, o2.key) < instr(${order}, o.key))`;
  return db.insert(attemptQuestions).select(sql`
    select ${attemptSeqOf(attemptId)},
      (select count(*) from json_each(${chosen}) earlier join ${questions} found on found.id = json_extract(earlier.value, '$.id') and ${notWithdrawnAs('found')} where earlier.key < pick.key),
      v.id,
      (select sum(o.key << (2 * ${shownAt})) from json_each(v.snapshot_json, '$.options') o),
      null, null, 0, 0, null, 0, null
    from json_each(${chosen}) pick
    join ${questions} q on q.id = json_extract(pick.value, '$.id') and ${notWithdrawnAs('q')}
    join ${questionVersions} v on v.question_id = q.id and v.version = q.version`);
}

/**
 * Draws the questions from an index (the ids of the active questions in the chosen categories,
 * read from a covering index) and writes the attempt, its questions and the bookkeeping in one
 * batch: two round trips in all.
 */
export async function createAttempt(
  db: Db,
  userId: string,
  input: CreateAttempt,
  now = Date.now(),
): Promise<AttemptSummary> {
  const drawable = await drawablePool(db, userId, input, now);
  if (!drawable) throw notFound(ATTEMPT_NOT_FOUND);
  const { pool, categories, exam } = drawable;
  if (pool.length === 0) throw noneToDraw(input.source);
  // Exam mode takes the exam's own count and time unless the learner chose theirs.
  const questionCount = input.questionCount ?? exam.questionCount;
  const timeLimit = input.mode === 'timed' ? (input.timeLimit ?? exam.timeLimitMinutes) : null;
  // The whole bank must hold what was asked; a learner's own pool gives what it has.
  if (input.source === 'all' && pool.length < questionCount) {
    const message = `Only ${pool.length} questions are available in the chosen categories. Choose fewer questions or more categories.`;
    throw new ApiError(400, message, 'NOT_ENOUGH_QUESTIONS', { questionCount: message });
  }
  const drawn =
    input.mode === 'timed' && input.source === 'all'
      ? drawByBlueprint(pool, blueprintOf(exam), questionCount)
      : sampleWithoutRepeats(pool, questionCount);
  return writeAttempt(
    db,
    userId,
    {
      mode: input.mode,
      // The pool's categories: a retake's or the weakest topics', not only the ones asked for.
      categories,
      timeLimitSeconds: timeLimit === null ? null : timeLimit * 60,
      questionIds: drawn.map((question) => question.id),
      exam: attemptExam(exam),
    },
    now,
  );
}

export type NewAttempt = {
  mode: QuizMode;
  categories: QuestionCategory[];
  timeLimitSeconds: number | null;
  /** The questions in the order the attempt asks them. */
  questionIds: string[];
  /** The exam practised and its marks; left out, the columns' defaults are Basic's. */
  exam?: { id: ExamId; passMark: number; examPassMark: number };
};

/**
 * Writes an attempt with its questions (each shuffled) and the bookkeeping in one batch: the
 * second round trip of every way an attempt starts (practice, review session, recency set).
 */
export async function writeAttempt(
  db: Db,
  userId: string,
  spec: NewAttempt,
  now = Date.now(),
): Promise<AttemptSummary> {
  const id = newId();
  const { mode, timeLimitSeconds } = spec;
  const [, , [attempt]] = await db.batch([
    db.insert(quizAttempts).values({
      id,
      userId,
      mode,
      ...(spec.exam
        ? { exam: spec.exam.id, passMark: spec.exam.passMark, examPassMark: spec.exam.examPassMark }
        : {}),
      status: 'in-progress',
      categoriesJson: JSON.stringify(spec.categories),
      questionCount: spec.questionIds.length,
      timeLimitSeconds,
      deadlineAt: timeLimitSeconds === null ? null : now + timeLimitSeconds * 1000,
      startedAt: now,
      lastActivityAt: now,
      createdAt: now,
    }),
    copyQuestions(
      db,
      id,
      spec.questionIds.map((questionId) => ({ id: questionId, order: optionOrder() })),
    ),
    db
      .update(quizAttempts)
      .set({
        questionCount: sql`(select count(*) from ${attemptQuestions} where ${attemptQuestions.attemptSeq} = ${attemptSeqOf(id)})`,
      })
      .where(eq(quizAttempts.id, id))
      .returning(),
    recordShown(db, userId, id),
    bumpCounter(db, 'attempts.started'),
    bumpCounter(db, `attempts.${mode}.started`),
    ...(mode === 'find'
      ? []
      : [bumpCounter(db, `attempts.exam.${spec.exam?.id ?? DEFAULT_EXAM}.started`)]),
    updateUserStats(db, userId, { attemptsStarted: 1 }, { now }),
    ...trackEvent(
      db,
      'quiz_start',
      userId,
      { attemptId: id, mode, questionCount: spec.questionIds.length },
      now,
    ),
  ]);
  return toSummary(attempt!, now);
}

// ---------------------------------------------------------------------------------------------
// Closing an attempt
// ---------------------------------------------------------------------------------------------

export const isCloseRefused = (error: unknown) =>
  abortedWith(error, 'quiz attempt closed or changed');

/**
 * Scores and completes an in-progress attempt with its bookkeeping in one batch. Unanswered
 * questions count as wrong. Exam time stops at the deadline; study time is the time spent on the
 * answered questions. Returns the completed row, or null when the attempt was closed or answered
 * meanwhile (the close-once trigger aborted the batch; the caller reads again).
 */
export async function completeAttempt(
  db: Db,
  attempt: AttemptRow,
  now = Date.now(),
): Promise<AttemptRow | null> {
  // A Find-it drill measures finding, not knowing: it closes unscored, so no score series, best
  // score or average counts it (docs/decisions/2026-11-29-find-it.md).
  const scored = attempt.mode !== 'find';
  const score = scored
    ? roundScore((attempt.correctCount / Math.max(1, attempt.questionCount)) * 100)
    : null;
  const passed = score === null ? null : meetsPassMark(score, attempt.passMark);
  const timeSpentSeconds =
    attempt.deadlineAt === null
      ? attempt.timeSpentSeconds
      : Math.round((Math.min(now, attempt.deadlineAt) - attempt.startedAt) / 1000);
  const closing = {
    status: 'completed',
    score,
    passed,
    timeSpentSeconds,
    completedAt: now,
    lastActivityAt: now,
  } as const;
  const completed: AttemptRow = { ...attempt, ...closing };
  const mode = attempt.mode;
  try {
    await db.batch([
      db
        .update(quizAttempts)
        .set({
          ...closing,
          // The count this score was computed from; the trigger refuses it if an answer landed since.
          answeredCount: attempt.answeredCount,
        })
        .where(eq(quizAttempts.id, attempt.id)),
      bumpCounter(db, 'attempts.completed'),
      bumpCounter(db, 'attempts.time_sum', timeSpentSeconds),
      bumpCounter(db, `attempts.${mode}.completed`),
      ...(score === null
        ? [updateUserStats(db, attempt.userId, {}, { now })]
        : [
            bumpCounter(db, 'attempts.score_sum', score),
            bumpCounter(db, `attempts.${mode}.score_sum`, score),
            bumpCounter(db, `attempts.exam.${attempt.exam}.completed`),
            bumpCounter(db, `attempts.exam.${attempt.exam}.score_sum`, score),
            updateUserStats(
              db,
              attempt.userId,
              { attemptsCompleted: 1, scoreSum: score },
              { now, bestScore: score },
            ),
          ]),
      recordActivity(
        db,
        {
          userId: attempt.userId,
          type: 'quiz_completed',
          title: `${QUIZ_MODE_LABELS[mode]} quiz`,
          description: `${attempt.correctCount} of ${attempt.questionCount} correct`,
          score,
          metadata: { attemptId: attempt.id, mode, passed },
        },
        now,
      ),
      ...trackEvent(
        db,
        'quiz_complete',
        attempt.userId,
        { attemptId: attempt.id, mode, score, passed, timeSpent: timeSpentSeconds },
        now,
      ),
    ]);
  } catch (error) {
    if (isCloseRefused(error)) return null;
    throw error;
  }
  return completed;
}

/**
 * Reads an attempt with its questions, closing it first when asked to (finish) or when its
 * deadline has passed. Finishing is idempotent: a closed attempt is returned as it is.
 */
export async function settledAttempt(
  db: Db,
  attemptId: string,
  userId: string,
  options: { finish: boolean; now?: number; locale?: Locale },
): Promise<AttemptDetail> {
  const locale = options.locale ?? 'en';
  const now = options.now ?? Date.now();
  for (let tries = 0; tries < 3; tries++) {
    const [[attempt], rows, records] = await db.batch([
      ownedAttempt(db, attemptId, userId),
      attemptQuestionRows(db, attemptId),
      attemptRecords(db, userId, attemptId),
    ]);
    if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
    const close = attempt.status === 'in-progress' && (options.finish || isExpired(attempt, now));
    if (!close) return toDetail(attempt, rows, records, now, locale);
    const completed = await completeAttempt(db, attempt, now);
    if (completed) return toDetail(completed, rows, records, now, locale);
  }
  throw conflict('The attempt changed while it was being scored. Please try again.');
}

/** Answers for an attempt that has ended: closes an expired one, then refuses the change. */
export async function refuseClosed(db: Db, attempt: AttemptRow, now: number): Promise<never> {
  if (isExpired(attempt, now)) {
    await completeAttempt(db, attempt, now);
    throw conflict(TIME_UP, 'TIME_UP');
  }
  throw conflict(ATTEMPT_CLOSED, 'ATTEMPT_CLOSED');
}

// ---------------------------------------------------------------------------------------------
// Listing
// ---------------------------------------------------------------------------------------------

export async function listAttempts(
  db: Db,
  userId: string,
  query: { page: number; limit: number; status?: AttemptStatus },
  now = Date.now(),
) {
  const where = query.status
    ? and(eq(quizAttempts.userId, userId), eq(quizAttempts.status, query.status))
    : eq(quizAttempts.userId, userId);
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(quizAttempts)
      .where(where)
      .orderBy(desc(quizAttempts.createdAt))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(quizAttempts).where(where),
  ]);
  return { attempts: rows.map((row) => toSummary(row, now)), total: total?.value ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// What the learner sees
// ---------------------------------------------------------------------------------------------

export function toSummary(row: AttemptRow, now = Date.now()): AttemptSummary {
  return {
    id: row.id,
    mode: row.mode,
    status: row.status,
    categories: JSON.parse(row.categoriesJson) as QuestionCategory[],
    questionCount: row.questionCount,
    answeredCount: row.answeredCount,
    correctCount: row.correctCount,
    score: row.score,
    passed: row.passed,
    timeSpent: row.timeSpentSeconds,
    timeLimit: row.timeLimitSeconds === null ? null : row.timeLimitSeconds / 60,
    deadlineAt: iso(row.deadlineAt),
    expired: isExpired(row, now),
    startedAt: iso(row.startedAt)!,
    completedAt: iso(row.completedAt),
    lastActivityAt: iso(row.lastActivityAt)!,
    exam: row.exam,
    passMark: row.passMark,
    examPassMark: row.examPassMark,
  };
}

/** Where the question's fact is taught, titled in the reader's language; null when it leads nowhere. */
export function learnMoreOf(
  row: Pick<AttemptQuestionRow, 'learnMoreTitle' | 'learnMoreTitleFr'>,
  snapshot: Snapshot,
  locale: Locale,
): LearnMore | null {
  const title = locale === 'fr' ? row.learnMoreTitleFr : row.learnMoreTitle;
  if (!snapshot.learnMore || title === null) return null;
  const { moduleSlug, sectionId } = snapshot.learnMore;
  return { moduleSlug, sectionId, title };
}

export function revealedAnswer(
  row: AttemptQuestionRow,
  snapshot: Snapshot,
  locale: Locale,
): RevealedAnswer {
  return {
    selectedIndex: row.selectedIndex!,
    correct: row.isCorrect === true,
    correctAnswer: snapshot.correctAnswer,
    explanation: snapshot.explanation,
    regulationReference: snapshot.regulationReference,
    optionExplanations: snapshot.optionExplanations,
    learnMore: learnMoreOf(row, snapshot, locale),
  };
}

/** The learner's records of an attempt's questions (by primary key, one read). */
export const attemptRecords = (db: Db, userId: string, attemptId: string) =>
  db
    .select({
      questionSeq: learnerQuestions.questionSeq,
      timesAnswered: learnerQuestions.timesAnswered,
      recentOutcomes: learnerQuestions.recentOutcomes,
    })
    .from(learnerQuestions)
    .where(
      and(
        eq(learnerQuestions.userId, userId),
        inArray(
          learnerQuestions.questionSeq,
          db
            .select({ seq: questionVersions.questionSeq })
            .from(attemptQuestions)
            .innerJoin(questionVersions, eq(questionVersions.id, attemptQuestions.versionId))
            .where(eq(attemptQuestions.attemptSeq, attemptSeqOf(attemptId))),
        ),
      ),
    );

type LearnerRecord = { timesAnswered: number; recentOutcomes: number };

/** "Answered 3 times: ✗ ✓ ✓": the count, and the outcomes the record keeps, oldest first. */
export function historyOf(record: LearnerRecord | undefined): QuestionHistory | null {
  if (!record || record.timesAnswered === 0) return null;
  const kept = Math.min(record.timesAnswered, QUESTION_HISTORY_LENGTH);
  const outcomes = Array.from({ length: kept }, (_, i) =>
    Boolean((record.recentOutcomes >> (kept - 1 - i)) & 1),
  );
  return { answered: record.timesAnswered, outcomes };
}

function toQuestion(
  row: AttemptQuestionRow,
  reveal: boolean,
  record: LearnerRecord | undefined,
  locale: Locale,
): AttemptQuestion {
  const snapshot = snapshotOf(row, locale);
  const shown = reveal || row.selectedIndex !== null;
  return {
    position: row.position,
    questionId: row.questionId,
    category: row.category,
    stem: snapshot.question,
    imageUrl: snapshot.imageUrl,
    figure: snapshot.figure,
    choices: snapshot.options.map((text) => ({ text })),
    flagged: row.flagged,
    timeSpent: row.timeSpentSeconds,
    userAnswer: row.selectedIndex,
    isCorrect: row.selectedIndex === null ? (reveal ? false : null) : row.isCorrect,
    correctAnswer: shown ? snapshot.correctAnswer : null,
    explanation: shown ? snapshot.explanation : null,
    regulationReference: shown ? snapshot.regulationReference : null,
    optionExplanations: shown ? snapshot.optionExplanations : null,
    learnMore: shown ? learnMoreOf(row, snapshot, locale) : null,
    history: shown ? historyOf(record) : null,
    found: null,
  };
}

function categoryScores(rows: AttemptQuestionRow[]): CategoryScore[] {
  const byCategory = new Map<QuestionCategory, { total: number; correct: number }>();
  for (const row of rows) {
    const entry = byCategory.get(row.category) ?? { total: 0, correct: 0 };
    entry.total += 1;
    if (row.isCorrect) entry.correct += 1;
    byCategory.set(row.category, entry);
  }
  return [...byCategory].map(([category, { total, correct }]) => ({
    category,
    total,
    correct,
    percent: roundScore((correct / total) * 100),
  }));
}

export function toDetail(
  attempt: AttemptRow,
  rows: AttemptQuestionRow[],
  records: Array<LearnerRecord & { questionSeq: number }>,
  now = Date.now(),
  locale: Locale = 'en',
): AttemptDetail {
  const closed = attempt.status !== 'in-progress';
  const recordOf = new Map(records.map((record) => [record.questionSeq, record]));
  return {
    ...toSummary(attempt, now),
    questions: rows.map((row) => toQuestion(row, closed, recordOf.get(row.questionSeq), locale)),
    categoryScores: closed ? categoryScores(rows) : [],
    findResults: null,
  };
}

export function toCurrentQuestion(
  attempt: AttemptRow,
  row: AttemptQuestionRow,
  progress: Array<{ answered: number | boolean; flagged: boolean }>,
  now = Date.now(),
  locale: Locale = 'en',
): CurrentQuestion {
  const snapshot = snapshotOf(row, locale);
  return {
    attemptId: attempt.id,
    mode: attempt.mode,
    question: {
      id: row.questionId,
      stem: snapshot.question,
      imageUrl: snapshot.imageUrl,
      figure: snapshot.figure,
      // A Find-it item is the question alone: the learner finds where it is taught (issue 29).
      choices: attempt.mode === 'find' ? [] : snapshot.options.map((text) => ({ text })),
      category: row.category,
    },
    questionIndex: row.position,
    questionNumber: row.position + 1,
    totalQuestions: attempt.questionCount,
    timeRemaining:
      attempt.deadlineAt === null
        ? null
        : Math.max(0, Math.floor((attempt.deadlineAt - now) / 1000)),
    canGoBack: row.position > 0,
    canGoForward: row.position < attempt.questionCount - 1,
    flagged: row.flagged,
    answeredCount: attempt.answeredCount,
    answer: row.selectedIndex === null ? null : revealedAnswer(row, snapshot, locale),
    progress: progress.map((p) => ({ answered: Boolean(p.answered), flagged: p.flagged })),
  };
}

/** The attempt question a learner names by question id (any version of it the attempt showed). */
export const attemptQuestionById = (db: Db, attemptId: string, questionId: string) =>
  withVersion(db)
    .where(
      and(
        eq(attemptQuestions.attemptSeq, attemptSeqOf(attemptId)),
        inArray(
          attemptQuestions.versionId,
          db
            .select({ id: questionVersions.id })
            .from(questionVersions)
            .where(eq(questionVersions.questionId, questionId)),
        ),
      ),
    )
    .limit(1);

export const attemptQuestionAt = (db: Db, attemptId: string, position: number | SQL) =>
  withVersion(db)
    .where(
      and(
        eq(attemptQuestions.attemptSeq, attemptSeqOf(attemptId)),
        eq(attemptQuestions.position, position),
      ),
    )
    .limit(1);

/** The unanswered state of one attempt question, as a condition for the writes that answer it. */
export const isUnanswered = (attemptId: string, position: number): SQL =>
  sql`exists (select 1 from ${attemptQuestions} where ${attemptQuestions.attemptSeq} = ${attemptSeqOf(attemptId)} and ${attemptQuestions.position} = ${position} and ${attemptQuestions.selectedIndex} is null)`;

/** The attempt question itself, for the writes that answer or flag it. */
export const thisAttemptQuestion = (attemptId: string, position: number) =>
  and(
    eq(attemptQuestions.attemptSeq, attemptSeqOf(attemptId)),
    eq(attemptQuestions.position, position),
  );
