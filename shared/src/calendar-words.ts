/**
 * The product's calendar words in its two languages, written out instead of asked of Intl (its
 * numbers are in i18n.ts, for the same reason). The first Intl number or date formatter a page
 * builds costs 40–80 ms of a desktop core in Chromium (its locale data is loaded then), four times
 * that on the phone Lighthouse simulates, and the module page, the dashboard, practice and results
 * built one while hydrating. These give exactly what Intl gives for en-CA and fr-CA
 * (formatting.test.ts compares them), and the same text on the server and in every browser. Time
 * zones other than UTC and the reader's own still go to Intl.
 */
import type { Locale } from './i18n.ts';

const MONTHS: Record<Locale, readonly string[]> = {
  en: 'January February March April May June July August September October November December'.split(
    ' ',
  ),
  fr: 'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(
    ' ',
  ),
};
/** French abbreviates its months unevenly; English takes their first three letters. */
const FRENCH_SHORT_MONTHS = 'janv. févr. mars avr. mai juin juill. août sept. oct. nov. déc.'.split(
  ' ',
);

/** Sunday first, as `Date#getDay` counts; the short names are the first three letters. */
const WEEKDAYS: Record<Locale, readonly string[]> = {
  en: 'Sunday Monday Tuesday Wednesday Thursday Friday Saturday'.split(' '),
  fr: 'dimanche lundi mardi mercredi jeudi vendredi samedi'.split(' '),
};

export type Width = 'long' | 'short';

/** A calendar day and its time of day, read in UTC or in the runtime's own time zone. */
type Day = {
  year: number;
  month: number;
  date: number;
  weekday: number;
  hours: number;
  minutes: number;
};

export function dayOf(value: Date, zone: 'UTC' | 'local'): Day {
  return zone === 'UTC'
    ? {
        year: value.getUTCFullYear(),
        month: value.getUTCMonth(),
        date: value.getUTCDate(),
        weekday: value.getUTCDay(),
        hours: value.getUTCHours(),
        minutes: value.getUTCMinutes(),
      }
    : {
        year: value.getFullYear(),
        month: value.getMonth(),
        date: value.getDate(),
        weekday: value.getDay(),
        hours: value.getHours(),
        minutes: value.getMinutes(),
      };
}

export function monthName(month: number, locale: Locale, width: Width): string {
  if (width === 'long') return MONTHS[locale][month]!;
  return locale === 'fr' ? FRENCH_SHORT_MONTHS[month]! : MONTHS.en[month]!.slice(0, 3);
}

export function weekdayName(weekday: number, locale: Locale, width: Width): string {
  const name = WEEKDAYS[locale][weekday]!;
  if (width === 'long') return name;
  return locale === 'fr' ? `${name.slice(0, 3)}.` : name.slice(0, 3);
}

/**
 * "December 3, 2026" / "3 décembre 2026", after the weekday when asked ("Thursday, December 3,
 * 2026" / "jeudi 3 décembre 2026"): Intl's `dateStyle: 'long'` and its weekday-long form.
 */
export function longDay(day: Day, locale: Locale, withWeekday = false): string {
  const month = monthName(day.month, locale, 'long');
  const weekday = withWeekday ? weekdayName(day.weekday, locale, 'long') : '';
  if (locale === 'fr') return `${weekday ? `${weekday} ` : ''}${day.date} ${month} ${day.year}`;
  return `${weekday ? `${weekday}, ` : ''}${month} ${day.date}, ${day.year}`;
}

/**
 * A time of day: "5:20 p.m." / "17 h 20" (hours of one digit padded in French: "07 h 05"), as
 * Intl's `timeStyle: 'short'` writes it in Canada.
 */
export function timeOfDay(hours: number, minutes: number, locale: Locale): string {
  const mm = String(minutes).padStart(2, '0');
  if (locale === 'fr') return `${String(hours).padStart(2, '0')} h ${mm}`;
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour}:${mm} ${hours < 12 ? 'a.m.' : 'p.m.'}`;
}

/**
 * The day and its time: "December 3, 2026 at 5:20 p.m." / "3 décembre 2026 à 17 h 20", as Intl's
 * `dateStyle: 'long', timeStyle: 'short'` writes it in Canada.
 */
export function longDayAndTime(day: Day, locale: Locale): string {
  const time = timeOfDay(day.hours, day.minutes, locale);
  return `${longDay(day, locale)} ${locale === 'fr' ? 'à' : 'at'} ${time}`;
}

/** "Dec 3" / "3 déc.": a chart's day label. */
export function shortDay(day: Day, locale: Locale): string {
  const month = monthName(day.month, locale, 'short');
  return locale === 'fr' ? `${day.date} ${month}` : `${month} ${day.date}`;
}
