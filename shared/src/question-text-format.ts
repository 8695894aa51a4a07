/**
 * What the two plain-text question formats (GIFT in question-gift.ts, Aiken in question-aiken.ts)
 * share: how a file is cut into lines, how a category name in a file maps to the bank's
 * categories, and the shape a parser hands to the import (question-import.ts), which checks each
 * question with QuestionInputSchema like a CSV or JSON row and reports it by its line.
 */
import {
  QUESTION_CATEGORIES,
  QUESTION_CATEGORY_LABELS,
  type QuestionCategory,
} from './schemas/quiz-values.ts';

/** A problem in a text file, by the line (from 1) the admin finds it on. */
export type LineError = { line: number; message: string };

export type ParsedQuestionText = {
  /** One question object per question read without a syntax error, in file order. */
  rows: Record<string, unknown>[];
  /** The line each of `rows` starts on, so a row's schema error names its line. */
  lines: number[];
  errors: LineError[];
  /** Every question the file holds, with or without errors. */
  questionCount: number;
};

export type QuestionTextOptions = {
  /** The category for questions the file does not place (GIFT without $CATEGORY, any Aiken file). */
  category?: QuestionCategory;
};

/** A question as the text formats write it: what they can hold of a bank question. */
export type QuestionTextItem = {
  question: string;
  options: readonly string[];
  correctAnswer: number;
  explanation: string;
  category: QuestionCategory;
  /** GIFT writes them as per-answer feedback; Aiken has no place for them (issue 29). */
  optionExplanations?: readonly string[];
};

/** The file's lines, without a byte-order mark, whatever its line ends (LF, CRLF or CR). */
export function splitLines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
}

const categoryKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();

const CATEGORY_BY_KEY = new Map<string, QuestionCategory>(
  QUESTION_CATEGORIES.flatMap((id) => [
    [categoryKey(id), id],
    [categoryKey(QUESTION_CATEGORY_LABELS[id]), id],
  ]),
);

/**
 * The bank category a file names, by its id or its label in any case, with hyphens, underscores
 * and spaces alike ("air-law-regulations", "Air law and regulations", "Air Law Regulations"). A
 * Moodle path ("$course$/top/Airspace") is read by its last part.
 */
export function matchCategory(name: string): QuestionCategory | null {
  const whole = categoryKey(name);
  const last = categoryKey(name.split('/').at(-1) ?? '');
  return CATEGORY_BY_KEY.get(whole) ?? CATEGORY_BY_KEY.get(last) ?? null;
}

export function unknownCategoryMessage(name: string): string {
  const shown = name.trim() ? `"${name.trim()}"` : 'An empty name';
  return `${shown} is not one of the bank's categories (${QUESTION_CATEGORIES.join(', ')}): rename it, or choose a category for the questions the file does not place`;
}

/** The writers' order: grouped by category as the bank lists them, each group in the given order. */
export function byCategory<T extends { category: QuestionCategory }>(questions: readonly T[]): T[] {
  const rank = (q: T) => QUESTION_CATEGORIES.indexOf(q.category);
  return questions
    .map((question, index) => ({ question, index }))
    .sort((a, b) => rank(a.question) - rank(b.question) || a.index - b.index)
    .map(({ question }) => question);
}
