/**
 * A learner's calendar days in their own time zone: "due today", the exam date and the daily
 * review load all count in the learner's days, not UTC's. Days are YYYY-MM-DD strings, which
 * compare and sort as dates.
 */
import { dateTimeFormat } from '@drone-exam/shared/i18n';

const formatter = (timeZone: string) =>
  dateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

function wallClock(at: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The learner's calendar day at an instant. */
export function localDay(at: number, timeZone: string): string {
  const t = wallClock(at, timeZone);
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const t = wallClock(at, timeZone);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** The instant a day starts in the zone (its first moment, daylight-saving changes included). */
export function dayStart(day: string, timeZone: string): number {
  const [y, m, d] = parts(day);
  const midnightUtc = Date.UTC(y, m - 1, d);
  const first = midnightUtc - offsetAt(midnightUtc, timeZone);
  return midnightUtc - offsetAt(first, timeZone);
}

/** The instant a whole hour of a day starts on the zone's wall clock (the next one in a spring-forward gap). */
export function hourStart(day: string, hour: number, timeZone: string): number {
  const [y, m, d] = parts(day);
  const wall = Date.UTC(y, m - 1, d, hour);
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

export function addDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from one day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** The same day `months` later; a day the month lacks (31 April) becomes its last day. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = parts(day);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}
