import { z } from 'zod';
import type { TranslationStatus } from '../i18n.ts';
import { TagListSchema, visibleText } from './common.ts';
import { ExamIdSchema, ExamListSchema, LearnMoreRefSchema, type LearnMoreRef } from './exam.ts';
import { BASIC_CONTENT_EXAMS, type ExamId } from './exam-values.ts';
import { QuestionFigureFrenchSchema, QuestionFigureSchema, type QuestionFigure } from './figure.ts';
import type { StudyModuleSummary } from './study.ts';
import { setByServer, type ReadOnlyFields } from './updates.ts';
import {
  type Difficulty,
  type QuestionCategory,
  DIFFICULTIES,
  IMPORT_MAX_OPTIONS,
  IMPORT_MIN_OPTIONS,
  QUESTION_CATEGORIES,
} from './quiz-values.ts';
import { MODULE_STATUSES, type ModuleStatus } from './study-values.ts';
import {
  DEFAULT_DIFFICULTY,
  DEFAULT_IMPORT_CATEGORY,
  IMPORT_MAX_QUESTIONS,
  MODULE_IMPORT_MAX,
  PAGE_SIZE_MODULES,
  PAGE_SIZE_QUESTIONS,
} from './content-values.ts';

/** A question's text, options and explanation: the same rules in English and in French. */
const QuestionTextSchema = visibleText(
  z
    .string({ error: 'Question text is required' })
    .trim()
    .min(1, 'Question text is required')
    .max(1000, 'Question text must be at most 1000 characters'),
  'paragraph',
);
const OptionsSchema = z
  .array(
    visibleText(
      z
        .string({ error: 'Every option must be text' })
        .trim()
        .min(1, 'Options must not be empty')
        .max(300, 'Options must be at most 300 characters'),
      'paragraph',
    ),
    { error: 'Options are required and must be an array' },
  )
  .min(
    IMPORT_MIN_OPTIONS,
    `Options must have ${IMPORT_MIN_OPTIONS} to ${IMPORT_MAX_OPTIONS} entries`,
  )
  .max(
    IMPORT_MAX_OPTIONS,
    `Options must have ${IMPORT_MIN_OPTIONS} to ${IMPORT_MAX_OPTIONS} entries`,
  );
const ExplanationSchema = z
  .string()
  .trim()
  .max(2000, 'Explanation must be at most 2000 characters')
  .default('');

const isAnswerIndex = (value: number) => Number.isInteger(value) && value >= 0 && value <= 3;

export const OPTION_EXPLANATIONS_MISMATCH =
  'Give one explanation for each option, in the order of the options (or none at all)';
/** Why each option is right or wrong (issue 29), in the options' stored order. */
const OptionExplanationsSchema = z.array(
  z
    .string({ error: "Every option's explanation must be text" })
    .trim()
    .min(1, 'Every option needs its explanation, or leave them all out')
    .max(500, "An option's explanation must be at most 500 characters"),
  { error: 'optionExplanations must be an array, one explanation for each option' },
);
const hasOneExplanationPerOption = (q: {
  options: unknown;
  optionExplanations?: unknown[] | null;
}) =>
  q.optionExplanations == null ||
  !Array.isArray(q.options) ||
  q.optionExplanations.length === q.options.length;
export const ALSO_TAUGHT_IN_WITHOUT_LEARN_MORE =
  'Name the section that teaches the question (learnMore) before the others (alsoTaughtIn)';
export const LEARN_MORE_FORMAT =
  'A learnMore section is {moduleSlug, sectionId} (in a CSV cell: module-slug#section-id)';
const LearnMoreInputSchema = z.strictObject(LearnMoreRefSchema.shape, { error: LEARN_MORE_FORMAT });
const AlsoTaughtInSchema = z
  .array(LearnMoreInputSchema, { error: 'alsoTaughtIn must be an array of module sections' })
  .max(3, 'alsoTaughtIn names at most 3 other sections');

/**
 * One question payload for the bulk import, the question editor and the API
 * (premium-quiz-admin-spec §5). Messages are what the admin sees beside a row or a field.
 */
