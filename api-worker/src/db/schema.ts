/**
 * The whole D1 schema. Migrations in /migrations are generated from this file by drizzle-kit
 * (`npm run db:generate`); full-text indexes and their triggers live in a hand-written migration
 * because drizzle-kit does not model virtual tables.
 *
 * Times are integer milliseconds since the epoch. JSON columns hold small arrays/objects only.
 * Every query on a request path must be served by one of the indexes declared here.
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import type { Locale } from '@drone-exam/shared/i18n';
import { ITEM_ANALYSIS_MIN_ANSWERS } from '../admin/constants.ts';
import { DEFAULT_TIME_ZONE } from '../learning/constants.ts';
import type {
  AttemptStatus,
  Difficulty,
  QuestionCategory,
  QuizMode,
} from '@drone-exam/shared/schemas/quiz-values';
import type { Role } from '@drone-exam/shared/schemas/auth-values';
import type { PaymentProvider, PaymentStatus } from '@drone-exam/shared/schemas/payments-values';
import type { ModuleStatus } from '@drone-exam/shared/schemas/study-values';
import type {
  QuestionReportReason,
  QuestionReportStatus,
} from '@drone-exam/shared/schemas/quality-values';
import type { EmailTemplate, SentEmailTemplate } from '@drone-exam/shared/schemas/admin-values';
import type { ContactSubject } from '@drone-exam/shared/schemas/contact-values';
import type {
  FlightReviewDocumentKind,
  FlightReviewExerciseId,
} from '@drone-exam/shared/schemas/flight-review-values';
import { RECENCY_PROGRAM_TAG } from '@drone-exam/shared/schemas/learning-values';
import { DAILY_GOAL_DEFAULT } from '@drone-exam/shared/schemas/learning-values';
import type { ExamId } from '@drone-exam/shared/schemas/exam-values';
import type { AssignmentKind } from '@drone-exam/shared/schemas/classes-values';

const createdAt = () =>
  integer('created_at')
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const updatedAt = () =>
  integer('updated_at')
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
    role: text('role').$type<Role>().notNull().default('user'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    premiumUntil: integer('premium_until'),
    stripeCustomerId: text('stripe_customer_id'),
    /** Set at registration with ?intent=premium so verification can lead straight to checkout. */
    signupIntent: text('signup_intent'),
    /** The language the account's emails are written in: its last sign-in's or switch's (0014). */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    lastLoginAt: integer('last_login_at'),
    lastActiveAt: integer('last_active_at'),
    /** Wrong passwords since failedLoginsSince; the account refuses sign-in past the limit (0017). */
    failedLogins: integer('failed_logins').notNull().default(0),
    failedLoginsSince: integer('failed_logins_since'),
    /** The exam the learner prepares for (issue 28): readiness, pools and review follow it. */
    targetExam: text('target_exam').$type<ExamId>().notNull().default('basic'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
    index('users_role_created_at_idx').on(t.role, t.createdAt),
    index('users_last_active_at_idx').on(t.lastActiveAt),
    index('users_premium_until_idx').on(t.premiumUntil),
    index('users_stripe_customer_idx').on(t.stripeCustomerId),
  ],
);

/** One row per sign-in; the KV record keyed by the same id is what requests check. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** Email verification and password reset tokens: only a SHA-256 of the token is stored. */
export const authTokens = sqliteTable(
  'auth_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<'verify-email' | 'reset-password'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash),
    index('auth_tokens_user_type_idx').on(t.userId, t.type),
    index('auth_tokens_expires_at_idx').on(t.expiresAt),
  ],
);

/** Per-learner counters kept on write, so the dashboard reads one row. */
export const userStats = sqliteTable(
  'user_stats',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptsStarted: integer('attempts_started').notNull().default(0),
    attemptsCompleted: integer('attempts_completed').notNull().default(0),
    scoreSum: real('score_sum').notNull().default(0),
    bestScore: real('best_score'),
    modulesCompleted: integer('modules_completed').notNull().default(0),
    modulesStarted: integer('modules_started').notNull().default(0),
    progressSum: integer('progress_sum').notNull().default(0),
    studySeconds: integer('study_seconds').notNull().default(0),
    bookmarksCount: integer('bookmarks_count').notNull().default(0),
    notesCount: integer('notes_count').notNull().default(0),
    currentStreak: integer('current_streak').notNull().default(0),
    /** The last day (YYYY-MM-DD, UTC) with study or quiz activity, for the streak. */
    lastActivityDay: text('last_activity_day'),
    lastActivityAt: integer('last_activity_at'),
    updatedAt: updatedAt(),
  },
  // The admin's Top Performers read the best scores from the top of this index.
  (t) => [index('user_stats_best_score_idx').on(t.bestScore, t.attemptsCompleted)],
);

