import { describe, expect, it } from 'vitest';
import {
  formatDate,
  addTag,
  formatDuration,
  greeting,
  headingId,
  meetsPassMark,
  prettifyCategory,
  readingMinutes,
  roundScore,
  readingTimeLabel,
  scoreColour,
  sectionLabel,
  slugify,
  tagColour,
  TAG_COLOUR_DEFAULT,
} from './text.ts';
import { QUESTION_CATEGORIES } from './schemas/quiz-values.ts';

describe('slugify (module slugs)', () => {
  it.each([
    ['Canadian Drone Regulations', 'canadian-drone-regulations'],
    ['  Weather & NOTAMs!  ', 'weather-notams'],
    ['snake_case_title', 'snake-case-title'],
    ['--Already--hyphenated--', 'already-hyphenated'],
    ['Part IX: 901.25', 'part-ix-90125'],
  ])('%s → %s', (input, expected) => expect(slugify(input)).toBe(expected));
});

describe('headingId (table of contents ids)', () => {
  it.each([
    ['Check yourself', 'check-yourself'],
    ['Basic operations (CARs 901.53)', 'basic-operations-cars-90153'],
    ['What is "VLOS"?', 'what-is-vlos'],
    ['Métro & météo', 'métro-météo'],
    ['  Leading and trailing  ', 'leading-and-trailing'],
    ['Step 1 — check NOTAMs', 'step-1-check-notams'],
    ['Night-time & twilight', 'night-time-twilight'],
    ['Already-hyphenated heading', 'already-hyphenated-heading'],
  ])('%s → %s', (input, expected) => expect(headingId(input)).toBe(expected));
});

describe('reading time', () => {
  it('is 120 words a minute, rounded up, at least 2 minutes', () => {
    expect(readingMinutes(0)).toBe(2);
    expect(readingMinutes(240)).toBe(2);
    expect(readingMinutes(241)).toBe(3);
    expect(readingMinutes(1200)).toBe(10);
  });

  it('reads "{n} min read"', () => {
    expect(readingTimeLabel(readingMinutes(0))).toBe('2 min read');
    expect(readingTimeLabel(readingMinutes(1201))).toBe('11 min read');
  });
});

describe('sectionLabel', () => {
  it('is section-{floor(percent/10)}, clamped to 0–100', () => {
    expect(sectionLabel(0)).toBe('section-0');
    expect(sectionLabel(9.9)).toBe('section-0');
    expect(sectionLabel(45)).toBe('section-4');
    expect(sectionLabel(100)).toBe('section-10');
    expect(sectionLabel(140)).toBe('section-10');
    expect(sectionLabel(-5)).toBe('section-0');
  });
});

describe('scoreColour', () => {
  it('is green from 80, yellow from 70, red below, on the rounded score', () => {
    expect(scoreColour(80)).toBe('green');
    expect(scoreColour(79.5)).toBe('green');
    expect(scoreColour(79.4)).toBe('yellow');
    expect(scoreColour(70)).toBe('yellow');
    expect(scoreColour(69.4)).toBe('red');
  });
});

describe('quiz scores', () => {
  it('keep one decimal', () => {
    expect(roundScore((24 / 35) * 100)).toBe(68.6);
    expect(roundScore((18 / 25) * 100)).toBe(72);
    expect(roundScore(100)).toBe(100);
  });

  it('pass on the rounded percent, so a score shown as 70% is never marked failed', () => {
    expect(meetsPassMark(70)).toBe(true);
    expect(meetsPassMark(69.7)).toBe(true);
    expect(meetsPassMark(69.4)).toBe(false);
    expect(meetsPassMark(65, 65)).toBe(true);
    expect(meetsPassMark(64.4, 65)).toBe(false);
  });
});

describe('greeting', () => {
  it('says morning before 12, afternoon before 18, else evening, with the first name or Pilot', () => {
    expect(greeting(0, 'Ada')).toBe('Good morning, Ada');
    expect(greeting(11, 'Ada')).toBe('Good morning, Ada');
    expect(greeting(12, null)).toBe('Good afternoon, Pilot');
    expect(greeting(17, '  ')).toBe('Good afternoon, Pilot');
    expect(greeting(18, 'Ada')).toBe('Good evening, Ada');
  });
});

describe('formatting', () => {
  it('shows durations as h m s', () => {
    expect(formatDuration(5)).toBe('5s');
    expect(formatDuration(65)).toBe('1m 5s');
    expect(formatDuration(3725)).toBe('1h 2m 5s');
  });

  it('prettifies known categories and calls others Unknown Category', () => {
    expect(prettifyCategory('air-law-regulations', QUESTION_CATEGORIES)).toBe(
      'Air Law Regulations',
    );
    expect(prettifyCategory('bogus', QUESTION_CATEGORIES)).toBe('Unknown Category');
    expect(prettifyCategory(null, QUESTION_CATEGORIES)).toBe('Unknown Category');
  });

  it('writes dates out in full, in the time zone asked for', () => {
    const lateEvening = '2026-12-22T03:30:00.000Z';
    expect(formatDate(lateEvening, { timeZone: 'UTC' })).toBe('December 22, 2026');
    expect(formatDate(lateEvening, { timeZone: 'America/Toronto' })).toBe('December 21, 2026');
    expect(formatDate(lateEvening, { timeZone: 'UTC', withTime: true })).toMatch(
      /^December 22, 2026.*3:30/,
    );
  });

  it('colours the named tags and greys the rest', () => {
    expect(tagColour('airspace')).not.toBe(TAG_COLOUR_DEFAULT);
    expect(tagColour('weather')).toBe(TAG_COLOUR_DEFAULT);
  });
});

describe('addTag (module and question tags)', () => {
  it('trims and lowercases, and ignores empty or repeated tags', () => {
    expect(addTag([], '  Airspace ')).toEqual(['airspace']);
    expect(addTag(['airspace'], 'AIRSPACE')).toEqual(['airspace']);
    expect(addTag(['airspace'], '   ')).toEqual(['airspace']);
    expect(addTag(['airspace'], 'weather')).toEqual(['airspace', 'weather']);
  });
});
