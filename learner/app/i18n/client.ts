import { isLocale, type Locale } from '@drone-exam/shared/i18n';
import { createTranslator, type Translator } from './translator';
import { readShownMessages } from './shown-messages';
import { loadWhenIdle } from '../lib/idle';

let browserTranslator: Translator | null = null;

/**
 * The browser's translator (issue 19). It starts with only the messages the server's render showed
 * (i18n/shown-messages.ts): each page's loader brings the catalogs the page shows, in its language
 * (root.tsx adds them as they arrive), so the JavaScript carries no catalog at all. The language is
 * the page's, from <html lang>, and stays for the document's life (switching language loads the
 * page anew).
 */
export function clientTranslator(): Translator {
  if (browserTranslator) return browserTranslator;
  const tag = document.documentElement.lang.split('-')[0];
  const locale: Locale = isLocale(tag) ? tag : 'en';
  const shown = readShownMessages();
  // A key no loader brought is a bug (the page would show the key): say so where tests look.
  browserTranslator = createTranslator(
    locale,
    shown ? { [locale]: { messages: shown } } : {},
    (ns, key) => console.error(`Missing message ${ns}:${key}`),
  );
  return browserTranslator;
}

/**
 * Loads the page's catalog of API and validation messages once the browser is idle, for the
 * messages a learner's actions bring later; offline without it cached, they stay in English.
 * English needs no catalog: its messages are their own ids.
 */
export function loadMessagesWhenIdle(translator: Translator) {
  if (translator.language !== 'fr') return;
  loadWhenIdle(() => import('./messages-fr')).then(
    ({ catalog, translateMessage }) => translator.addMessages(catalog, translateMessage),
    () => {},
  );
}