export const QuestionInputSchema = z
  .strictObject({
    question: QuestionTextSchema,
    options: OptionsSchema,
    correctAnswer: z
      .number({ error: 'correctAnswer must be a number from 0 to 3' })
      .int('correctAnswer must be a number from 0 to 3')
      .min(0, 'correctAnswer must be a number from 0 to 3')
      .max(3, 'correctAnswer must be a number from 0 to 3'),
    explanation: ExplanationSchema,
    category: z
      .enum(QUESTION_CATEGORIES, {
        error: `Category must be one of: ${QUESTION_CATEGORIES.join(', ')}`,
      })
      .default(DEFAULT_IMPORT_CATEGORY),
    difficulty: z
      .enum(DIFFICULTIES, { error: 'Difficulty must be easy, medium or hard' })
      .default(DEFAULT_DIFFICULTY),
    tags: z.array(z.string(), { error: 'Tags must be an array' }).pipe(TagListSchema).default([]),
    // Null as a read returns it when the question has none.
    regulationReference: z
      .string({ error: 'Regulation reference must be text' })
      .trim()
      .max(200, 'Regulation reference must be at most 200 characters')
      .nullish(),
    imageUrl: z.url({ protocol: /^https$/, error: 'Image URL must be an https address' }).nullish(),
    /** A chart excerpt, a diagram or a report's text the question is asked on (issue 21). */
    figure: QuestionFigureSchema.nullish(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
    /**
     * Why each option is right or wrong, in the options' order (issue 29); null, as a read
     * returns it for a question without them, means none.
     */
    optionExplanations: OptionExplanationsSchema.nullish(),
    /** The module section that teaches the question's fact, and any other that also answers it. */
    learnMore: LearnMoreInputSchema.nullish(),
    alsoTaughtIn: AlsoTaughtInSchema.optional(),
    /** The exams it belongs to (issue 28): both unless said, as the Basic bank does. */
    exams: ExamListSchema.default(BASIC_CONTENT_EXAMS),
  })
  // Only a well-formed answer is compared with the options, so a row never gets both messages.
  .refine((q) => !isAnswerIndex(q.correctAnswer) || q.correctAnswer < q.options.length, {
    message: 'correctAnswer must point at one of the options',
    path: ['correctAnswer'],
  })
  .refine(hasOneExplanationPerOption, {
    message: OPTION_EXPLANATIONS_MISMATCH,
    path: ['optionExplanations'],
  })
  .refine((q) => !q.alsoTaughtIn?.length || q.learnMore != null, {
    message: ALSO_TAUGHT_IN_WITHOUT_LEARN_MORE,
    path: ['alsoTaughtIn'],
  });
export type QuestionInput = z.input<typeof QuestionInputSchema>;
export type Question = z.output<typeof QuestionInputSchema>;

/** The seed bank is held to a stricter standard than an import: four options, an explanation, a stable id. */
export const ContentQuestionSchema = z
  .object({
    id: z.string().regex(/^[a-z-]+-\d{3}$/, 'id must look like <category>-NNN'),
    question: z.string().trim().min(10),
    options: z.array(z.string().trim().min(1)).length(4),
    correctAnswer: z.number().int().min(0).max(3),
    explanation: z.string().trim().min(20),
    category: z.enum(QUESTION_CATEGORIES),
    difficulty: z.enum(DIFFICULTIES),
    tags: z
      .array(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/))
      .min(1)
      .max(4),
    regulationReference: z.string().trim().min(1).optional(),
    figure: QuestionFigureSchema.optional(),
    /**
     * For a METAR or TAF figure: what the question relies on, as paths into the decoded report
     * (metar-taf-parser) and their values; the content tests decode the figure and compare.
     */
    decoded: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    /** The exams it belongs to (issue 28); the Basic bank leaves it out and belongs to both. */
    exams: ExamListSchema.optional(),
    /** Why each option is right or wrong, in the stored order of the options (issue 29). */
    optionExplanations: z.array(z.string().trim().min(20)).length(4).optional(),
    /** The module section that teaches the question's fact, and any other that also answers it. */
    learnMore: LearnMoreRefSchema.optional(),
    alsoTaughtIn: z.array(LearnMoreRefSchema).min(1).max(3).optional(),
  })
  .strict()
  .refine((q) => new Set(q.tags).size === q.tags.length, {
    message: 'duplicate tags',
    path: ['tags'],
  })
  .refine((q) => new Set(q.options.map((o) => o.toLowerCase())).size === 4, {
    message: 'duplicate options',
    path: ['options'],
  });
