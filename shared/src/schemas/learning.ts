import { z } from './zod.ts';
import { QUESTION_CATEGORIES, type QuestionCategory } from '../constants.ts';
import { blankToUndefined } from './common.ts';

/** One knowledge area in the readiness answer (issue 16). */
export type ReadinessArea = {
  category: QuestionCategory;
  /** Answers in the area, every mode, and how many were right. */
  answered: number;
  correct: number;
  /** Distinct questions of the area answered. */
  questions: number;
  /** The estimated chance of a right answer in the area (0–1); null before any answer. */
  mastery: number | null;
};

/** GET /api/learning/readiness. Probabilities are 0–1, scores percent; null until enough answers. */
export type Readiness = {
  passProbability: number | null;
  range: [number, number] | null;
  expectedScore: number | null;
  /** Distinct questions answered, and over how many areas. */
  answered: number;
  minimumAnswered: number;
  categoriesAnswered: number;
  minimumCategories: number;
  areas: ReadinessArea[];
  /** The areas with the lowest mastery, weakest first. */
  weakest: QuestionCategory[];
};

/** GET /api/learning/pools: how many questions each practice source offers in the categories. */
export type PracticePools = {
  all: number;
  unseen: number;
  incorrect: number;
  flagged: number;
};

export const PoolsQuerySchema = z.object({
  categories: z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .transform((value) => (value ? [...new Set(value.split(','))] : [...QUESTION_CATEGORIES]))
      .pipe(
        z
          .array(z.enum(QUESTION_CATEGORIES, { error: 'Unknown category' }))
          .min(1, 'Choose at least one category'),
      ),
  ),
});
