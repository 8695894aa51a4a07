/**
 * The written-out numbers and calendar words (i18n.ts, calendar-words.ts) against Intl in en-CA and
 * fr-CA, value by value, and the proof that they build no Intl formatter (the reason they exist:
 * the first one costs a phone a few hundred milliseconds while the page hydrates).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dayOf,
  longDay,
  longDayAndTime,
  shortDay,
  timeOfDay,
  weekdayName,
} from './calendar-words.ts';
import { formatMoney, formatNumber, formatPercent, LOCALES, LOCALE_TAGS } from './i18n.ts';
import { formatDate } from './text.ts';

const DAY_MS = 86_400_000;
/** Every day of four years, one of them a leap year, at an hour that is not midnight. */
const DAYS = Array.from(
  { length: 4 * 366 },
  (_, i) => new Date(Date.UTC(2025, 0, 1, 17, 5) + i * DAY_MS),
);
const NUMBERS = [
  0,
  1,
  7,
  10,
  99,
  100,
  999,
  1000,
  1001,
  9999,
  10_000,
  12_345,
  99_999,
  100_000,
  999_999,
  1_000_000,
  1_234_567,
  987_654_321,
  Number.MAX_SAFE_INTEGER,
];

describe.each(LOCALES)('in %s, as Intl writes it', (locale) => {
  const tag = LOCALE_TAGS[locale];
  const intlDate = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(tag, { timeZone: 'UTC', ...options });

  it('a day long, with and without its weekday, and a day short', () => {
    const long = intlDate({ dateStyle: 'long' });
    const withWeekday = intlDate({
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    const short = intlDate({ month: 'short', day: 'numeric' });
    for (const date of DAYS) {
      const day = dayOf(date, 'UTC');
      expect(longDay(day, locale)).toBe(long.format(date));
      expect(formatDate(date.toISOString(), { locale, timeZone: 'UTC' })).toBe(long.format(date));
      expect(longDay(day, locale, true)).toBe(withWeekday.format(date));
      expect(shortDay(day, locale)).toBe(short.format(date));
    }
  });

  it('a time of day, and a day with its time, at every minute of a day', () => {
    const withTime = intlDate({ dateStyle: 'long', timeStyle: 'short' });
    const time = intlDate({ timeStyle: 'short' });
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      const date = new Date(Date.UTC(2026, 11, 3) + minute * 60_000);
      expect(timeOfDay(date.getUTCHours(), date.getUTCMinutes(), locale)).toBe(time.format(date));
      expect(longDayAndTime(dayOf(date, 'UTC'), locale)).toBe(withTime.format(date));
      expect(formatDate(date, { locale, timeZone: 'UTC', withTime: true })).toBe(
        withTime.format(date),
      );
    }
  });

  it('weekday names, long and short', () => {
    for (const width of ['long', 'short'] as const) {
      const names = intlDate({ weekday: width });
      for (const date of DAYS.slice(0, 7)) {
        expect(weekdayName(date.getUTCDay(), locale, width)).toBe(names.format(date));
      }
    }
  });

  it('a day in the reader’s own time zone, which is not always the UTC day', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Vancouver';
    try {
      const local = new Intl.DateTimeFormat(tag, { dateStyle: 'long' });
      expect(local.resolvedOptions().timeZone).toBe('America/Vancouver');
      const lateEvening = new Date('2026-12-22T03:30:00Z');
      expect(formatDate(lateEvening, { locale })).toBe(local.format(lateEvening));
      expect(formatDate(lateEvening, { locale })).not.toBe(
        formatDate(lateEvening, { locale, timeZone: 'UTC' }),
      );
      const localTime = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short' });
      for (const date of DAYS.slice(0, 60)) {
        const early = new Date(date.getTime() - 14 * 3_600_000);
        expect(formatDate(early, { locale })).toBe(local.format(early));
        expect(formatDate(early, { locale, withTime: true })).toBe(localTime.format(early));
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('counts, percents and amounts', () => {
    const count = new Intl.NumberFormat(tag);
    const percent = (digits: number) =>
      new Intl.NumberFormat(tag, {
        style: 'percent',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    for (const value of [...NUMBERS, ...Array.from({ length: 101 }, (_, i) => i)]) {
      expect(formatNumber(value, locale)).toBe(count.format(value));
      // Intl divides by 100 first, which loses digits of the largest integers.
      if (value > 1e12) continue;
      expect(formatPercent(value, locale)).toBe(percent(0).format(value / 100));
      expect(formatPercent(value, locale, 1)).toBe(percent(1).format(value / 100));
    }
    if (locale === 'fr') {
      const dollars = new Intl.NumberFormat(tag, { style: 'currency', currency: 'CAD' });
      for (const cents of [0, 1, 5, 99, 100, 500, 501, 12_345, 100_000, 123_456_789]) {
        expect(formatMoney(cents, locale)).toBe(dollars.format(cents / 100));
      }
    }
  });

  it('what is not a whole number of zero or more still goes to Intl, and reads as Intl writes it', () => {
    const count = new Intl.NumberFormat(tag);
    for (const value of [-5, -1234, 1.5, 1234.5678, 2 ** 60]) {
      expect(formatNumber(value, locale)).toBe(count.format(value));
    }
    expect(formatPercent(64.5, locale, 1)).toBe(
      new Intl.NumberFormat(tag, {
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(0.645),
    );
  });
});

describe('a page’s numbers and days', () => {
  afterEach(() => vi.restoreAllMocks());

  it('build no Intl formatter; another time zone still does', () => {
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    for (const locale of LOCALES) {
      formatNumber(12_345, locale);
      formatPercent(65, locale);
      formatMoney(500, locale);
      formatDate('2026-12-03T17:00:00Z', { locale, timeZone: 'UTC' });
      formatDate('2026-12-03T17:00:00Z', { locale });
      formatDate('2026-12-03T17:00:00Z', { locale, withTime: true });
      formatDate('2026-12-03T17:00:00Z', { locale, timeZone: 'UTC', withTime: true });
    }
    expect(numbers).not.toHaveBeenCalled();
    expect(dates).not.toHaveBeenCalled();
    formatDate('2026-12-03T17:00:00Z', { locale: 'fr', timeZone: 'Pacific/Chatham' });
    expect(dates).toHaveBeenCalledTimes(1);
  });
});
