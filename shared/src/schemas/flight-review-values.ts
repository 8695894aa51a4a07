import type { Locale } from '../i18n.ts';

/**
 * The nine exercises of the advanced flight review, Standard 921.02(1)(b)(i)–(ix), in the
 * standard's order: the one list the API (ids and titles) and the learner's page (its guidance,
 * keyed by these ids in the learner's catalogs) both read.
 */
export const FLIGHT_REVIEW_EXERCISES = [
  {
    id: 'site-survey',
    clause: 'i',
    title: {
      en: 'Describe the site survey process',
      fr: 'Décrire le processus d’examen des lieux',
    },
  },
  {
    id: 'plan-operation',
    clause: 'ii',
    title: { en: 'Plan an operation', fr: 'Planifier une opération' },
  },
  {
    id: 'emergency-procedures',
    clause: 'iii',
    title: {
      en: 'Describe emergency procedures, including lost link and fly-away (and who to contact)',
      fr: 'Décrire les procédures d’urgence, y compris la perte de la liaison de commande et de contrôle et la dérive (et qui contacter)',
    },
  },
  {
    id: 'incident-reporting',
    clause: 'iv',
    title: {
      en: 'Describe when and how to inform Transport Canada and the TSB of an incident or accident',
      fr: 'Décrire quand et comment informer Transports Canada et le BST d’un incident ou d’un accident',
    },
  },
  {
    id: 'pre-flight-checks',
    clause: 'v',
    title: { en: 'Pre-flight checks', fr: 'Vérifications avant le vol' },
  },
  {
    id: 'take-off',
    clause: 'vi',
    title: { en: 'Take-off or launch', fr: 'Décollage ou lancement' },
  },
  {
    id: 'navigation',
    clause: 'vii',
    title: {
      en: 'Navigate by visual reference (if the control station is capable) and by control station reference only',
      fr: 'Naviguer par référence visuelle (si le poste de contrôle le permet) et par seule référence au poste de contrôle',
    },
  },
  {
    id: 'distances',
    clause: 'viii',
    title: { en: 'Recognize distances', fr: 'Reconnaître les distances' },
  },
  {
    id: 'landing',
    clause: 'ix',
    title: { en: 'Landing', fr: 'Atterrissage' },
  },
] as const satisfies ReadonlyArray<{ id: string; clause: string; title: Record<Locale, string> }>;

export type FlightReviewExerciseId = (typeof FLIGHT_REVIEW_EXERCISES)[number]['id'];
export const FLIGHT_REVIEW_EXERCISE_IDS = FLIGHT_REVIEW_EXERCISES.map(
  (exercise) => exercise.id,
) as FlightReviewExerciseId[];

/** The learner's own documents for the review (901.27 site survey; 901.23 procedures). */
export const FLIGHT_REVIEW_DOCUMENT_KINDS = [
  'site-survey',
  'normal-procedures',
  'emergency-procedures',
] as const;
export type FlightReviewDocumentKind = (typeof FLIGHT_REVIEW_DOCUMENT_KINDS)[number];

/** 901.27 (a)–(h), one field each, in the regulation's order. */
export const SITE_SURVEY_FACTORS = [
  'airspace',
  'routes',
  'otherAircraft',
  'aerodromes',
  'obstacles',
  'weather',
  'peopleDistance',
  'populatedAreas',
] as const;
/** 901.23 normal procedures. */
export const NORMAL_PROCEDURES = [
  'preFlight',
  'takeOff',
  'launch',
  'approach',
  'landing',
  'recovery',
] as const;
/** 901.23 emergency procedures, then who to call and reporting (921.02(1)(b)(iii)–(iv)). */
export const EMERGENCY_PROCEDURES = [
  'controlStationFailure',
  'equipmentFailure',
  'rpaFailure',
  'lostLink',
  'flyAway',
  'flightTermination',
  'detectAndAvoid',
  'contacts',
  'reporting',
] as const;

export const FLIGHT_REVIEW_NOTE_MAX = 2000;
export const SITE_NAME_MAX = 120;
export const SITE_NAME_REQUIRED = 'Site name is required';
export const SURVEY_DATE_INVALID = 'Survey date must be a date (YYYY-MM-DD)';
export const FLIGHT_REVIEW_TEXT_TOO_LONG = `Each field must be at most ${FLIGHT_REVIEW_NOTE_MAX} characters`;
export const SITE_NAME_TOO_LONG = `Site name must be at most ${SITE_NAME_MAX} characters`;
export const EXERCISE_NOT_FOUND = 'No such flight review exercise';
export const DOCUMENT_KIND_NOT_FOUND = 'No such flight review document';
export const DOCUMENT_NOT_SAVED = 'This document has not been saved yet';
export const EXERCISE_DONE_REQUIRED = 'Done must be true or false';

/** Each document's fields in the order the form and the print view show them. */
export const FLIGHT_REVIEW_DOCUMENT_FIELDS = {
  'site-survey': ['siteName', 'surveyDate', 'operationalVolume', ...SITE_SURVEY_FACTORS],
  'normal-procedures': NORMAL_PROCEDURES,
  'emergency-procedures': EMERGENCY_PROCEDURES,
} as const satisfies Record<FlightReviewDocumentKind, readonly string[]>;
