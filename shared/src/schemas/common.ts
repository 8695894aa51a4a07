import { z } from 'zod';
import { IDEMPOTENCY_KEY_INVALID, MAX_PAGE_SIZE } from './common-values.ts';

/**
 * Characters that hide or disguise what a text says: C0 and C1 controls (NUL, CR, LF…), the bidi
 * overrides and isolates (U+202A–202E, U+2066–2069) and the invisible marks (LRM, RLM, zero-width
 * space, word joiner, BOM). A right-to-left override in a name reverses it in the admin list, in
 * emails and in exports. The zero-width joiner stays: emoji sequences are built with it.
 */
const HIDDEN_CHARACTERS =
  // oxlint-disable-next-line no-control-regex -- control characters are what this refuses
  /[\u0000-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/u;
/** The same, less the tab and line breaks a paragraph of text may hold. */
const HIDDEN_CHARACTERS_IN_PARAGRAPHS =
  // oxlint-disable-next-line no-control-regex -- control characters are what this refuses
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/u;

export const HIDDEN_CHARACTERS_REFUSED =
  'Remove the control or text-direction characters from this field';

/**
 * One rule for every text a person types into a field: a short text (a name, a title, a tag) is one
 * line with no hidden characters; a paragraph (a note, a question) may also hold line breaks.
 * Accents and emoji pass.
 */
export function visibleText<T extends z.ZodString>(
  schema: T,
  kind: 'short' | 'paragraph' = 'short',
) {
  const hidden = kind === 'short' ? HIDDEN_CHARACTERS : HIDDEN_CHARACTERS_IN_PARAGRAPHS;
  return schema.refine((value) => !hidden.test(value), HIDDEN_CHARACTERS_REFUSED);
}

/** learner-spec §5 asks only for an "@"; the server also wants something on both sides of it. */
export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .refine((value) => /^[^\s@]+@[^\s@]+$/.test(value), 'Please enter a valid email');

export const IdSchema = z.string().trim().min(1).max(64);

/** The Idempotency-Key header of a create the learner's device may send again (a UUID fits). */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, IDEMPOTENCY_KEY_INVALID);

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});

/** Tags: trimmed, lowercase, no empties, no duplicates (premium-quiz-admin-spec §5). */
export const TagListSchema = z
  .array(
    visibleText(
      z
        .string({ error: 'Tags must be text' })
        .trim()
        .toLowerCase()
        .min(1, 'Tags must not be empty')
        .max(40, 'Tags must be at most 40 characters'),
    ),
  )
  .max(20, 'At most 20 tags')
  .transform((tags) => [...new Set(tags)]);

/** A form's empty field, or the null a transformed payload carries on, means "not given". */
export const blankToUndefined = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : value;
