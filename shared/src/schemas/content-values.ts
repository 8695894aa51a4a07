import { type Difficulty, type QuestionCategory } from './quiz-values.ts';

export const DEFAULT_IMPORT_CATEGORY: QuestionCategory = 'operations';
export const DEFAULT_DIFFICULTY: Difficulty = 'medium';
/** Imports up to this many questions are written in the request; larger ones run on the Queue. */
export const IMPORT_SYNC_MAX_QUESTIONS = 500;
/** One import file at most (the Queue job keeps the whole file in one D1 row, under its 2 MB cap). */
export const IMPORT_MAX_QUESTIONS = 2000;
export const MODULE_IMPORT_MAX = 100;
export const PAGE_SIZE_MODULES = 10;
export const PAGE_SIZE_QUESTIONS = 20;
export const MODULE_DEFAULT_READ_TIME = 5;
