import {
  ANSWER_TIME_BUCKET_MAX_SECONDS,
  ITEM_FLAG_MIN_ATTEMPTS,
  ITEM_LOW_DISCRIMINATION,
  ITEM_TOO_EASY_FACILITY,
  ITEM_TOO_HARD_FACILITY,
  type ItemFlag,
} from './schemas/quality-values.ts';

/**
 * Item statistics from the sums the database keeps per question (migration 0013): answers n, right
 * answers Σx, and with y the share right on the rest of the same attempt, Σy, Σy² and Σxy.
 */
export type ItemSums = {
  attempts: number;
  correct: number;
  restSum: number;
  restSquares: number;
  correctRest: number;
};

/**
 * The variance terms below are differences of large sums; below this share of n² they are
 * rounding, not spread (every learner scored the same on the rest), and r cannot be told.
 * The database's discrimination key uses the same guard.
 */
export const SPREAD_EPSILON = 1e-9;

/**
 * Point-biserial correlation between being right on the question (x, 0 or 1) and the score on
 * the rest of the attempt (y): r = (nΣxy − ΣxΣy) / √((nΣx − (Σx)²)(nΣy² − (Σy)²)), using x² = x.
 * Null with fewer than two answers, or when everyone was right, wrong, or level on the rest.
 */
export function discriminationOf(sums: ItemSums): number | null {
  const n = sums.attempts;
  if (n < 2) return null;
  const dx = n * sums.correct - sums.correct * sums.correct;
  const dy = n * sums.restSquares - sums.restSum * sums.restSum;
  if (dx <= 0 || dy <= SPREAD_EPSILON * n * n) return null;
  const r = (n * sums.correctRest - sums.correct * sums.restSum) / Math.sqrt(dx * dy);
  return Math.max(-1, Math.min(1, r));
}

export const facilityOf = (sums: Pick<ItemSums, 'attempts' | 'correct'>) =>
  sums.attempts > 0 ? sums.correct / sums.attempts : null;

/** The bucket of an answer time: whole seconds, the last bucket holding the maximum and more. */
export const answerTimeBucket = (seconds: number) =>
  Math.max(0, Math.min(ANSWER_TIME_BUCKET_MAX_SECONDS, Math.round(seconds)));

/**
 * The median time to answer from the per-second histogram: the least t such that at least half
 * the answers took t seconds or less (the lower median). `atLeast` when it lands in the last,
 * open-ended bucket.
 */
export function medianFromHistogram(counts: readonly number[]): {
  seconds: number | null;
  atLeast: boolean;
} {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return { seconds: null, atLeast: false };
  let running = 0;
  for (let t = 0; t < counts.length; t++) {
    running += counts[t]!;
    if (running * 2 >= total) return { seconds: t, atLeast: t >= ANSWER_TIME_BUCKET_MAX_SECONDS };
  }
  return { seconds: counts.length - 1, atLeast: true };
}

/** The distractors (options other than the key) nobody chose. */
export const unusedDistractors = (optionCounts: readonly number[], correctAnswer: number) =>
  optionCounts.filter((count, index) => index !== correctAnswer && count === 0).length;

/** What an item's figures say, once it has enough answers to say anything. */
export function itemFlags(item: {
  attempts: number;
  facility: number | null;
  discrimination: number | null;
  optionCounts: readonly number[];
  correctAnswer: number;
}): ItemFlag[] {
  if (item.attempts < ITEM_FLAG_MIN_ATTEMPTS || item.facility === null) return [];
  const flags: ItemFlag[] = [];
  if (item.facility >= ITEM_TOO_EASY_FACILITY) flags.push('too-easy');
  if (item.facility <= ITEM_TOO_HARD_FACILITY) flags.push('too-hard');
  if (item.discrimination !== null && item.discrimination < ITEM_LOW_DISCRIMINATION)
    flags.push('low-discrimination');
  if (unusedDistractors(item.optionCounts, item.correctAnswer) > 0) flags.push('unused-distractor');
  return flags;
}
