/** The session cookie the API sets and the learner's server reads. */
export const SESSION_COOKIE = 'session';
export const ROLES = ['user', 'premium', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Register and everywhere else: NIST SP 800-63B minimum (ARCHITECTURE.md overrides the spec's 6 on reset). */
export const PASSWORD_MIN_LENGTH = 8;
export const RESET_TOKEN_MIN_LENGTH = 10;
/** The roles an admin assigns; premium is not one of them, it comes from a purchase (shared/access.ts). */
export const ASSIGNABLE_ROLES = ['user', 'admin'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