export const studyModules = sqliteTable(
  'study_modules',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    summary: text('summary').notNull().default(''),
    bodyMarkdown: text('body_markdown').notNull().default(''),
    /** Rendered once on write by shared/markdown so readers never ship a markdown parser. */
    contentHtml: text('content_html').notNull().default(''),
    tocJson: text('toc_json').notNull().default('[]'),
    tagsJson: text('tags_json').notNull().default('[]'),
    status: text('status').$type<ModuleStatus>().notNull().default('draft'),
    sortOrder: integer('sort_order').notNull().default(0),
    wordCount: integer('word_count').notNull().default(0),
    estimatedReadTime: integer('estimated_read_time').notNull().default(5),
    /** The French beside the English (0014); null where not translated (English is the fallback). */
    titleFr: text('title_fr'),
    descriptionFr: text('description_fr'),
    summaryFr: text('summary_fr'),
    bodyMarkdownFr: text('body_markdown_fr'),
    contentHtmlFr: text('content_html_fr'),
    tocJsonFr: text('toc_json_fr'),
    wordCountFr: integer('word_count_fr'),
    /** When the English and the French a learner reads last changed (triggers, 0014). */
    textChangedAt: integer('text_changed_at'),
    frChangedAt: integer('fr_changed_at'),
    /** Hash of what the seed last wrote, so a re-seed skips unchanged rows. */
    seedHash: text('seed_hash'),
    /** Set when an admin edits the row; the seed never overwrites an edited row. */
    editedAt: integer('edited_at'),
    /** The exams it prepares for, one bit each (shared/schemas/exam.ts EXAM_BITS); Basic serves both. */
    examsMask: integer('exams_mask').notNull().default(3),
    publishedAt: integer('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('study_modules_slug_unique').on(t.slug),
    index('study_modules_status_order_idx').on(t.status, t.sortOrder),
    index('study_modules_updated_at_idx').on(t.updatedAt),
    index('study_modules_status_updated_at_idx').on(t.status, t.updatedAt),
    // The admin's module list filtered by exam (issue 28), newest update first.
    index('study_modules_exams_updated_idx').on(t.examsMask, t.updatedAt),
  ],
);

/** Tag membership, so tag filters use an index instead of reading every module. */
export const studyModuleTags = sqliteTable(
  'study_module_tags',
  {
    moduleId: text('module_id')
      .notNull()
      .references(() => studyModules.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.moduleId, t.tag] }),
    index('study_module_tags_tag_idx').on(t.tag, t.moduleId),
  ],
);

export const studyProgress = sqliteTable(
  'study_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleId: text('module_id')
      .notNull()
      .references(() => studyModules.id, { onDelete: 'cascade' }),
    progress: integer('progress').notNull().default(0),
    position: integer('position').notNull().default(0),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    sectionsReadJson: text('sections_read_json').notNull().default('[]'),
    isCompleted: integer('is_completed', { mode: 'boolean' }).notNull().default(false),
    completedAt: integer('completed_at'),
    lastReadAt: integer('last_read_at'),
    // Each save bumps the revision it read and writes nothing when another save came in between
    // (a second tab), so its bookkeeping never counts a first open or a completion twice.
    revision: integer('revision').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.moduleId] }),
    index('study_progress_user_last_read_idx').on(t.userId, t.lastReadAt),
    index('study_progress_module_idx').on(t.moduleId),
    // The admin's most-read modules: readers and completions per module, counted in the index.
    index('study_progress_module_completed_idx').on(t.moduleId, t.isCompleted),
  ],
);

