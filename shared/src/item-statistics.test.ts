import { describe, expect, it } from 'vitest';
import {
  answerTimeBucket,
  discriminationOf,
  itemFlags,
  medianFromHistogram,
  unusedDistractors,
} from './item-statistics.ts';
import {
  ANSWER_TIME_BUCKET_MAX_SECONDS,
  ITEM_FLAG_MIN_ATTEMPTS,
} from './schemas/quality-values.ts';

const sumsOf = (pairs: Array<[number, number]>) => ({
  attempts: pairs.length,
  correct: pairs.reduce((s, [x]) => s + x, 0),
  restSum: pairs.reduce((s, [, y]) => s + y, 0),
  restSquares: pairs.reduce((s, [, y]) => s + y * y, 0),
  correctRest: pairs.reduce((s, [x, y]) => s + x * y, 0),
});

describe('item statistics from kept sums', () => {
  it('gives the point-biserial correlation, ±1 at the extremes', () => {
    expect(
      discriminationOf(
        sumsOf([
          [1, 0.9],
          [1, 0.8],
          [0, 0.2],
          [0, 0.1],
        ]),
      ),
    ).toBeCloseTo(0.9899, 4);
    expect(
      discriminationOf(
        sumsOf([
          [1, 1],
          [0, 0],
        ]),
      ),
    ).toBe(1);
    expect(
      discriminationOf(
        sumsOf([
          [0, 1],
          [1, 0],
        ]),
      ),
    ).toBe(-1);
  });

  it('cannot tell a correlation with one answer, one outcome, or level rest scores', () => {
    expect(discriminationOf(sumsOf([[1, 0.5]]))).toBeNull();
    expect(
      discriminationOf(
        sumsOf([
          [1, 0.2],
          [1, 0.9],
        ]),
      ),
    ).toBeNull();
    // 0.1 is not exact in binary: the spread left is rounding, not a difference between learners.
    expect(discriminationOf(sumsOf(Array.from({ length: 50 }, (_, i) => [i % 2, 0.1])))).toBeNull();
  });

  it('takes the lower median of the per-second histogram, open-ended at the last bucket', () => {
    expect(medianFromHistogram([])).toEqual({ seconds: null, atLeast: false });
    expect(medianFromHistogram([0, 2, 0, 1, 1])).toEqual({ seconds: 1, atLeast: false });
    expect(medianFromHistogram([0, 1, 0, 1, 1])).toEqual({ seconds: 3, atLeast: false });
    const long = Array.from({ length: ANSWER_TIME_BUCKET_MAX_SECONDS + 1 }, () => 0);
    long[ANSWER_TIME_BUCKET_MAX_SECONDS] = 3;
    long[10] = 1;
    expect(medianFromHistogram(long)).toEqual({
      seconds: ANSWER_TIME_BUCKET_MAX_SECONDS,
      atLeast: true,
    });
    expect(answerTimeBucket(-3)).toBe(0);
    expect(answerTimeBucket(12.4)).toBe(12);
    expect(answerTimeBucket(9999)).toBe(ANSWER_TIME_BUCKET_MAX_SECONDS);
  });

  it('flags only with enough answers, by the thresholds', () => {
    const item = {
      attempts: ITEM_FLAG_MIN_ATTEMPTS,
      facility: 0.96,
      discrimination: 0.05,
      optionCounts: [29, 1, 0, 0],
      correctAnswer: 0,
    };
    expect(unusedDistractors(item.optionCounts, 0)).toBe(2);
    expect(itemFlags(item)).toEqual(['too-easy', 'low-discrimination', 'unused-distractor']);
    expect(itemFlags({ ...item, attempts: ITEM_FLAG_MIN_ATTEMPTS - 1 })).toEqual([]);
    expect(
      itemFlags({ ...item, facility: 0.25, discrimination: -0.3, optionCounts: [8, 8, 7, 7] }),
    ).toEqual(['too-hard', 'low-discrimination']);
    expect(
      itemFlags({ ...item, facility: 0.6, discrimination: 0.1, optionCounts: [18, 4, 4, 4] }),
    ).toEqual([]);
  });
});
