/**
 * A write the learner made offline is replayed with the key it was queued with; the API records a
 * new bookmark or note once per key (RFC draft "The Idempotency-Key HTTP Header Field").
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_INVALID =
  'Idempotency-Key must be 16 to 100 letters, digits, hyphens or underscores';
/** The largest page any list endpoint answers. */
export const MAX_PAGE_SIZE = 100;
