/**
 * The exams the product prepares for (issue 28). An exam's figures (count, time, marks, blueprint)
 * are data in the database; only the ids are fixed here, for schemas to check against. No zod
 * here, so a page that only needs the ids does not load the schemas (issue 27's budgets).
 */
export const EXAM_IDS = ['basic', 'advanced'] as const;
export type ExamId = (typeof EXAM_IDS)[number];
export const DEFAULT_EXAM: ExamId = 'basic';

/** The time limits an admin may give an exam, in minutes. */
export const EXAM_TIME_LIMIT_MIN_MINUTES = 10;
export const EXAM_TIME_LIMIT_MAX_MINUTES = 240;

/** The Basic bank and modules belong to both exams: the Advanced exam covers Basic knowledge too. */
export const BASIC_CONTENT_EXAMS: ExamId[] = ['basic', 'advanced'];

/**
 * How an exam's questions and modules are stored: one bit per exam (basic 1, advanced 2), so the
 * attempt draw filters with a bit test on a column of the questions' own index.
 */
export const EXAM_BITS: Record<ExamId, number> = { basic: 1, advanced: 2 };

export const examMaskOf = (exams: readonly ExamId[]): number =>
  exams.reduce((mask, exam) => mask | EXAM_BITS[exam], 0);

export const examsOfMask = (mask: number): ExamId[] =>
  EXAM_IDS.filter((exam) => (mask & EXAM_BITS[exam]) !== 0);

/** The stored masks that include an exam, so a filter is an indexed IN, not a bit test. */
export const masksWith = (exam: ExamId): number[] =>
  Array.from({ length: 2 ** EXAM_IDS.length - 1 }, (_, i) => i + 1).filter(
    (mask) => (mask & EXAM_BITS[exam]) !== 0,
  );
