import { z } from 'zod';
import { QUESTION_CATEGORIES, QUIZ_MAX_QUESTIONS, QUIZ_MIN_QUESTIONS } from './quiz-values.ts';
import {
  EXAM_IDS,
  EXAM_TIME_LIMIT_MAX_MINUTES,
  EXAM_TIME_LIMIT_MIN_MINUTES,
  type ExamId,
} from './exam-values.ts';

export const ExamIdSchema = z.enum(EXAM_IDS, { error: 'Exam must be basic or advanced' });

/** The exams a question or module belongs to: at least one, each once. */
export const ExamListSchema = z
  .array(ExamIdSchema, { error: 'Exams must be a list of basic or advanced' })
  .min(1, 'Choose at least one exam')
  .refine((exams) => new Set(exams).size === exams.length, 'Each exam is listed once');

/** A heading's id in a module's rendered HTML, set by an explicit "{#anchor}" in its markdown. */
export const SectionIdSchema = z
  .string({ error: 'Section id is required' })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Section id must be lowercase words joined by hyphens')
  .max(120, 'Section id must be at most 120 characters');

/** Where a question's fact is taught: a module and the id of one of its headings (issue 29). */
export const LearnMoreRefSchema = z.strictObject({
  moduleSlug: z
    .string({ error: 'Module slug is required' })
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Module slug must be lowercase words joined by hyphens')
    .max(120, 'Module slug must be at most 120 characters'),
  sectionId: SectionIdSchema,
});
export type LearnMoreRef = z.output<typeof LearnMoreRefSchema>;
/** A learnMore as a learner gets it: with the heading's title in their language, to link to it. */
export type LearnMore = LearnMoreRef & { title: string };

/** One knowledge area's share of an exam, in percent of its questions. */
export const BlueprintEntrySchema = z.strictObject({
  category: z.enum(QUESTION_CATEGORIES, {
    error: `Category must be one of: ${QUESTION_CATEGORIES.join(', ')}`,
  }),
  share: z
    .number({ error: 'Share must be a whole percent' })
    .int('Share must be a whole percent')
    .min(1, 'Share must be between 1 and 100')
    .max(100, 'Share must be between 1 and 100'),
});
export type BlueprintEntry = z.output<typeof BlueprintEntrySchema>;

const percent = (label: string) =>
  z
    .number({ error: `${label} must be a whole percent` })
    .int(`${label} must be a whole percent`)
    .min(1, `${label} must be between 1 and 100`)
    .max(100, `${label} must be between 1 and 100`);

/** PUT /api/admin/exams/{id} and the console's exam form: every figure, the blueprint whole. */
export const ExamUpdateSchema = z.strictObject({
  name: z.strictObject({
    en: z
      .string({ error: 'English name is required' })
      .trim()
      .min(1, 'English name is required')
      .max(120, 'English name must be at most 120 characters'),
    fr: z
      .string({ error: 'French name is required' })
      .trim()
      .min(1, 'French name is required')
      .max(120, 'French name must be at most 120 characters'),
  }),
  questionCount: z
    .number({ error: 'Question count must be a whole number' })
    .int('Question count must be a whole number')
    .min(
      QUIZ_MIN_QUESTIONS,
      `Question count must be between ${QUIZ_MIN_QUESTIONS} and ${QUIZ_MAX_QUESTIONS}`,
    )
    .max(
      QUIZ_MAX_QUESTIONS,
      `Question count must be between ${QUIZ_MIN_QUESTIONS} and ${QUIZ_MAX_QUESTIONS}`,
    ),
  timeLimitMinutes: z
    .number({ error: 'Time limit must be a whole number of minutes' })
    .int('Time limit must be a whole number of minutes')
    .min(
      EXAM_TIME_LIMIT_MIN_MINUTES,
      `Time limit must be between ${EXAM_TIME_LIMIT_MIN_MINUTES} and ${EXAM_TIME_LIMIT_MAX_MINUTES} minutes`,
    )
    .max(
      EXAM_TIME_LIMIT_MAX_MINUTES,
      `Time limit must be between ${EXAM_TIME_LIMIT_MIN_MINUTES} and ${EXAM_TIME_LIMIT_MAX_MINUTES} minutes`,
    ),
  passMark: percent('Pass mark'),
  practicePassMark: percent('Practice pass mark'),
  blueprint: z
    .array(BlueprintEntrySchema, { error: 'Blueprint must be a list of categories and shares' })
    .min(1, 'Blueprint needs at least one category')
    .refine(
      (entries) => new Set(entries.map((entry) => entry.category)).size === entries.length,
      'Each category appears once in the blueprint',
    )
    .refine(
      (entries) => entries.reduce((sum, entry) => sum + entry.share, 0) === 100,
      'Blueprint shares must add up to 100',
    ),
  sourceNote: z
    .string({ error: 'Source note is required' })
    .trim()
    .min(1, 'Source note is required')
    .max(2000, 'Source note must be at most 2000 characters'),
});
export type ExamUpdate = z.output<typeof ExamUpdateSchema>;

/** An exam as GET /api/exams gives it: the name in the reader's language, marks in percent. */
export type Exam = {
  id: ExamId;
  name: string;
  questionCount: number;
  timeLimitMinutes: number;
  passMark: number;
  practicePassMark: number;
  blueprint: BlueprintEntry[];
  sourceNote: string;
};

/** The admin's view: both names, for the form. */
export type AdminExam = Omit<Exam, 'name'> & {
  name: { en: string; fr: string };
  updatedAt: string;
};

/** `?exam=` on the reads that filter by exam (study, admin questions and overview, readiness). */
export const ExamQuerySchema = z.object({ exam: ExamIdSchema.optional() });
