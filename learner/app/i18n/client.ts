import { isLocale, type Locale } from '@drone-exam/shared/i18n';
import { createTranslator, type Translator } from './translator';

let translator: Translator | null = null;

/**
 * The browser's translator (issue 19). It starts empty: each page's loader brings the catalogs
 * the page shows, in its language (root.tsx adds them as they arrive), so the JavaScript carries
 * no catalog at all. The language is the page's, from <html lang>, and stays for the document's
 * life (switching language loads the page anew).
 */
export function clientTranslator(): Translator {
  if (translator) return translator;
  const tag = document.documentElement.lang.split('-')[0];
  const locale: Locale = isLocale(tag) ? tag : 'en';
  // A key no loader brought is a bug (the page would show the key): say so where tests look.
  translator = createTranslator(locale, {}, (ns, key) =>
    console.error(`Missing message ${ns}:${key}`),
  );
  return translator;
}