export type ContentQuestion = z.output<typeof ContentQuestionSchema>;

/**
 * A question's French in content/fr/questions (issue 19): the same id, the stem, the options in
 * the English order (so the key is the same index) and the explanation. Category, difficulty,
 * tags, the key and the reference are the English file's.
 */
export const ContentQuestionFrenchSchema = z.strictObject({
  id: z.string().regex(/^[a-z-]+-\d{3}$/, 'id must look like <category>-NNN'),
  question: z.string().trim().min(10),
  options: z.array(z.string().trim().min(1)).length(4),
  explanation: z.string().trim().min(20),
  figure: QuestionFigureFrenchSchema.optional(),
  optionExplanations: z.array(z.string().trim().min(20)).length(4).optional(),
});
export type ContentQuestionFrench = z.output<typeof ContentQuestionFrenchSchema>;

const RESERVED_MODULE_SLUGS = ['search'];

/** A module's slug: lowercase words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 120;

const SlugSchema = z
  .string({ error: 'Slug is required' })
  .trim()
  .min(1, 'Slug is required')
  .max(SLUG_MAX, 'Slug must be at most 120 characters')
  .regex(SLUG_PATTERN, 'Slug may contain only lowercase letters, digits and hyphens')
  // /study/search is the search page, so a module with that slug could never be opened.
  .refine(
    (slug) => !RESERVED_MODULE_SLUGS.includes(slug),
    'This slug is reserved. Choose another.',
  );

export const MODULE_BODY_REQUIRED = 'A published module needs its content: add the text first';
export const MODULE_BODY_TWICE =
  'Send the module text once, as content or bodyMarkdown (they differ here)';

/**
 * The admin module form and the API (premium-quiz-admin-spec §5). The spec names the text
 * "content or bodyMarkdown", so `content` is accepted as an alias and read as bodyMarkdown.
 */
export const ModuleInputSchema = z
  .strictObject({
    title: visibleText(
      z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200),
    ),
    slug: SlugSchema,
    description: z
      .string({ error: 'Description is required' })
      .trim()
      .min(1, 'Description is required')
      .max(500, 'Description must be at most 500 characters'),
    summary: z.string().trim().max(1000, 'Summary must be at most 1000 characters').default(''),
    bodyMarkdown: z.string().max(200_000, 'Content is too long').optional(),
    content: z.string().max(200_000, 'Content is too long').optional(),
    tags: TagListSchema.default([]),
    status: z
      .enum(MODULE_STATUSES, { error: 'Status must be draft, review or published' })
      .default('draft'),
    order: z.coerce
      .number({ error: 'Order must be a whole number' })
      .int('Order must be a whole number')
      .min(0, 'Order must be 0 or more')
      .default(0),
    /**
     * The form starts at MODULE_DEFAULT_READ_TIME and follows the computed reading time; a caller
     * that leaves it out gets the reading time computed from the markdown.
     */
    estimatedReadTime: z.coerce
      .number({ error: 'Estimated read time must be a whole number of minutes' })
      .int('Estimated read time must be a whole number of minutes')
      .min(1, 'Estimated read time must be at least 1 minute')
      .optional(),
    /** The exams it prepares for (issue 28); a new module left without is both, an edit keeps them. */
    exams: ExamListSchema.optional(),
  })
  .refine(
    (module) =>
      module.content === undefined ||
      module.bodyMarkdown === undefined ||
      module.content === module.bodyMarkdown,
    { message: MODULE_BODY_TWICE, path: ['content'] },
  )
  // Left out, the text is undefined: a new module starts empty, an edit keeps the stored text.
  .transform(({ content, bodyMarkdown, ...module }) => ({
    ...module,
    bodyMarkdown: bodyMarkdown ?? content,
  }))
  .refine((module) => module.status !== 'published' || module.bodyMarkdown?.trim() !== '', {
    message: MODULE_BODY_REQUIRED,
    path: ['bodyMarkdown'],
  });
