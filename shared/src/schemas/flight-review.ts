import { z } from 'zod';
import { visibleText } from './common.ts';
import {
  EMERGENCY_PROCEDURES,
  EXERCISE_DONE_REQUIRED,
  FLIGHT_REVIEW_NOTE_MAX,
  FLIGHT_REVIEW_TEXT_TOO_LONG,
  type FlightReviewDocumentKind,
  type FlightReviewExerciseId,
  NORMAL_PROCEDURES,
  SITE_NAME_MAX,
  SITE_NAME_REQUIRED,
  SITE_NAME_TOO_LONG,
  SITE_SURVEY_FACTORS,
  SURVEY_DATE_INVALID,
} from './flight-review-values.ts';

/** A free-text answer on a document: optional (the learner fills it over time), bounded. */
const Note = visibleText(
  z.string().trim().max(FLIGHT_REVIEW_NOTE_MAX, FLIGHT_REVIEW_TEXT_TOO_LONG),
  'paragraph',
).default('');

const notes = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, Note])) as Record<K, typeof Note>;

/** PUT /flight-review/documents/site-survey: 901.27 (a)–(h), with the site, date and volume. */
export const SiteSurveySchema = z.strictObject({
  siteName: visibleText(
    z
      .string({ error: SITE_NAME_REQUIRED })
      .trim()
      .min(1, SITE_NAME_REQUIRED)
      .max(SITE_NAME_MAX, SITE_NAME_TOO_LONG),
  ),
  surveyDate: z.iso.date({ error: SURVEY_DATE_INVALID }),
  operationalVolume: Note,
  ...notes(SITE_SURVEY_FACTORS),
});

/** PUT /flight-review/documents/normal-procedures: 901.23's normal procedures. */
export const NormalProceduresSchema = z.strictObject(notes(NORMAL_PROCEDURES));

/** PUT /flight-review/documents/emergency-procedures: 901.23's emergencies, contacts, reporting. */
export const EmergencyProceduresSchema = z.strictObject(notes(EMERGENCY_PROCEDURES));

/** One strict schema per document kind: the form and the API check with the same one. */
export const FLIGHT_REVIEW_DOCUMENT_SCHEMAS = {
  'site-survey': SiteSurveySchema,
  'normal-procedures': NormalProceduresSchema,
  'emergency-procedures': EmergencyProceduresSchema,
} as const satisfies Record<FlightReviewDocumentKind, z.ZodType>;

export type SiteSurvey = z.output<typeof SiteSurveySchema>;
export type NormalProcedures = z.output<typeof NormalProceduresSchema>;
export type EmergencyProcedures = z.output<typeof EmergencyProceduresSchema>;
export type FlightReviewDocumentFields = SiteSurvey | NormalProcedures | EmergencyProcedures;

/** PUT /flight-review/exercises/{id}. */
export const ExerciseMarkSchema = z.strictObject({
  done: z.boolean({ error: EXERCISE_DONE_REQUIRED }),
});
export type ExerciseMark = z.input<typeof ExerciseMarkSchema>;

/** GET /flight-review: the checklist and which documents are saved. */
export type FlightReviewKit = {
  exercises: Array<{ id: FlightReviewExerciseId; title: string; done: boolean }>;
  documents: Array<{ kind: FlightReviewDocumentKind; updatedAt: string }>;
};

/** GET /flight-review/documents/{kind}: the saved fields. */
export type FlightReviewDocument = {
  kind: FlightReviewDocumentKind;
  fields: FlightReviewDocumentFields;
  updatedAt: string;
};
