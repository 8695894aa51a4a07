import { dayOf, longDay, longDayAndTime } from './calendar-words.ts';
import { dateTimeFormat, formatMoney, LOCALE_TAGS, type Locale } from './i18n.ts';
import { PRACTICE_PASS_MARK } from './schemas/quiz-values.ts';

export const SCORE_GREEN_MIN = 80;
export const SCORE_YELLOW_MIN = 70;
export const READING_WORDS_PER_MINUTE = 120;
export const READING_MIN_MINUTES = 2;
/** Tag colours (learner-spec §3); any other tag is grey. Tailwind classes. */
export const TAG_COLOURS: Record<string, string> = {
  regulations: 'bg-red-100 text-red-800',
  basics: 'bg-sky-100 text-sky-800',
  'transport-canada': 'bg-rose-100 text-rose-800',
  certification: 'bg-violet-100 text-violet-800',
  basic: 'bg-emerald-100 text-emerald-800',
  advanced: 'bg-orange-100 text-orange-800',
  commercial: 'bg-amber-100 text-amber-800',
  requirements: 'bg-indigo-100 text-indigo-800',
  airspace: 'bg-blue-100 text-blue-800',
  navigation: 'bg-teal-100 text-teal-800',
};
export const TAG_COLOUR_DEFAULT = 'bg-slate-100 text-slate-700';

/** Module slugs (premium-quiz-admin-spec §5): lowercase, non-word removed, spaces/underscores to hyphens, trimmed. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Table-of-contents ids (learner-spec §3): lowercased, punctuation removed, spaces to hyphens. */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

export function countWords(text: string): number {
  const words = text.trim().match(/[\p{L}\p{N}][\p{L}\p{N}'’.,%/-]*/gu);
  return words ? words.length : 0;
}

/** 120 words per minute, at least 2 minutes (learner-spec §9). */
export function readingMinutes(wordCount: number): number {
  return Math.max(READING_MIN_MINUTES, Math.ceil(wordCount / READING_WORDS_PER_MINUTE));
}

export function readingTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}

/** section-{floor(percent/10)} (learner-spec §4). */
export function sectionLabel(percent: number): string {
  const clamped = Math.min(100, Math.max(0, percent));
  return `section-${Math.floor(clamped / 10)}`;
}

export type ScoreColour = 'green' | 'yellow' | 'red';
export function scoreColour(score: number): ScoreColour {
  const rounded = Math.round(score);
  if (rounded >= SCORE_GREEN_MIN) return 'green';
  if (rounded >= SCORE_YELLOW_MIN) return 'yellow';
  return 'red';
}

/** Scores are kept to one decimal: 24 of 35 is 68.6. */
export function roundScore(percent: number): number {
  return Math.round(percent * 10) / 10;
}

/**
 * Pass or fail as the learner reads it: the rounded percent against the mark, the same rounding
 * as the score colour, so a score shown as 70% is never marked failed.
 */
export function meetsPassMark(score: number, mark: number = PRACTICE_PASS_MARK): boolean {
  return Math.round(score) >= mark;
}

export function tagColour(tag: string): string {
  return TAG_COLOURS[tag] ?? TAG_COLOUR_DEFAULT;
}

/** Morning before 12, afternoon before 18, else evening (learner-spec §2). */
export function greeting(hour: number, firstName?: string | null): string {
  const part = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
  const name = firstName?.trim() || 'Pilot';
  return `Good ${part}, ${name}`;
}

/**
 * "1h 2m 3s", "4m 5s", "6s" (premium-quiz-admin-spec §9); in French "1 h 2 min 3 s", the
 * Canadian French style (a space before the unit, "min" for minutes).
 */
export function formatDuration(totalSeconds: number, locale: Locale = 'en'): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const [hu, mu, su] = locale === 'fr' ? ['\u00a0h', '\u00a0min', '\u00a0s'] : ['h', 'm', 's'];
  if (h > 0) return `${h}${hu} ${m}${mu} ${s}${su}`;
  if (m > 0) return `${m}${mu} ${s}${su}`;
  return `${s}${su}`;
}

/** One-decimal percent for admin tables (premium-quiz-admin-spec §9). */
export function formatPercent1(value: number): string {
  return `${value.toFixed(1)}%`;
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Option letters start at A. */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/** Category ids shown to admins: hyphens to spaces, each word capitalised. */
export function prettifyCategory(id: string | null | undefined, known: readonly string[]): string {
  if (!id || !known.includes(id)) return 'Unknown Category';
  return id
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function formatCad(amountCents: number, locale: Locale = 'en'): string {
  return formatMoney(amountCents, locale);
}

/**
 * "December 22, 2026" or "22 décembre 2026" (with the time when asked). The time zone is explicit
 * where the reader's is unknown (emails, server rendering); in the browser it defaults to the
 * reader's own. In UTC or the reader's zone it is written out (calendar-words.ts), so that a page's
 * dates build no Intl formatter as it hydrates.
 */
export function formatDate(
  value: string | number | Date,
  options: { timeZone?: string; withTime?: boolean; locale?: Locale } = {},
): string {
  const locale = options.locale ?? 'en';
  const date = new Date(value);
  const zone = options.timeZone ?? 'local';
  if ((zone === 'UTC' || zone === 'local') && !Number.isNaN(date.getTime())) {
    const day = dayOf(date, zone);
    return options.withTime ? longDayAndTime(day, locale) : longDay(day, locale);
  }
  return dateTimeFormat(LOCALE_TAGS[locale], {
    dateStyle: 'long',
    ...(options.withTime ? { timeStyle: 'short' } : {}),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(date);
}

/**
 * Adds a typed tag to a list (premium-quiz-admin-spec §5): trimmed and lowercased as the API stores
 * it, ignored when empty or already present.
 */
export function addTag(tags: readonly string[], typed: string): string[] {
  const tag = typed.trim().toLowerCase();
  if (!tag || tags.includes(tag)) return [...tags];
  return [...tags, tag];
}
