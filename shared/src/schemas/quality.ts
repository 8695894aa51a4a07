import { z } from 'zod';
import type { QuestionFigure } from './figure.ts';
import type { Pagination } from '../api.ts';
import { setByServer, type ReadOnlyFields } from './updates.ts';
import { QUESTION_CATEGORIES, type QuestionCategory } from './quiz-values.ts';
import {
  ITEM_ANALYSIS_SORTS,
  ITEM_FLAGS,
  type ItemFlag,
  PAGE_SIZE_ITEM_ANALYSIS,
  PAGE_SIZE_QUESTION_REPORTS,
  QUESTION_REPORT_COMMENT_MAX,
  QUESTION_REPORT_NOTE_MAX,
  QUESTION_REPORT_REASONS,
  QUESTION_REPORT_STATUSES,
  type QuestionReportReason,
  type QuestionReportStatus,
} from './quality-values.ts';
import { ExamIdSchema } from './exam.ts';

/**
 * The question quality loop (issue 18): learners' reports of problems with questions, the admin's
 * triage of them, and item analysis of the bank. One schema per payload, used by the forms and by
 * the API's validator.
 */

const page = z.coerce.number().int().min(1).default(1);
const limit = (size: number) => z.coerce.number().int().min(1).max(100).default(size);
/** Query strings carry "" for "any"; it reads as no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === 'all' ? undefined : value), schema.optional());

export const REPORT_REASON_REQUIRED = 'Choose what is wrong with the question';
export const REPORT_COMMENT_TOO_LONG = `Keep the comment to ${QUESTION_REPORT_COMMENT_MAX.toLocaleString('en-CA')} characters or fewer`;

/** POST /api/questions/{id}/reports: the report dialog's form. */
export const QuestionReportSchema = z.strictObject({
  reason: z.enum(QUESTION_REPORT_REASONS, { error: REPORT_REASON_REQUIRED }),
  comment: z
    .string({ error: 'The comment must be text' })
    .trim()
    .max(QUESTION_REPORT_COMMENT_MAX, REPORT_COMMENT_TOO_LONG)
    .default(''),
});
export type QuestionReportInput = z.input<typeof QuestionReportSchema>;

/** What a learner's report answers (201). */
export type QuestionReport = {
  id: string;
  questionId: string;
  reason: QuestionReportReason;
  comment: string;
  status: QuestionReportStatus;
  createdAt: string;
};

export const QUESTION_REPORT_SENT =
  'Thanks for the report. We will look at the question and email you if we correct it.';

// ---- Admin: the Reports view ----

export const QuestionReportsQuerySchema = z.object({
  status: z.enum(QUESTION_REPORT_STATUSES).default('open'),
  page,
  limit: limit(PAGE_SIZE_QUESTION_REPORTS),
});
export type QuestionReportsQuery = z.input<typeof QuestionReportsQuerySchema>;

/** One report as the admin reads it, with the question as it stands now and its keyed answer. */
export type AdminQuestionReport = QuestionReport & {
  /** The question's text now. */
  question: string;
  options: string[];
  correctAnswer: number;
  category: QuestionCategory;
  /** The question's version when it was reported, and now (a fix since shows as a newer one). */
  reportedVersion: number;
  currentVersion: number;
  /** Open wrong-answer reports of the question took it out of new quizzes. */
  withdrawn: boolean;
  note: string | null;
  resolvedAt: string | null;
};

export type QuestionReportsPage = {
  reports: AdminQuestionReport[];
  pagination: Pagination;
};

export const NOTE_REQUIRED = 'Write a note on what you found or changed';
export const NOTIFY_ONLY_WHEN_RESOLVED = 'Only a resolution emails the reporters';

/**
 * PATCH /api/admin/question-reports/{id}: resolve or reject with a note. `scope: "question"`
 * closes every open report of the same question at once (the console's grouped actions);
 * `notify` emails the reporters of a resolution.
 */
