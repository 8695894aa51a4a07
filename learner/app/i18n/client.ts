import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLocale, type Locale } from '@drone-exam/shared/i18n';

/**
 * The browser's i18next (issue 19). It starts empty: each page's loader brings the catalogs the
 * page shows, in its language (root.tsx adds them as they arrive), so the JavaScript carries no
 * catalog at all. The language is the page's, from <html lang>.
 */
export function createClientI18n(): i18n {
  const tag = document.documentElement.lang.split('-')[0];
  const locale: Locale = isLocale(tag) ? tag : 'en';
  const instance = createInstance({
    lng: locale,
    fallbackLng: false,
    ns: [],
    defaultNS: 'common',
    resources: {},
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    // A key no loader brought is a bug (the page would show the key): say so where tests look.
    saveMissing: true,
    missingKeyHandler: (_languages, ns, key) => console.error(`Missing message ${ns}:${key}`),
  });
  instance.use(initReactI18next);
  void instance.init();
  return instance;
}
