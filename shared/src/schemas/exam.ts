import { z } from 'zod';

/**
 * The exams the product prepares for (issue 28). An exam's figures (count, time, marks, blueprint)
 * are data in the database; only the ids are fixed here, for schemas to check against.
 */
export const EXAM_IDS = ['basic', 'advanced'] as const;
export type ExamId = (typeof EXAM_IDS)[number];
export const DEFAULT_EXAM: ExamId = 'basic';

export const ExamIdSchema = z.enum(EXAM_IDS, { error: 'Exam must be basic or advanced' });

/** The exams a question or module belongs to: at least one, each once. */
export const ExamListSchema = z
  .array(ExamIdSchema, { error: 'Exams must be a list of basic or advanced' })
  .min(1, 'Choose at least one exam')
  .refine((exams) => new Set(exams).size === exams.length, 'Each exam is listed once');

/** The Basic bank and modules belong to both exams: the Advanced exam covers Basic knowledge too. */
export const BASIC_CONTENT_EXAMS: ExamId[] = ['basic', 'advanced'];

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
