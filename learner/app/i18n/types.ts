/**
 * Typed keys (issue 19): `t('…')` accepts only keys of the English catalogs, so a missing or
 * misspelt key fails `npm run typecheck`; tests/content/locales.test.ts holds the French catalogs
 * to exactly the English keys (with French plural forms).
 */
import type account from '../locales/en/account.json';
import type auth from '../locales/en/auth.json';
import type classes from '../locales/en/classes.json';
import type common from '../locales/en/common.json';
import type contact from '../locales/en/contact.json';
import type dashboard from '../locales/en/dashboard.json';
import type flight from '../locales/en/flight.json';
import type home from '../locales/en/home.json';
import type info from '../locales/en/info.json';
import type learning from '../locales/en/learning.json';
import type practice from '../locales/en/practice.json';
import type pricing from '../locales/en/pricing.json';
import type quiz from '../locales/en/quiz.json';
import type study from '../locales/en/study.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      home: typeof home;
      info: typeof info;
      pricing: typeof pricing;
      contact: typeof contact;
      auth: typeof auth;
      account: typeof account;
      dashboard: typeof dashboard;
      study: typeof study;
      practice: typeof practice;
      quiz: typeof quiz;
      learning: typeof learning;
      flight: typeof flight;
      classes: typeof classes;
    };
  }
}