export type ModuleInput = z.input<typeof ModuleInputSchema>;

/** POST /api/study-modules/:id/publish: publish or unpublish; without it, toggles. */
export const PublishModuleSchema = z.strictObject({ publish: z.boolean().optional() });

export const ModuleListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE_MODULES),
  search: z.string().trim().max(200).optional(),
  status: z
    .enum(MODULE_STATUSES, { error: 'Status must be draft, review or published' })
    .optional(),
  /** Only the modules of this exam (issue 28). */
  exam: ExamIdSchema.optional(),
  sortBy: z.enum(['updatedAt']).default('updatedAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});

export const QuestionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE_QUESTIONS),
  search: z.string().trim().max(200).optional(),
  category: z
    .enum(QUESTION_CATEGORIES, {
      error: `Category must be one of: ${QUESTION_CATEGORIES.join(', ')}`,
    })
    .optional(),
  difficulty: z.enum(DIFFICULTIES, { error: 'Difficulty must be easy, medium or hard' }).optional(),
  exam: ExamIdSchema.optional(),
});

/** The question bank's file formats, for import and export (question-import.ts). */
export const IMPORT_FORMATS = ['csv', 'json', 'gift', 'aiken'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** The formats whose text the API also takes as it is: POST /bulk-import {format, content}. */
export const TEXT_IMPORT_FORMATS = ['gift', 'aiken'] as const;
export type TextImportFormat = (typeof TEXT_IMPORT_FORMATS)[number];

const CategorySchema = z.enum(QUESTION_CATEGORIES, {
  error: `Category must be one of: ${QUESTION_CATEGORIES.join(', ')}`,
});

/** POST /api/admin/questions/bulk-import {questions}: the rows the console read from a file. */
export const BulkImportRowsSchema = z.strictObject({
  questions: z
    .array(z.unknown(), { error: 'questions must be an array of question objects' })
    .min(1, 'JSON array is empty - no questions found')
    .max(
      IMPORT_MAX_QUESTIONS,
      `An import holds at most ${IMPORT_MAX_QUESTIONS} questions; split the file`,
    ),
});

/**
 * POST /api/admin/questions/bulk-import {format, content, category?}: a GIFT or Aiken file's text,
 * parsed by the API; `category` places the questions the file does not.
 */
export const BulkImportTextSchema = z.strictObject({
  format: z.enum(TEXT_IMPORT_FORMATS, {
    error: 'format must be gift or aiken (send CSV and JSON files as {questions})',
  }),
  content: z
    .string({ error: 'content must be the text of the file' })
    .refine((text) => text.trim() !== '', 'content is empty: send the text of the file'),
  category: CategorySchema.optional(),
});

/**
 * The bulk import takes either body, each strict. A body with `format` is a text file, any other
 * is rows; choosing by that key keeps each shape's own messages (a plain union would answer
 * "Invalid input").
 */
export const BulkImportSchema = z.unknown().transform((body, ctx) => {
  const isText = typeof body === 'object' && body !== null && 'format' in body;
  const result = (isText ? BulkImportTextSchema : BulkImportRowsSchema).safeParse(body);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue(issue as z.core.$ZodRawIssue);
  return z.NEVER;
});
export type BulkImportBody = z.output<typeof BulkImportSchema>;

/** POST /api/admin/modules/import: each module is checked on its own with ModuleInputSchema. */
export const ModuleImportSchema = z.strictObject({
  modules: z
    .array(z.unknown(), { error: 'modules must be an array of module objects' })
    .min(1, 'The file holds no modules')
    .max(MODULE_IMPORT_MAX, `An import holds at most ${MODULE_IMPORT_MAX} modules`),
});

/** GET /api/admin/questions/export?format=&category=: the bank, or one category of it. */
export const ExportFormatSchema = z.object({
  format: z
    .enum(IMPORT_FORMATS, { error: 'format must be json, csv, gift or aiken' })
    .default('json'),
  category: CategorySchema.optional(),
});

/**
 * A module as the admin lists it (premium-quiz-admin-spec §3 "Admin study module"): the fields a
 * learner's list card has, without the learner's own progress.
 */
export type AdminModuleSummary = Omit<StudyModuleSummary, 'progress'> & {
  /** Whether the French is missing, older than the English, or current (issue 19). */
  frenchStatus: TranslationStatus;
};
export type AdminModule = AdminModuleSummary & {
  bodyMarkdown: string;
  /** The French beside the English, as the admin edits it; null when not translated yet. */
  french: ModuleFrench | null;
};

/**
 * A module's fields PUT /api/study/{id} takes back as the admin's GET returned them but never
 * changes (shared/src/schemas/updates.ts); its French has its own update.
 */
export const MODULE_READ_ONLY: ReadOnlyFields<AdminModule> = {
  id: 'A module keeps its id',
  wordCount: 'The word count is computed from the content',
  publishedAt: setByServer('publishedAt'),
  createdAt: setByServer('createdAt'),
  updatedAt: setByServer('updatedAt'),
  locale: 'This update edits the English module; send locale as read',
  frenchStatus: setByServer('frenchStatus'),
  french: 'The French is saved on its own, with PUT /api/admin/modules/{id}/french',
};

/**
 * PUT /api/admin/modules/{id}/french: a module's French (issue 19). The slug, tags, status and
 * order are the English module's; the markdown is rendered once on save, as the English is.
 */
export const ModuleFrenchSchema = z.strictObject({
  title: visibleText(
    z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(200, 'Title must be at most 200 characters'),
  ),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(500, 'Description must be at most 500 characters'),
  summary: z.string().trim().max(1000, 'Summary must be at most 1000 characters').default(''),
  bodyMarkdown: z
    .string({ error: 'Content is required' })
    .trim()
    .min(1, 'Content is required')
    .max(500_000, 'Content is too long'),
});
export type ModuleFrench = z.output<typeof ModuleFrenchSchema>;

/**
 * PUT /api/admin/questions/{id}/french: a question's French (issue 19). The options are in the
 * English order, so the key, the shuffle and every learner's answer mean the same option.
 */
export const QuestionFrenchSchema = z
  .strictObject({
    question: QuestionTextSchema,
    options: OptionsSchema,
    explanation: ExplanationSchema,
    /** The figure's French text alternative (and French drawing), when the question has one. */
    figure: QuestionFigureFrenchSchema.optional(),
    /** Why each option is right or wrong, in French, in the same order (issue 29). */
    optionExplanations: OptionExplanationsSchema.optional(),
  })
  .refine(hasOneExplanationPerOption, {
    message: OPTION_EXPLANATIONS_MISMATCH,
    path: ['optionExplanations'],
  });
export type QuestionFrench = z.output<typeof QuestionFrenchSchema>;
/** The French needs one option for each English one, in the same order. */
export const FRENCH_OPTIONS_MISMATCH =
  'The French needs as many options as the English, in the same order';

/** A module in an export file: exactly what ModuleInputSchema takes back. */
export type ExportedModule = {
  slug: string;
  title: string;
  description: string;
  summary: string;
  bodyMarkdown: string;
  tags: string[];
  status: ModuleStatus;
  order: number;
  estimatedReadTime: number;
  exams: ExamId[];
};

export type ModuleImportResult = { created: number; updated: number };

/** A question-bank item as the admin sees it (premium-quiz-admin-spec §3). */
export type AdminQuestion = {
  id: string;
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
  category: QuestionCategory;
  difficulty: Difficulty;
  tags: string[];
  regulationReference: string | null;
  imageUrl: string | null;
  figure: QuestionFigure | null;
  /** Why each option is right or wrong, in the options' order; null when not written (issue 29). */
  optionExplanations: string[] | null;
  learnMore: LearnMoreRef | null;
  alsoTaughtIn: LearnMoreRef[];
  exams: ExamId[];
  isActive: boolean;
  version: number;
  timesAnswered: number;
  timesCorrect: number;
  /** Learners' open reports, and whether their wrong-answer reports took it out of new quizzes. */
  openReports: number;
  withdrawn: boolean;
  /** The version its item statistics count from (a change of options or key starts afresh). */
  statsSinceVersion: number;
  createdAt: string;
  updatedAt: string;
  /** The French beside the English; null when not translated yet (issue 19). */
  french: QuestionFrench | null;
  frenchStatus: TranslationStatus;
};

/**
 * A question's fields PUT /api/admin/questions/{id} takes back as GET returned them but never
 * changes: its figures are counted from learners' answers, and its French has its own update.
 */
export const QUESTION_READ_ONLY: ReadOnlyFields<AdminQuestion> = {
  id: 'A question keeps its id',
  version: 'The version is counted by the server',
  timesAnswered: 'A question’s figures are counted from learners’ answers',
  timesCorrect: 'A question’s figures are counted from learners’ answers',
  openReports: 'A question’s reports are closed from the reports queue',
  withdrawn: 'A question’s reports are closed from the reports queue',
  statsSinceVersion: 'The version is counted by the server',
  createdAt: setByServer('createdAt'),
  updatedAt: setByServer('updatedAt'),
  french: 'The French is saved on its own, with PUT /api/admin/questions/{id}/french',
  frenchStatus: setByServer('frenchStatus'),
};

/** What POST /bulk-import answers when it wrote the file, and what a finished import job holds. */
export type BulkImportResult = { successful: number; failed: number; errors: string[] };

export type ImportJobStatus = 'queued' | 'running' | 'completed' | 'failed';
/** A large import running on the Queue (POST /bulk-import answers 202 with it). */
export type ImportJob = BulkImportResult & {
  id: string;
  status: ImportJobStatus;
  total: number;
  /** Rows checked against the bank so far. */
  processed: number;
  createdAt: string;
  completedAt: string | null;
};

/** Front matter of content/modules/*.md. */
export const ModuleFrontMatterSchema = z
  .object({
    slug: SlugSchema,
    title: z.string().trim().min(1),
    description: z.string().trim().min(1).max(200),
    summary: z.string().trim().min(1).max(500),
    tags: z
      .array(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/))
      .min(3)
      .max(5),
    order: z.number().int().min(0),
    status: z.enum(MODULE_STATUSES),
    /** The exams it prepares for (issue 28); the Basic modules leave it out and serve both. */
    exams: ExamListSchema.optional(),
  })
  .strict()
  .refine((m) => new Set(m.tags).size === m.tags.length, {
    message: 'duplicate tags',
    path: ['tags'],
  });
export type ModuleFrontMatter = z.output<typeof ModuleFrontMatterSchema>;

/**
 * GET /api/admin/content/statistics: what the admin Overview and the Content overview show
 * (premium-quiz-admin-spec §3 "Content stats" and "Admin content statistics" in one answer).
 */
export type ContentStatistics = {
  studyModules: { total: number; published: number; draft: number; review: number };
  questions: {
    total: number;
    active: number;
    byCategory: Array<{ _id: string; count: number }>;
  };
  /** Completed attempts and their mean score in percent. */
  quizAttempts: { total: number; averageScore: number };
};

/** GET /api/statistics: the public figures (landing page, quiz setup), straight from the database. */
export type PublicStatistics = {
  publishedModules: number;
  activeQuestions: number;
  questionsByCategory: Array<{ category: QuestionCategory; count: number }>;
  /** The active questions a quiz of each exam can draw, by category (issue 28). */
  questionsByExam: Record<ExamId, Array<{ category: QuestionCategory; count: number }>>;
};
