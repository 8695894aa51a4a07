import type { FlightReviewDocumentKind } from '@drone-exam/shared/schemas/flight-review-values';
import type { FlightReviewDocument } from '@drone-exam/shared/schemas/flight-review';
import type { FieldErrors } from '../../lib/form-data';

/** The learner's saved documents by kind (a kind never saved is absent). */
export type SavedDocuments = Partial<Record<FlightReviewDocumentKind, FlightReviewDocument>>;

export type FlightReviewResult =
  | { intent: 'exercise'; ok: boolean; error?: string }
  | {
      intent: 'document';
      kind: FlightReviewDocumentKind;
      ok: boolean;
      error?: string;
      errors?: FieldErrors;
    };

/** A saved field's text (every field is a string; a kind's fields differ). */
export const fieldText = (document: FlightReviewDocument | null | undefined, field: string) =>
  ((document?.fields as Record<string, string> | undefined)?.[field] ?? '').trim();

/**
 * A document field's label key. The catalogs hold every kind's fields (the locales test checks
 * both languages), but the typed keys cannot pair a kind with only its own fields.
 */
export const fieldLabelKey = (kind: FlightReviewDocumentKind, field: string) =>
  `documents.${kind}.fields.${field}` as 'documents.site-survey.fields.siteName';