export const bookmarks = sqliteTable(
  'bookmarks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleId: text('module_id')
      .notNull()
      .references(() => studyModules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sectionId: text('section_id'),
    position: integer('position').notNull().default(0),
    note: text('note'),
    // The Idempotency-Key of the request that created it: a replayed offline write finds it.
    clientKey: text('client_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('bookmarks_user_module_created_idx').on(t.userId, t.moduleId, t.createdAt),
    index('bookmarks_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('bookmarks_user_client_key_idx').on(t.userId, t.clientKey),
  ],
);

export const notes = sqliteTable(
  'notes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleId: text('module_id')
      .notNull()
      .references(() => studyModules.id, { onDelete: 'cascade' }),
    sectionId: text('section_id'),
    selectedText: text('selected_text'),
    note: text('note').notNull(),
    position: integer('position').notNull().default(0),
    color: text('color').notNull().default('yellow'),
    // The Idempotency-Key of the request that created it: a replayed offline write finds it.
    clientKey: text('client_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notes_user_module_created_idx').on(t.userId, t.moduleId, t.createdAt),
    index('notes_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('notes_user_client_key_idx').on(t.userId, t.clientKey),
  ],
);

/** Which flight review exercises (Standard 921.02(1)(b)) the learner has marked done. */
export const flightReviewExercises = sqliteTable(
  'flight_review_exercises',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exerciseId: text('exercise_id').$type<FlightReviewExerciseId>().notNull(),
    doneAt: integer('done_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.exerciseId] })],
);

/**
 * The learner's flight review documents, one per kind: the fields as the kind's strict schema
 * (shared/src/schemas/flight-review.ts) returned them, as JSON.
 */
export const flightReviewDocuments = sqliteTable(
  'flight_review_documents',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<FlightReviewDocumentKind>().notNull(),
    fieldsJson: text('fields_json').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export const questions = sqliteTable(
  'questions',
  {
    id: text('id').primaryKey(),
    /**
     * A compact key for the per-learner tables (learner_questions), given on insert by a trigger
     * from the questions.seq counter (migration 0009), so it is never reused after a delete.
     */
    seq: integer('seq'),
    /** The content file id (e.g. "airspace-012") for seeded questions; null for admin-made ones. */
    seedKey: text('seed_key'),
    question: text('question').notNull(),
    optionsJson: text('options_json').notNull(),
    correctAnswer: integer('correct_answer').notNull(),
    explanation: text('explanation').notNull().default(''),
    category: text('category').$type<QuestionCategory>().notNull(),
    difficulty: text('difficulty').$type<Difficulty>().notNull().default('medium'),
    tagsJson: text('tags_json').notNull().default('[]'),
    regulationReference: text('regulation_reference'),
    imageUrl: text('image_url'),
    /** Its figure (issue 21), JSON {kind, content, alt, format?}, and the figure's French {alt, content?}. */
    figureJson: text('figure_json'),
    figureFrJson: text('figure_fr_json'),
    /**
     * Why each option is right or wrong (issue 29): JSON arrays in the options' stored order, in
     * English and in French; and where its fact is taught, JSON {learnMore, alsoTaughtIn?}.
     */
    optionExplanationsJson: text('option_explanations_json'),
    optionExplanationsFrJson: text('option_explanations_fr_json'),
    learnMoreJson: text('learn_more_json'),
    /** The French beside the English (0014): same options in the same order, the same key. */
    questionFr: text('question_fr'),
    optionsFrJson: text('options_fr_json'),
    explanationFr: text('explanation_fr'),
    /** When the English and the French a learner reads last changed (triggers, 0014). */
    textChangedAt: integer('text_changed_at'),
    frChangedAt: integer('fr_changed_at'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    /**
     * Bumped (by a trigger, migration 0009) when what a learner sees changes: the text, options,
     * key, explanation, rationales, learnMore, reference, image or figure. Each version is kept
     * in question_versions.
     */
    version: integer('version').notNull().default(1),
    /**
     * The version that began the current item statistics: it moves only when the options or the
     * keyed answer change (a trigger on question_versions, migration 0013).
     */
    statsEpoch: integer('stats_epoch').notNull().default(1),
    /** Open learner reports, and those saying the keyed answer is wrong (triggers, migration 0013). */
    openReports: integer('open_reports').notNull().default(0),
    openWrongAnswerReports: integer('open_wrong_answer_reports').notNull().default(0),
    seedHash: text('seed_hash'),
    /** Set when an admin edits the row; the seed never overwrites an edited row. */
    editedAt: integer('edited_at'),
    /** SHA-256 of the normalised stem, to report duplicates on import. */
    stemHash: text('stem_hash').notNull(),
    /** Item-analysis counters, maintained when an attempt question is answered or flagged. */
    timesAnswered: integer('times_answered').notNull().default(0),
    timesCorrect: integer('times_correct').notNull().default(0),
    timesFlagged: integer('times_flagged').notNull().default(0),
    /**
     * The exams it belongs to, one bit each (shared/schemas/exam.ts EXAM_BITS): the Basic bank 3
     * (both exams), advanced-only questions 2. Part of the draw's index, so the bit test reads it there.
     */
    examsMask: integer('exams_mask').notNull().default(3),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('questions_seed_key_unique').on(t.seedKey),
    uniqueIndex('questions_seq_unique').on(t.seq),
    index('questions_stem_hash_idx').on(t.stemHash),
    index('questions_category_active_idx').on(t.category, t.isActive, t.id),
    // The attempt draw by exam: the category's active ids with their exams, read from the index.
    index('questions_category_active_exams_idx').on(t.category, t.isActive, t.examsMask, t.id),
    index('questions_exams_updated_idx').on(t.examsMask, t.updatedAt),
    index('questions_active_idx').on(t.isActive, t.id),
    index('questions_category_updated_idx').on(t.category, t.updatedAt),
    index('questions_difficulty_updated_idx').on(t.difficulty, t.updatedAt),
    index('questions_updated_at_idx').on(t.updatedAt),
    // Item analysis (admin Analytics): partial indexes over the counters, so the hardest, the most
    // missed and the most flagged questions are read in order from an index, never by a scan.
    index('questions_correct_share_idx')
      .on(sql`(${t.timesCorrect} * 1.0 / ${t.timesAnswered})`, t.id)
      .where(sql`${t.timesAnswered} >= ${sql.raw(String(ITEM_ANALYSIS_MIN_ANSWERS))}`),
    index('questions_missed_idx')
      .on(sql`(${t.timesAnswered} - ${t.timesCorrect})`)
      .where(sql`${t.timesAnswered} > ${t.timesCorrect}`),
    index('questions_flagged_idx')
      .on(t.timesFlagged)
      .where(sql`${t.timesFlagged} > 0`),
    // The "Recency review" practice set: the active questions tagged with the program's topics.
    index('questions_recency_program_idx')
      .on(t.id)
      .where(sql.raw(`is_active = 1 AND instr(tags_json, '"${RECENCY_PROGRAM_TAG}"') > 0`)),
  ],
);

/**
 * Every version of a question as learners saw it: written by triggers when a question is created
 * or what a learner sees changes (migration 0009), never updated or deleted, so a past attempt's
 * review always shows the question as it was answered. The snapshot holds the options in their
 * own order; an attempt stores only how it shuffled them.
 */
export const questionVersions = sqliteTable(
  'question_versions',
  {
    /** The compact key each answer refers to. */
    id: integer('id').primaryKey(),
    questionSeq: integer('question_seq').notNull(),
    questionId: text('question_id').notNull(),
    version: integer('version').notNull(),
    category: text('category').$type<QuestionCategory>().notNull(),
    /** {question, options, correctAnswer, explanation, regulationReference, imageUrl, figure, fr} */
    snapshotJson: text('snapshot_json').notNull(),
    /**
     * The statistics epoch the version's answers count in: its own number when its options or key
     * differ from the version before, else that version's epoch (set by a trigger on insert).
     */
    statsEpoch: integer('stats_epoch').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('question_versions_question_version_unique').on(t.questionId, t.version)],
);

/**
 * Item analysis, kept on write: per question and statistics epoch, the sums of its answers in
 * completed attempts of two or more questions (a trigger on quiz_attempts, migration 0013). With x
 * right or wrong on the question and y the share right on the rest of the attempt: n, Σx, Σy, Σy²,
 * Σxy, how often each option (in the question's own order) was chosen, and answer times per whole
 * second (a JSON array, 0 to ANSWER_TIME_BUCKET_MAX_SECONDS). Only the current epoch's row of a
 * question is current; older ones are its history.
 */
export const questionStats = sqliteTable(
  'question_stats',
  {
    questionSeq: integer('question_seq')
      .notNull()
      .references(() => questions.seq, { onDelete: 'cascade' }),
    epoch: integer('epoch').notNull(),
    isCurrent: integer('is_current', { mode: 'boolean' }).notNull().default(true),
    category: text('category').$type<QuestionCategory>().notNull(),
    optionCount: integer('option_count').notNull(),
    correctAnswer: integer('correct_answer').notNull(),
    attempts: integer('attempts').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    restSum: real('rest_sum').notNull().default(0),
    restSquares: real('rest_squares').notNull().default(0),
    correctRest: real('correct_rest').notNull().default(0),
    chosen0: integer('chosen_0').notNull().default(0),
    chosen1: integer('chosen_1').notNull().default(0),
    chosen2: integer('chosen_2').notNull().default(0),
    chosen3: integer('chosen_3').notNull().default(0),
    timeHistogram: text('time_histogram').notNull(),
    updatedAt: updatedAt(),
    facility: real('facility').generatedAlwaysAs(
      sql`CASE WHEN attempts > 0 THEN correct * 1.0 / attempts END`,
      { mode: 'virtual' },
    ),
    /** sign(r)·r² of the discrimination r (D1 has no sqrt): it orders and filters as r does. */
    discriminationKey: real('discrimination_key').generatedAlwaysAs(
      sql`CASE WHEN attempts * correct - correct * correct > 0 AND attempts * rest_squares - rest_sum * rest_sum > 1e-9 * attempts * attempts THEN (attempts * correct_rest - correct * rest_sum) * abs(attempts * correct_rest - correct * rest_sum) / ((attempts * correct - correct * correct) * (attempts * rest_squares - rest_sum * rest_sum)) END`,
      { mode: 'virtual' },
    ),
    unusedDistractors: integer('unused_distractors').generatedAlwaysAs(
      sql`(option_count > 0 AND correct_answer <> 0 AND chosen_0 = 0) + (option_count > 1 AND correct_answer <> 1 AND chosen_1 = 0) + (option_count > 2 AND correct_answer <> 2 AND chosen_2 = 0) + (option_count > 3 AND correct_answer <> 3 AND chosen_3 = 0)`,
      { mode: 'virtual' },
    ),
  },
  (t) => [
    primaryKey({ columns: [t.questionSeq, t.epoch] }),
    // The item-analysis table pages in each order, with or without a category, from an index;
    // a discrimination not yet told sorts last either way.
    index('question_stats_attempts_idx').on(t.isCurrent, t.attempts),
    index('question_stats_category_attempts_idx').on(t.isCurrent, t.category, t.attempts),
    index('question_stats_facility_idx').on(t.isCurrent, t.facility),
    index('question_stats_category_facility_idx').on(t.isCurrent, t.category, t.facility),
    index('question_stats_discrimination_asc_idx').on(
      t.isCurrent,
      sql`coalesce(${t.discriminationKey}, 2)`,
    ),
    index('question_stats_category_discrimination_asc_idx').on(
      t.isCurrent,
      t.category,
      sql`coalesce(${t.discriminationKey}, 2)`,
    ),
    index('question_stats_discrimination_desc_idx').on(
      t.isCurrent,
      sql`coalesce(${t.discriminationKey}, -2)`,
    ),
    index('question_stats_category_discrimination_desc_idx').on(
      t.isCurrent,
      t.category,
      sql`coalesce(${t.discriminationKey}, -2)`,
    ),
  ],
);

/**
 * A learner's report of a problem with a question they were shown. One open report per learner
 * and question (a partial unique index); closed once, by an admin, with a note. Triggers keep the
 * question's open counts and the global `reports.open` counter (migration 0013).
 */
export const questionReports = sqliteTable(
  'question_reports',
  {
    id: text('id').primaryKey(),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<QuestionReportReason>().notNull(),
    comment: text('comment').notNull().default(''),
    status: text('status').$type<QuestionReportStatus>().notNull().default('open'),
    /** The question's version when reported. */
    questionVersion: integer('question_version').notNull(),
    note: text('note'),
    resolvedBy: text('resolved_by'),
    resolvedAt: integer('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('question_reports_open_unique')
      .on(t.questionId, t.userId)
      .where(sql`${t.status} = 'open'`),
    index('question_reports_status_created_idx').on(t.status, t.createdAt),
    index('question_reports_question_status_idx').on(t.questionId, t.status),
    index('question_reports_user_idx').on(t.userId),
  ],
);

export const quizAttempts = sqliteTable(
  'quiz_attempts',
  {
    /** The compact key an attempt's answers refer to; `id` is what URLs and the API show. */
    seq: integer('seq').primaryKey(),
    id: text('id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode').$type<QuizMode>().notNull(),
    /**
     * The exam it practises and that exam's marks when it started (issue 28), so results judge it
     * against them without reading the exam again, and a later edit does not rejudge it.
     */
    exam: text('exam').$type<ExamId>().notNull().default('basic'),
    passMark: integer('pass_mark').notNull().default(70),
    examPassMark: integer('exam_pass_mark').notNull().default(65),
    status: text('status').$type<AttemptStatus>().notNull().default('in-progress'),
    categoriesJson: text('categories_json').notNull().default('[]'),
    questionCount: integer('question_count').notNull(),
    /** Null for study mode. */
    timeLimitSeconds: integer('time_limit_seconds'),
    deadlineAt: integer('deadline_at'),
    currentIndex: integer('current_index').notNull().default(0),
    answeredCount: integer('answered_count').notNull().default(0),
    correctCount: integer('correct_count').notNull().default(0),
    /** Percent, set on completion. */
    score: real('score'),
    passed: integer('passed', { mode: 'boolean' }),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    startedAt: integer('started_at').notNull(),
    completedAt: integer('completed_at'),
    lastActivityAt: integer('last_activity_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('quiz_attempts_id_unique').on(t.id),
    index('quiz_attempts_user_created_idx').on(t.userId, t.createdAt),
    index('quiz_attempts_user_status_idx').on(t.userId, t.status, t.createdAt),
    index('quiz_attempts_status_activity_idx').on(t.status, t.lastActivityAt),
    index('quiz_attempts_created_idx').on(t.createdAt),
    index('quiz_attempts_status_created_idx').on(t.status, t.createdAt),
    index('quiz_attempts_mode_created_idx').on(t.mode, t.createdAt),
    index('quiz_attempts_status_mode_created_idx').on(t.status, t.mode, t.createdAt),
  ],
);

/**
 * The questions of one attempt, in order: the hot per-answer table, kept small (about 30 bytes a
 * row, no secondary index). Each refers to the question version it showed and stores how it
 * shuffled that version's options (optionOrder: the original index of the option shown at
 * position i in base-4 digit i), so the review rebuilds exactly what was answered.
 */
export const attemptQuestions = sqliteTable(
  'attempt_questions',
  {
    attemptSeq: integer('attempt_seq')
      .notNull()
      .references(() => quizAttempts.seq, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    versionId: integer('version_id')
      .notNull()
      .references(() => questionVersions.id),
    optionOrder: integer('option_order').notNull(),
    selectedIndex: integer('selected_index'),
    isCorrect: integer('is_correct', { mode: 'boolean' }),
    flagged: integer('flagged', { mode: 'boolean' }).notNull().default(false),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    answeredAt: integer('answered_at'),
    /**
     * Answered but not yet added to its question's counters (times answered and right), which a
     * Queue consumer applies in batches (quality/answer-counts.ts); cleared in the same
     * transaction as the counters move, so a redelivered message counts nothing twice.
     */
    countsPending: integer('counts_pending', { mode: 'boolean' }).notNull().default(false),
    /**
     * A Find-it drill's answer (issue 29): the module section the learner picked, as
     * "module-slug#section-id". Its answers leave selectedIndex null, so nothing that reads option
     * choices (item statistics, the learner's records) counts them.
     */
    foundSection: text('found_section'),
  },
  (t) => [
    primaryKey({ columns: [t.attemptSeq, t.position] }),
    // Only the few answers still waiting for the consumer: the daily sweep finds strays here.
    index('attempt_questions_counts_pending_idx')
      .on(t.answeredAt)
      .where(sql`${t.countsPending} = 1`),
  ],
);

/**
 * One record per learner and question, shared by the learning features: when it was shown and
 * answered, how it went (the last 16 outcomes as bits, newest lowest), and whether it was ever
 * flagged. Updated in the same batch as the attempt change it records.
 */
export const learnerQuestions = sqliteTable(
  'learner_questions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionSeq: integer('question_seq').notNull(),
    timesShown: integer('times_shown').notNull().default(0),
    timesAnswered: integer('times_answered').notNull().default(0),
    timesCorrect: integer('times_correct').notNull().default(0),
    /** Bit i is the (i+1)-th latest answer, 1 when right; timesAnswered says how many bits count. */
    recentOutcomes: integer('recent_outcomes').notNull().default(0),
    lastCorrect: integer('last_correct', { mode: 'boolean' }),
    flagged: integer('flagged', { mode: 'boolean' }).notNull().default(false),
    firstAnsweredAt: integer('first_answered_at'),
    lastAnsweredAt: integer('last_answered_at'),
    /**
     * The question's spaced-review card (ts-fsrs, learning/scheduler.ts), created on the first
     * answer in any mode and moved on by every later one; null state means no card. Its last
     * review is lastAnsweredAt. Migration 0012.
     */
    cardState: integer('card_state'),
    cardDueAt: integer('card_due_at'),
    cardStability: real('card_stability'),
    cardDifficulty: real('card_difficulty'),
    cardReps: integer('card_reps').notNull().default(0),
    cardLapses: integer('card_lapses').notNull().default(0),
    cardLearningSteps: integer('card_learning_steps').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionSeq] }),
    // What is due: only cards, in due order per learner (the review summary reads due rows only).
    index('learner_questions_card_due_idx')
      .on(t.userId, t.cardDueAt)
      .where(sql`${t.cardDueAt} IS NOT NULL`),
  ],
);

/**
 * A learner's plan (issue 17): their exam date and time zone, the reviews planned per day before
 * the exam (review_load_json: {"YYYY-MM-DD": cards}, kept in each answer's batch so the scheduler
 * spreads the load without counting cards), the date of their certificate or last recency activity
 * with the date recency runs out (CARs 901.56), and their reminder choices. Migration 0012.
 */
export const learnerPlans = sqliteTable(
  'learner_plans',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    examDate: text('exam_date'),
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    reviewLoadJson: text('review_load_json').notNull().default('{}'),
    reviewEmails: integer('review_emails', { mode: 'boolean' }).notNull().default(false),
    /** The learner's day the last review reminder went out, so the cron sends one a day. */
    reviewEmailedOn: text('review_emailed_on'),
    certificateDate: text('certificate_date'),
    recencyDueOn: text('recency_due_on'),
    recencyEmails: integer('recency_emails', { mode: 'boolean' }).notNull().default(true),
    /** Recency reminders sent for the current date: 1 after the 60-day one, 2 after the 14-day one. */
    recencyReminded: integer('recency_reminded').notNull().default(0),
    /** Questions a day that meet the learner's day (learning/goal.ts). */
    dailyGoal: integer('daily_goal').notNull().default(DAILY_GOAL_DEFAULT),
    /**
     * Phone reminders (push/reminders.ts, migration 0024): the learner's chosen local hour, the
     * instant the hourly cron next looks at them (null when they have none or they are paused),
     * the learner's day the last one went out and the day one was opened, the ignored ones in a
     * row, and whether three ignored paused them.
     */
    pushHour: integer('push_hour'),
    pushNextAt: integer('push_next_at'),
    pushSentOn: text('push_sent_on'),
    pushOpenedOn: text('push_opened_on'),
    pushIgnored: integer('push_ignored').notNull().default(0),
    pushPaused: integer('push_paused', { mode: 'boolean' }).notNull().default(false),
    /** The opt-in weekly progress email (push/weekly.ts): on, and the learner's day it last went. */
    weeklyEmails: integer('weekly_emails', { mode: 'boolean' }).notNull().default(false),
    weeklyEmailedOn: text('weekly_emailed_on'),
    /** The pass probability the last weekly email reported, so the next says how it changed. */
    weeklyReadiness: real('weekly_readiness'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('learner_plans_push_next_idx')
      .on(t.pushNextAt)
      .where(sql`${t.pushNextAt} IS NOT NULL`),
    index('learner_plans_weekly_emails_idx')
      .on(t.userId)
      .where(sql`${t.weeklyEmails} = 1`),
    index('learner_plans_review_emails_idx')
      .on(t.userId)
      .where(sql`${t.reviewEmails} = 1`),
    index('learner_plans_recency_due_idx')
      .on(t.recencyDueOn)
      .where(sql`${t.recencyEmails} = 1 AND ${t.recencyDueOn} IS NOT NULL`),
  ],
);

/**
 * The learner's days in their own time zone (learning/goal.ts): questions answered, whether the
 * day met the goal, and whether a streak freeze covered it. Kept by the answer's batch, so the
 * streak and its calendar read at most 36 rows, never the answers.
 */
export const learnerDays = sqliteTable(
  'learner_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD in the learner's time zone. */
    day: text('day').notNull(),
    answered: integer('answered').notNull().default(0),
    met: integer('met', { mode: 'boolean' }).notNull().default(false),
    frozen: integer('frozen', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The streak as of the learner's last met day (learning/streak.ts): met days in a row, the longest
 * run, freezes held. Moved only when a day becomes met; the read settles the days missed since.
 */
export const learnerStreaks = sqliteTable('learner_streaks', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  current: integer('current').notNull(),
  longest: integer('longest').notNull(),
  freezes: integer('freezes').notNull(),
  lastMetDay: text('last_met_day').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * What readiness reads (learning/model.ts), one row per learner and category, kept on write in the
 * answer's batch: answers, right answers and distinct questions answered, and the same answers
 * weighted by recency. Weights grow with time (2^((t − epoch) / half-life)) so a new answer adds
 * its weight without reading the old sums; dividing by today's weight at read time gives the
 * decayed counts.
 */
export const learnerCategories = sqliteTable(
  'learner_categories',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').$type<QuestionCategory>().notNull(),
    answers: integer('answers').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    questions: integer('questions').notNull().default(0),
    weightedAnswers: real('weighted_answers').notNull().default(0),
    weightedCorrect: real('weighted_correct').notNull().default(0),
    lastAnsweredAt: integer('last_answered_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/**
 * The exams the product prepares for (issue 28), as data: the figures and blueprint an attempt
 * takes and readiness judges against, each with where it comes from. Admins edit them.
 */
export const exams = sqliteTable('exams', {
  id: text('id').$type<ExamId>().primaryKey(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
  questionCount: integer('question_count').notNull(),
  timeLimitMinutes: integer('time_limit_minutes').notNull(),
  /** Percent. */
  passMark: integer('pass_mark').notNull(),
  practicePassMark: integer('practice_pass_mark').notNull(),
  /** JSON [{category, share}], shares in percent adding up to 100. */
  blueprintJson: text('blueprint_json').notNull(),
  sourceNote: text('source_note').notNull(),
  updatedAt: updatedAt(),
});

export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'complimentary': premium an admin granted; never a payment (amount 0, no revenue). */
    provider: text('provider').$type<PaymentProvider>().notNull(),
    checkoutSessionId: text('checkout_session_id').notNull(),
    paymentIntentId: text('payment_intent_id'),
    customerId: text('customer_id'),
    priceId: text('price_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    periodStart: integer('period_start').notNull(),
    periodEnd: integer('period_end').notNull(),
    reminderSentAt: integer('reminder_sent_at'),
    /** When the period was taken back: a refund, or an admin revoking a complimentary grant. */
    refundedAt: integer('refunded_at'),
    /** Complimentary grants: the admin who granted it and why. */
    grantedBy: text('granted_by'),
    note: text('note'),
    /** Class seats (provider 'class'): the class whose seat this is, so a learner gets one per class. */
    classId: text('class_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_checkout_session_unique').on(t.checkoutSessionId),
    index('payments_payment_intent_idx').on(t.paymentIntentId),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_status_period_end_idx').on(t.status, t.periodEnd),
    index('payments_created_idx').on(t.createdAt),
  ],
);

/** Stripe event ids already handled: fulfilment runs once per event. */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: integer('processed_at').notNull(),
});

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    userId: text('user_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').$type<ContactSubject>().notNull(),
    message: text('message').notNull(),
    status: text('status').$type<'new' | 'handled'>().notNull().default('new'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/**
 * Every email the product sends: the admin's log, and in development the local outbox
 * (provider "outbox") that GET /api/dev/emails lists.
 */
export const emails = sqliteTable(
  'emails',
  {
    id: text('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    userId: text('user_id'),
    template: text('template').$type<SentEmailTemplate>().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status').$type<'queued' | 'sent' | 'failed'>().notNull().default('queued'),
    provider: text('provider').$type<'mailchannels' | 'outbox'>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    campaignId: text('campaign_id'),
    sentAt: integer('sent_at'),
    createdAt: createdAt(),
    /**
     * A reminder's one-click unsubscribe address (RFC 8058), sent as its List-Unsubscribe
     * header so mail apps can offer "Unsubscribe" beside the message. Migration 0016.
     */
    unsubscribeUrl: text('unsubscribe_url'),
  },
  (t) => [
    index('emails_created_idx').on(t.createdAt),
    index('emails_provider_created_idx').on(t.provider, t.createdAt),
    index('emails_status_created_idx').on(t.status, t.createdAt),
    index('emails_campaign_idx').on(t.campaignId),
    index('emails_to_created_idx').on(t.toAddress, t.createdAt),
  ],
);

export const emailCampaigns = sqliteTable(
  'email_campaigns',
  {
    id: text('id').primaryKey(),
    template: text('template').$type<EmailTemplate>().notNull(),
    createdBy: text('created_by').notNull(),
    total: integer('total').notNull(),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    status: text('status').$type<'queued' | 'sending' | 'completed'>().notNull().default('queued'),
    completedAt: integer('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_campaigns_created_idx').on(t.createdAt)],
);

/**
 * The activity feed: learners' recent activity (by user) and the admin overview (latest first).
 * Types with their own admin icon: user_registered, quiz_completed, study_module_viewed, admin_action.
 */
export const activities = sqliteTable(
  'activities',
  {
    id: text('id').primaryKey(),
    userId: text('user_id'),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    score: real('score'),
    metadataJson: text('metadata_json'),
    createdAt: createdAt(),
  },
  (t) => [
    index('activities_created_idx').on(t.createdAt),
    index('activities_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** Product analytics events (learner-spec §7 "Other"), kept for the admin Analytics tab. */
export const analyticsEvents = sqliteTable(
  'analytics_events',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    userId: text('user_id'),
    propertiesJson: text('properties_json'),
    createdAt: createdAt(),
  },
  (t) => [
    // The daily clean-up deletes the oldest events first, a bounded batch at a time.
    index('analytics_events_created_idx').on(t.createdAt),
    index('analytics_events_name_created_idx').on(t.name, t.createdAt),
    index('analytics_events_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Daily counters per event name (and revenue in cents), so charts read one row per day. */
export const dailyMetrics = sqliteTable(
  'daily_metrics',
  {
    day: text('day').notNull(),
    name: text('name').notNull(),
    value: real('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.day] })],
);

/**
 * Who visited the learner site today, as a salted daily hash (never an IP address), so the
 * conversion funnel counts unique visitors; rows older than VISITOR_HASH_RETENTION_DAYS are pruned.
 */
export const dailyVisitors = sqliteTable(
  'daily_visitors',
  {
    day: text('day').notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitorHash] })],
);

/** Global counters kept on write (admin overview figures); keys are listed in db/counters.ts. */
export const counters = sqliteTable('counters', {
  key: text('key').primaryKey(),
  value: real('value').notNull().default(0),
  updatedAt: updatedAt(),
});

/** Per-minute API request metrics, flushed in aggregate, for the admin System Health card. */
export const requestMetrics = sqliteTable('request_metrics', {
  minute: integer('minute').primaryKey(),
  requests: integer('requests').notNull().default(0),
  errors: integer('errors').notNull().default(0),
  /** Latency histogram: JSON array of counts per bucket of LATENCY_BUCKETS_MS. */
  latencyJson: text('latency_json').notNull().default('[]'),
});

/** Large question imports run on the Queue; the admin polls this row for progress. */
export const importJobs = sqliteTable(
  'import_jobs',
  {
    id: text('id').primaryKey(),
    createdBy: text('created_by').notNull(),
    status: text('status').$type<'queued' | 'running' | 'completed' | 'failed'>().notNull(),
    total: integer('total').notNull(),
    /** Rows checked against the bank so far: the progress the admin's import panel shows. */
    processed: integer('processed').notNull().default(0),
    successful: integer('successful').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errorsJson: text('errors_json').notNull().default('[]'),
    payloadJson: text('payload_json'),
    createdAt: createdAt(),
    completedAt: integer('completed_at'),
  },
  (t) => [index('import_jobs_created_idx').on(t.createdAt)],
);

/**
 * A learner's phone or browser subscribed to reminders (Web Push, RFC 8030): its push service
 * endpoint and the keys its messages are encrypted to (RFC 8291). A push service answering 404 or
 * 410 deletes the row. Migration 0024.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Development only: every push the product would have sent (GET /api/dev/pushes), as the emails
 * table's outbox rows are for email. Nothing writes here in production.
 */
export const pushOutbox = sqliteTable(
  'push_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    endpoint: text('endpoint').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    sentAt: integer('sent_at').notNull(),
  },
  (t) => [index('push_outbox_sent_idx').on(t.sentAt)],
);

/**
 * A class (issue 30): its instructor (any verified learner), its exam and the code learners join
 * with. A rotated code replaces the old one in place, so the old one stops working at once.
 * member_count is kept in the join's and the leave's batch, so the 200 cap costs no count.
 */
export const classes = sqliteTable(
  'classes',
  {
    id: text('id').primaryKey(),
    instructorId: text('instructor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    exam: text('exam').$type<ExamId>().notNull(),
    examDate: text('exam_date'),
    code: text('code').notNull(),
    memberCount: integer('member_count').notNull().default(0),
    /** Premium seats the instructor paid for (less the unused ones refunded), and those given. */
    seatsBought: integer('seats_bought').notNull().default(0),
    seatsUsed: integer('seats_used').notNull().default(0),
    createdAt: createdAt(),
    /** Set by an admin: the code stops working and no assignment can be added; nothing is deleted. */
    suspendedAt: integer('suspended_at'),
  },
  (t) => [
    uniqueIndex('classes_code_unique').on(t.code),
    index('classes_instructor_created_idx').on(t.instructorId, t.createdAt),
    // The admin console's class list, newest first.
    index('classes_created_idx').on(t.createdAt, t.id),
  ],
);

/** Who is in a class; the learner's row goes when they leave or are removed. */
export const classMembers = sqliteTable(
  'class_members',
  {
    classId: text('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: integer('joined_at').notNull(),
    /** The batch that gave this member a seat (classes/seats.ts); null while they have none. */
    seatGrantId: text('seat_grant_id'),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.userId] }),
    index('class_members_user_joined_idx').on(t.userId, t.joinedAt),
  ],
);

/**
 * What the instructor asks of the class. Status is never stored: it is read from what each learner
 * did (classes/queries.ts), so nobody ticks an assignment off by hand. read-module keeps the
 * module's id, so its status is one primary-key read of study_progress.
 */
export const classAssignments = sqliteTable(
  'class_assignments',
  {
    id: text('id').primaryKey(),
    classId: text('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AssignmentKind>().notNull(),
    moduleId: text('module_id').references(() => studyModules.id, { onDelete: 'cascade' }),
    moduleSlug: text('module_slug'),
    category: text('category').$type<QuestionCategory>(),
    questionCount: integer('question_count'),
    dueAt: integer('due_at').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('class_assignments_class_created_idx').on(t.classId, t.createdAt)],
);

/**
 * An instructor's purchase of premium seats for a class (issue 30), from Stripe's webhook or the
 * local test checkout. A refund takes back only the seats still unused (seats_refunded).
 */
export const classSeatPurchases = sqliteTable(
  'class_seat_purchases',
  {
    id: text('id').primaryKey(),
    classId: text('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    instructorId: text('instructor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'stripe' | 'dev'>().notNull(),
    checkoutSessionId: text('checkout_session_id').notNull(),
    paymentIntentId: text('payment_intent_id'),
    seats: integer('seats').notNull(),
    seatsRefunded: integer('seats_refunded').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'paid' | 'refunded'>().notNull(),
    /** The Stripe event whose refund this was, so the class loses the seats once. */
    refundEventId: text('refund_event_id'),
    refundedAt: integer('refunded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('class_seat_purchases_checkout_session_unique').on(t.checkoutSessionId),
    index('class_seat_purchases_payment_intent_idx').on(t.paymentIntentId),
    index('class_seat_purchases_class_created_idx').on(t.classId, t.createdAt),
  ],
);
