import { z } from 'zod';
import { IDEMPOTENCY_KEY_INVALID, MAX_PAGE_SIZE } from '../constants.ts';

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
    z
      .string({ error: 'Tags must be text' })
      .trim()
      .toLowerCase()
      .min(1, 'Tags must not be empty')
      .max(40, 'Tags must be at most 40 characters'),
  )
  .max(20, 'At most 20 tags')
  .transform((tags) => [...new Set(tags)]);

/** A form's empty field, or the null a transformed payload carries on, means "not given". */
export const blankToUndefined = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : value;
