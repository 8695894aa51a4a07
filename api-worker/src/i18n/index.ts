/**
 * The API's own texts in both languages (issue 19): the emails, the dashboard's activity
 * lines and the phone reminders, as i18next namespaces (plurals from the library, {{name}} interpolation). Error and
 * validation messages are translated from their English ids instead (shared/messages.ts).
 */
import { createInstance, type i18n, type TFunction } from 'i18next';
import type { Locale } from '@drone-exam/shared/i18n';
import enActivity from './locales/en/activity.json' with { type: 'json' };
import enEmails from './locales/en/emails.json' with { type: 'json' };
import frActivity from './locales/fr/activity.json' with { type: 'json' };
import frEmails from './locales/fr/emails.json' with { type: 'json' };
import enPush from './locales/en/push.json' with { type: 'json' };
import frPush from './locales/fr/push.json' with { type: 'json' };

export const API_RESOURCES = {
  en: { emails: enEmails, activity: enActivity, push: enPush },
  fr: { emails: frEmails, activity: frActivity, push: frPush },
} as const;

export type ApiNamespace = keyof (typeof API_RESOURCES)['en'];

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: (typeof API_RESOURCES)['en'];
    returnNull: false;
  }
}

let instance: i18n | null = null;

/**
 * The translator of one namespace in one language. The i18next instance is made on first use,
 * never at module load (nothing at module scope may do work in a Worker).
 */
export function translator<N extends ApiNamespace>(locale: Locale, ns: N): TFunction<N> {
  if (!instance) {
    instance = createInstance({
      resources: API_RESOURCES,
      lng: 'en',
      fallbackLng: 'en',
      ns: ['emails', 'activity', 'push'],
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    void instance.init();
  }
  return instance.getFixedT(locale, ns);
}
