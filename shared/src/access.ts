import type { Role } from './schemas/auth-values.ts';

export type AccessSubject = { role: Role; premiumUntil: number | null };

/** Admins count as premium; everyone else has premium while their paid period runs. */
export function hasPremium(user: AccessSubject, now: number = Date.now()): boolean {
  return user.role === 'admin' || (user.premiumUntil !== null && user.premiumUntil > now);
}

/** The role a person sees: a lapsed premium period reads as an ordinary user. */
export function effectiveRole(user: AccessSubject, now: number = Date.now()): Role {
  if (user.role === 'admin') return 'admin';
  return hasPremium(user, now) ? 'premium' : 'user';
}