export const QuestionReportUpdateSchema = z
  .strictObject({
    status: z.enum(['resolved', 'rejected'], { error: 'Status must be resolved or rejected' }),
    note: z
      .string({ error: NOTE_REQUIRED })
      .trim()
      .min(1, NOTE_REQUIRED)
      .max(
        QUESTION_REPORT_NOTE_MAX,
        `Keep the note to ${QUESTION_REPORT_NOTE_MAX.toLocaleString('en-CA')} characters or fewer`,
      ),
    notify: z.boolean({ error: 'notify must be true or false' }).default(false),
    scope: z
      .enum(['report', 'question'], { error: 'Scope must be report or question' })
      .default('report'),
  })
  .refine((update) => !update.notify || update.status === 'resolved', {
    message: NOTIFY_ONLY_WHEN_RESOLVED,
    path: ['notify'],
  });
export type QuestionReportUpdate = z.input<typeof QuestionReportUpdateSchema>;

/**
 * A report's fields PATCH /admin/question-reports/{id} takes back as the list returned them but
 * never changes: what the learner reported, and the question as it stands (edited in the bank).
 */
export const QUESTION_REPORT_READ_ONLY: ReadOnlyFields<AdminQuestionReport> = {
  id: 'A report keeps its id',
  questionId: 'A report stays on the question it was made on',
  reason: 'A report says what the learner sent',
  comment: 'A report says what the learner sent',
  createdAt: setByServer('createdAt'),
  question: 'Edit the question in the question bank',
  options: 'Edit the question in the question bank',
  correctAnswer: 'Edit the question in the question bank',
  category: 'Edit the question in the question bank',
  reportedVersion: 'A report stays on the question it was made on',
  currentVersion: 'Edit the question in the question bank',
  withdrawn: setByServer('withdrawn'),
  resolvedAt: setByServer('resolvedAt'),
};

export type QuestionReportsClosed = {
  reports: Array<Pick<AdminQuestionReport, 'id' | 'questionId' | 'status' | 'note' | 'resolvedAt'>>;
  /** Reporters emailed ("Thanks, we corrected …"). */
  emailed: number;
};

// ---- Admin: item analysis ----

export const ItemAnalysisListQuerySchema = z.object({
  sort: z
    .enum(ITEM_ANALYSIS_SORTS, { error: `Sort by ${ITEM_ANALYSIS_SORTS.join(', ')}` })
    .default('discrimination'),
  filter: optional(z.enum(ITEM_FLAGS, { error: `Filter by ${ITEM_FLAGS.join(', ')}` })),
  category: optional(z.enum(QUESTION_CATEGORIES, { error: 'Unknown category' })),
  exam: optional(ExamIdSchema),
  page,
  limit: limit(PAGE_SIZE_ITEM_ANALYSIS),
});
export type ItemAnalysisListQuery = z.input<typeof ItemAnalysisListQuerySchema>;

/**
 * A question's statistics over the answers given in completed attempts since its options or key
 * last changed (an epoch, named by the version that began it).
 */
export type ItemStatistics = {
  /** The question version these answers began with. */
  sinceVersion: number;
  attempts: number;
  /** Share answering right, 0–1; null before any answer. */
  facility: number | null;
  /** Point-biserial r with the score on the rest of the attempt; null while it cannot be told. */
  discrimination: number | null;
  /** How often each option was chosen, in the question's own option order (A, B, C, D). */
  optionCounts: number[];
  correctAnswer: number;
  /** Median seconds to answer; `medianAtLeast` when it falls in the last (open-ended) bucket. */
  medianSeconds: number | null;
  medianAtLeast: boolean;
  /** Flags, only once there are enough answers to judge. */
  flags: ItemFlag[];
  updatedAt: string | null;
};

export type ItemAnalysisItem = ItemStatistics & {
  questionId: string;
  question: string;
  category: QuestionCategory;
  isActive: boolean;
  withdrawn: boolean;
};

export type ItemAnalysisPage = {
  items: ItemAnalysisItem[];
  pagination: Pagination;
  /** Answers a question needs before it is flagged. */
  minAttempts: number;
};

/** GET /api/admin/questions/{id}/analysis: now, and the statistics of earlier options or keys. */
export type QuestionAnalysis = {
  question: {
    id: string;
    question: string;
    options: string[];
    correctAnswer: number;
    category: QuestionCategory;
    version: number;
    /** The figure the question is asked on, if any: an option's figures can depend on it. */
    figure: QuestionFigure | null;
  };
  current: ItemStatistics;
  /** Earlier epochs, newest first, each with the options it was answered on. */
  history: Array<ItemStatistics & { options: string[] }>;
  minAttempts: number;
};
