import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from './react';
import {
  formatMoney,
  formatNumber,
  formatPercent,
  isLocale,
  localizedPath,
  type Locale,
} from '@drone-exam/shared/i18n';
import type { FieldErrors } from '../lib/form-data';
import { formatDate, formatDuration } from '@drone-exam/shared/text';
import type { PageMessages } from './i18n.server';

/** The page's language (the URL's: /fr/… is French). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : 'en';
}

/** Turns a path of this site into the same page in the current language ("/study" → "/fr/study"). */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizedPath(path, locale), [locale]);
}

/**
 * An API, validation or spec message (raised in English, its id) in the page's language. A French
 * page starts with the translations its server render showed and gets the whole catalog once the
 * browser is idle (entry.client.tsx); a message shown before then changes to French when it comes.
 */
export function useMessage(): (message: string) => string {
  const { i18n } = useTranslation();
  // Renders again when the catalog arrives; the function itself stays the same, so effects that
  // use it do not run again.
  const catalogOf = () => i18n.getResourceBundle(i18n.language, 'messages');
  useSyncExternalStore(i18n.subscribe, catalogOf, catalogOf);
  return useCallback((message: string) => i18n.message(message), [i18n]);
}

/**
 * A form's field messages (the schemas' English ids, or the API's) in the page's language, by
 * field name.
 */
export function useFieldMessages(errors: FieldErrors | null | undefined): FieldErrors {
  const message = useMessage();
  return Object.fromEntries(
    Object.entries(errors ?? {}).map(([field, text]) => [field, message(text)]),
  );
}

/** Dates, numbers, percents, money and durations in the page's language (fr-CA: "65 %"). */
export function useFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      locale,
      percent: (value: number, digits = 0) => formatPercent(value, locale, digits),
      number: (value: number) => formatNumber(value, locale),
      money: (cents: number) => formatMoney(cents, locale),
      date: (
        value: string | number | Date,
        options: { timeZone?: string; withTime?: boolean } = {},
      ) => formatDate(value, { ...options, locale }),
      duration: (seconds: number) => formatDuration(seconds, locale),
    }),
    [locale],
  );
}

/**
 * Adds the catalogs the matched routes' loaders brought to the browser's i18next, before the page
 * renders with them (on the server every catalog is there already, so this adds nothing).
 */
export function usePageMessages() {
  const { i18n } = useTranslation();
  for (const match of useMatches()) {
    const messages = (match.loaderData as { i18n?: PageMessages | KeptPageMessages } | undefined)
      ?.i18n;
    if (!messages) continue;
    const namespaces =
      'namespaces' in messages ? messages.namespaces : Object.keys(messages.bundles);
    const missing = namespaces.filter((ns) => !i18n.hasResourceBundle(messages.locale, ns));
    if (missing.length === 0) continue;
    const bundles = (
      typeof messages.bundles === 'string' ? JSON.parse(messages.bundles) : messages.bundles
    ) as Record<string, object>;
    for (const ns of missing) i18n.addResourceBundle(messages.locale, ns, bundles[ns]!);
  }
}

/**
 * A module's data kept for offline reading by an earlier version carries its catalogs as objects
 * (the service worker serves it until the module is fetched again).
 */
type KeptPageMessages = { locale: Locale; bundles: Record<string, object> };
