import type { FieldErrors } from '../../lib/form-data';

/** What the account page's action answers, by the form (intent) that was sent. */
export type AccountResult =
  | { intent: 'profile' | 'password'; ok: true; message: string }
  | { intent: 'profile' | 'password'; ok: false; error?: string; errors?: FieldErrors }
  | { intent: 'resend'; ok: boolean; message: string }
  | { intent: 'portal'; ok: false; error: string };
