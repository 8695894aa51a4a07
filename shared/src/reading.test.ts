import { describe, expect, it } from 'vitest';
import {
  completedAfterSave,
  countedGapMs,
  creditedSeconds,
  currentSection,
  mergeSections,
  scrollPercent,
  wholeMinutes,
  READING_GAP_LIMIT_MS,
} from './reading.ts';

describe('countedGapMs (reading time between two events)', () => {
  it('counts a gap under 5 minutes and nothing for a longer or backwards one', () => {
    expect(countedGapMs(1_000, 4_000)).toBe(3_000);
    expect(countedGapMs(0, READING_GAP_LIMIT_MS - 1)).toBe(READING_GAP_LIMIT_MS - 1);
    expect(countedGapMs(0, READING_GAP_LIMIT_MS)).toBe(0);
    expect(countedGapMs(0, 60 * 60_000)).toBe(0);
    expect(countedGapMs(5_000, 4_000)).toBe(0);
  });
});

describe('scrollPercent (progress from scroll position)', () => {
  const article = { articleTop: 200, articleHeight: 2000, viewportHeight: 800 };
  it('is how far the bottom of the viewport has reached into the article, 0–100', () => {
    expect(scrollPercent({ ...article, scrollY: 0 })).toBe(30);
    expect(scrollPercent({ ...article, scrollY: 400 })).toBe(50);
    expect(scrollPercent({ ...article, scrollY: 1400 })).toBe(100);
    expect(scrollPercent({ ...article, scrollY: 5000 })).toBe(100);
    expect(scrollPercent({ ...article, articleTop: 2000, scrollY: 0 })).toBe(0);
    expect(scrollPercent({ ...article, articleHeight: 0, scrollY: 0 })).toBe(0);
  });
});

describe('mergeSections', () => {
  it('joins section labels in reading order, once each, ignoring anything else', () => {
    expect(
      mergeSections(['section-10', 'section-2'], ['section-2', 'section-9', 'chapter-1']),
    ).toEqual(['section-2', 'section-9', 'section-10']);
    expect(mergeSections()).toEqual([]);
  });
});

describe('creditedSeconds (what one save may add)', () => {
  const now = 1_000_000_000;
  it('credits what the page reports, at most the time since the previous save', () => {
    expect(creditedSeconds(1, now - 120_000, now)).toBe(60);
    expect(creditedSeconds(10, now - 120_000, now)).toBe(120);
    expect(creditedSeconds(0.5, now, now)).toBe(0);
    expect(creditedSeconds(-3, now - 120_000, now)).toBe(0);
    expect(creditedSeconds(1, now + 5_000, now)).toBe(0);
  });

  it('allows one reading gap on the first save', () => {
    expect(creditedSeconds(2, null, now)).toBe(120);
    expect(creditedSeconds(60, null, now)).toBe(READING_GAP_LIMIT_MS / 1000);
  });
});

describe('wholeMinutes', () => {
  it('answers study time in whole minutes, rounded down', () => {
    expect(wholeMinutes(0)).toBe(0);
    expect(wholeMinutes(59)).toBe(0);
    expect(wholeMinutes(60)).toBe(1);
    expect(wholeMinutes(179)).toBe(2);
  });
});

describe('completedAfterSave', () => {
  it('completes a module when progress reaches 100 %', () => {
    expect(completedAfterSave(null, 100)).toBe(true);
    expect(completedAfterSave({ progress: 90, isCompleted: false }, 100)).toBe(true);
    expect(completedAfterSave({ progress: 90, isCompleted: false }, 95)).toBe(false);
  });

  it('lets the explicit toggle decide, and keeps an un-marked module un-marked', () => {
    expect(completedAfterSave({ progress: 20, isCompleted: false }, 20, true)).toBe(true);
    expect(completedAfterSave({ progress: 100, isCompleted: true }, 100, false)).toBe(false);
    expect(completedAfterSave({ progress: 100, isCompleted: false }, 100)).toBe(false);
    expect(completedAfterSave({ progress: 40, isCompleted: true }, 40)).toBe(true);
  });
});

describe('currentSection (where a bookmark or note is placed)', () => {
  const headings = [
    { id: 'intro', top: -900 },
    { id: 'rules', top: -40 },
    { id: 'altitude', top: 81 },
    { id: 'night', top: 600 },
  ];
  it('is the last heading at or above the reading line', () => {
    expect(currentSection(headings, 80)).toBe('altitude');
    expect(currentSection(headings, 40)).toBe('rules');
  });
  it('is the first heading before the reader reaches any, and null without headings', () => {
    expect(currentSection([{ id: 'intro', top: 300 }], 80)).toBe('intro');
    expect(currentSection([], 80)).toBeNull();
  });
});
