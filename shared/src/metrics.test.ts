import { describe, expect, it } from 'vitest';
import {
  addHistogram,
  dayRange,
  emptyHistogram,
  histogramQuantile,
  latencyBucket,
  percentOf,
  weekStart,
} from './metrics.ts';

const BOUNDS = [10, 50, 100];

describe('latency histogram', () => {
  it('puts a request in the first bucket whose upper bound it fits under', () => {
    expect(latencyBucket(0, BOUNDS)).toBe(0);
    expect(latencyBucket(10, BOUNDS)).toBe(0);
    expect(latencyBucket(11, BOUNDS)).toBe(1);
    expect(latencyBucket(100, BOUNDS)).toBe(2);
    expect(latencyBucket(101, BOUNDS)).toBe(3);
    expect(emptyHistogram(BOUNDS)).toEqual([0, 0, 0, 0]);
  });

  it('adds histograms, ignoring what is not a count', () => {
    expect(addHistogram([1, 0, 0, 0], [2, 'x', null, 4, 9])).toEqual([3, 0, 0, 4]);
  });

  it('interpolates the median inside its bucket', () => {
    // 10 requests: 2 under 10 ms, 6 in 10–50 ms, 2 in 50–100 ms; the 5th falls 3/6 into 10–50.
    expect(histogramQuantile([2, 6, 2, 0], 0.5, BOUNDS)).toBe(30);
    expect(histogramQuantile([4, 0, 0, 0], 0.5, BOUNDS)).toBe(5);
  });

  it('answers the lower bound in the open-ended bucket, and null with no requests', () => {
    expect(histogramQuantile([0, 0, 0, 3], 0.5, BOUNDS)).toBe(100);
    expect(histogramQuantile([0, 0, 0, 0], 0.5, BOUNDS)).toBeNull();
  });
});

describe('percentOf', () => {
  it('divides, or answers null when there is nothing to divide by', () => {
    expect(percentOf(1, 4)).toBe(25);
    expect(percentOf(0, 0)).toBeNull();
  });
});

describe('days and weeks', () => {
  it('lists the last N UTC days, oldest first', () => {
    expect(dayRange(Date.UTC(2026, 2, 2, 15), 3)).toEqual([
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('finds the Monday that starts the week', () => {
    expect(weekStart('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStart('2026-01-01')).toBe('2025-12-29');
  });
});
