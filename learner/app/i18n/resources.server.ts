/**
 * Every catalog, for the server's i18next (it renders any page in either language). Imported by
 * server code only, so none of it is bundled into the browser's JavaScript.
 */
import enAccount from '../locales/en/account.json';
import enAuth from '../locales/en/auth.json';
import enClasses from '../locales/en/classes.json';
import enCommon from '../locales/en/common.json';
import enContact from '../locales/en/contact.json';
import enDashboard from '../locales/en/dashboard.json';
import enFlight from '../locales/en/flight.json';
import enHome from '../locales/en/home.json';
import enInfo from '../locales/en/info.json';
import enLearning from '../locales/en/learning.json';
import enPractice from '../locales/en/practice.json';
import enPricing from '../locales/en/pricing.json';
import enQuiz from '../locales/en/quiz.json';
import enStudy from '../locales/en/study.json';
import frAccount from '../locales/fr/account.json';
import frAuth from '../locales/fr/auth.json';
import frClasses from '../locales/fr/classes.json';
import frCommon from '../locales/fr/common.json';
import frContact from '../locales/fr/contact.json';
import frDashboard from '../locales/fr/dashboard.json';
import frFlight from '../locales/fr/flight.json';
import frHome from '../locales/fr/home.json';
import frInfo from '../locales/fr/info.json';
import frLearning from '../locales/fr/learning.json';
import frPractice from '../locales/fr/practice.json';
import frPricing from '../locales/fr/pricing.json';
import frQuiz from '../locales/fr/quiz.json';
import frStudy from '../locales/fr/study.json';
import type { Locale } from '@drone-exam/shared/i18n';
import type { Namespace } from './namespaces';

export const RESOURCES: Record<Locale, Record<Namespace, object>> = {
  en: {
    common: enCommon,
    home: enHome,
    info: enInfo,
    pricing: enPricing,
    contact: enContact,
    auth: enAuth,
    account: enAccount,
    dashboard: enDashboard,
    study: enStudy,
    practice: enPractice,
    quiz: enQuiz,
    learning: enLearning,
    flight: enFlight,
    classes: enClasses,
  },
  fr: {
    common: frCommon,
    home: frHome,
    info: frInfo,
    pricing: frPricing,
    contact: frContact,
    auth: frAuth,
    account: frAccount,
    dashboard: frDashboard,
    study: frStudy,
    practice: frPractice,
    quiz: frQuiz,
    learning: frLearning,
    flight: frFlight,
    classes: frClasses,
  },
};
