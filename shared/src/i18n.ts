/**
 * The product's two languages (issue 19): English at today's paths, French under /fr/…. Pure
 * helpers shared by the learner (URLs, formatting), the API (the request's language, emails) and
 * the admin console. Formatting follows Intl's Canadian locales, so French reads "65 %", "5,00 $"
 * and "25 novembre 2026" (french-glossary.md); the common cases are written out (below, and
 * calendar-words.ts) so that a page builds no Intl formatter as it hydrates.
 */

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** The BCP 47 tag of each language as the product writes it (`<html lang>`, hreflang, Intl). */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };
/** The language each language is named in, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français' };
/** The visitor's chosen language, remembered for a year (the switcher sets it). */
export const LOCALE_COOKIE = 'lang';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** `?lang=en|fr` on any page: the switcher's link, which records the choice and drops the query. */
export const LOCALE_QUERY = 'lang';
const FRENCH_PREFIX = '/fr';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language a page path is in: /fr and /fr/… are French, every other path English. */
export function localeFromPath(pathname: string): Locale {
  return pathname === FRENCH_PREFIX || pathname.startsWith(`${FRENCH_PREFIX}/`) ? 'fr' : 'en';
}

/** The path without its language prefix: /fr/study → /study, /fr → /. */
export function pathWithoutLocale(pathname: string): string {
  if (localeFromPath(pathname) === 'en') return pathname;
  return pathname.slice(FRENCH_PREFIX.length) || '/';
}

/**
 * The same page in a language: "/study?q=x" → "/fr/study?q=x". Only paths of this site are
 * changed; other links (another origin, "#…", "mailto:") are returned as they are.
 */
export function localizedPath(path: string, locale: Locale): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const end = path.search(/[?#]/);
  const pathname = end === -1 ? path : path.slice(0, end);
  const rest = end === -1 ? '' : path.slice(end);
  const bare = pathWithoutLocale(pathname);
  if (locale === 'en') return `${bare}${rest}`;
  return `${bare === '/' ? FRENCH_PREFIX : `${FRENCH_PREFIX}${bare}`}${rest}`;
}

/**
 * The product language an Accept-Language header prefers, by its q-values ("fr-CA,fr;q=0.9,
 * en;q=0.8" → fr); null when it names neither English nor French.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; q: number } | null = null;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0];
    if (!isLocale(language)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: language, q };
  }
  return best?.locale ?? null;
}

/**
 * Where a translation stands against its English: none yet, written before the English last
 * changed (so it may say something the English no longer does), or current.
 */
export type TranslationStatus = 'missing' | 'outdated' | 'current';

export function translationStatus(
  translated: boolean,
  englishChangedAt: number | null,
  translationChangedAt: number | null,
): TranslationStatus {
  if (!translated) return 'missing';
  if (englishChangedAt !== null && (translationChangedAt ?? 0) < englishChangedAt) {
    return 'outdated';
  }
  return 'current';
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Intl formatters are costly to build (each loads its locale's data, a time zone's too), and a
 * page formats dozens of numbers and dates as it hydrates: each kind is built once and kept.
 */
export function numberFormat(tag: string, options: Intl.NumberFormatOptions = {}) {
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(tag, options)));
  return format;
}

/** `tag` undefined: the browser's own locale, as the learner's clock writes times. */
export function dateTimeFormat(tag: string | undefined, options: Intl.DateTimeFormatOptions = {}) {
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(tag, options)));
  return format;
}

/** Thousands separators and decimal marks: "12,345.5" in English, "12 345,5" in Canadian French. */
const GROUP: Record<Locale, string> = { en: ',', fr: '\u00a0' };
const DECIMAL: Record<Locale, string> = { en: '.', fr: ',' };

/**
 * A whole number of zero or more with its language's grouping, then `fraction` after the decimal
 * mark when given: written out rather than asked of Intl, whose first number formatter on a page
 * costs 40–80 ms of a desktop core in Chromium (its locale data loads then), four times that on a
 * phone, while the page hydrates (calendar-words.ts does the same for dates). Null for any other
 * number, which goes to Intl; formatting.test.ts checks both against Intl.
 */
function groupedDigits(value: number, locale: Locale, fraction = ''): string | null {
  if (!Number.isSafeInteger(value) || value < 0) return null;
  const digits = String(value).replace(/\B(?=(\d{3})+$)/g, GROUP[locale]);
  return fraction ? `${digits}${DECIMAL[locale]}${fraction}` : digits;
}

/** A whole percent in the language's form: "65%" in English, "65 %" in French. */
export function formatPercent(value: number, locale: Locale, fractionDigits = 0): string {
  const digits = groupedDigits(value, locale, '0'.repeat(fractionDigits));
  if (digits !== null) return locale === 'fr' ? `${digits}\u00a0%` : `${digits}%`;
  return numberFormat(LOCALE_TAGS[locale], {
    style: 'percent',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value / 100);
}

/** A count with the language's grouping: 1,234 and 1 234. */
export function formatNumber(value: number, locale: Locale): string {
  return groupedDigits(value, locale) ?? numberFormat(LOCALE_TAGS[locale]).format(value);
}

/**
 * An amount in Canadian dollars: "CA$5.00" in English (the product's form since launch, clear to
 * visitors from abroad), "5,00 $" in French (fr-CA).
 */
export function formatMoney(amountCents: number, locale: Locale): string {
  if (locale === 'en') return `CA$${(amountCents / 100).toFixed(2)}`;
  if (Number.isSafeInteger(amountCents) && amountCents >= 0) {
    const cents = String(amountCents % 100).padStart(2, '0');
    return `${groupedDigits(Math.floor(amountCents / 100), 'fr', cents)}\u00a0$`;
  }
  return numberFormat(LOCALE_TAGS.fr, { style: 'currency', currency: 'CAD' }).format(
    amountCents / 100,
  );
}
