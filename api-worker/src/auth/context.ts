import type { Role } from '@drone-exam/shared/schemas/auth-values';

/**
 * Who is calling, as every request carries it (Variables.auth in env.ts). A module of its own so
 * the request's types need not import the session code that fills it.
 */
export type AuthContext = {
  userId: string;
  role: Role;
  /** Carried in the session record so premium checks cost no D1 read; see refreshSessions. */
  premiumUntil: number | null;
  sid: string;
  via: 'bearer' | 'cookie';
};
