import { z } from 'zod';
import { EmailSchema, visibleText } from './common.ts';
import { LOCALES, type Locale } from '../i18n.ts';
import { setByServer, type ReadOnlyFields } from './updates.ts';
import { PASSWORD_MIN_LENGTH, RESET_TOKEN_MIN_LENGTH, ROLES } from './auth-values.ts';
import { ExamIdSchema } from './exam.ts';
import type { ExamId } from './exam-values.ts';

const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password is too long');

export const LoginSchema = z.strictObject({
  email: EmailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
  rememberMe: z.boolean().optional().default(false),
  recaptchaToken: z.string().optional(),
});
export type LoginInput = z.input<typeof LoginSchema>;

export const RegisterSchema = z.strictObject({
  firstName: visibleText(
    z
      .string({ error: 'First name is required' })
      .trim()
      .min(1, 'First name is required')
      .max(60, 'First name is too long'),
  ),
  lastName: visibleText(
    z
      .string({ error: 'Last name is required' })
      .trim()
      .min(1, 'Last name is required')
      .max(60, 'Last name is too long'),
  ),
  email: EmailSchema,
  password: PasswordSchema,
  recaptchaToken: z.string().optional(),
  /** Kept from /auth/register?intent=premium so the verification link can lead to checkout. */
  intent: z.enum(['premium']).optional(),
});
export type RegisterInput = z.input<typeof RegisterSchema>;

/**
 * "Passwords do not match" is checked as soon as both passwords are typed, so it shows with the
 * form's other messages rather than only once everything else is valid.
 */
function whenBothTyped(password: string, confirmation: string) {
  return (payload: { value: unknown }) => {
    const form = payload.value as Record<string, unknown> | null;
    return (
      typeof form?.[password] === 'string' &&
      typeof form[confirmation] === 'string' &&
      form[confirmation] !== ''
    );
  };
}

/** The register form adds the confirmation and the terms box to the API payload. */
export const RegisterFormSchema = RegisterSchema.extend({
  confirmPassword: z
    .string({ error: 'Please confirm your password' })
    .min(1, 'Please confirm your password'),
  acceptTerms: z.literal(true, { error: 'You must accept the terms and conditions' }),
}).refine((form) => form.password === form.confirmPassword, {
  message: 'Passwords do not match',
  path: ['confirmPassword'],
  when: whenBothTyped('password', 'confirmPassword'),
});

export const ForgotPasswordSchema = z.strictObject({
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .toLowerCase()
    .min(1, 'Please enter your email address')
    .refine((value) => /^[^\s@]+@[^\s@]+$/.test(value), 'Please enter a valid email'),
});

const NewPasswordSchema = z
  .string({ error: 'Please enter a new password' })
  .min(1, 'Please enter a new password')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
  .max(200, 'Password is too long');

export const ResetPasswordSchema = z.strictObject({
  token: z.string({ error: 'Invalid reset token' }).min(1, 'Invalid reset token'),
  password: NewPasswordSchema,
});

export const ResetPasswordFormSchema = z
  .strictObject({ password: NewPasswordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    when: whenBothTyped('password', 'confirmPassword'),
  });

/** The path parameter of GET /auth/reset-password/:token (the page's usability check). */
export const ResetTokenParamSchema = z.object({
  token: z.string().min(1, 'Invalid reset token').max(200, 'Invalid reset token'),
});

/** learner-spec §5: the reset page checks the token locally before asking the API. */
export function isWellFormedResetToken(token: string | undefined | null): boolean {
  return typeof token === 'string' && token.length >= RESET_TOKEN_MIN_LENGTH;
}

export const VerifyEmailSchema = z.strictObject({
  token: z
    .string({ error: 'Verification token is required' })
    .min(1, 'Verification token is required'),
});

/**
 * POST /auth/resend-verification: a signed-in caller sends no body (their own address); the login
 * page's verification panel, where nobody is signed in, names the address.
 */
export const ResendVerificationSchema = z.strictObject({ email: EmailSchema.optional() });

export const UpdateProfileSchema = RegisterSchema.pick({ firstName: true, lastName: true });

/** PUT /auth/locale: the language switcher records the signed-in learner's language. */
export const LocaleSchema = z.strictObject({
  locale: z.enum(LOCALES, { error: 'Language must be en or fr' }),
});

export const ChangePasswordSchema = z.strictObject({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required'),
  newPassword: NewPasswordSchema,
});

export const ChangePasswordFormSchema = ChangePasswordSchema.extend({
  confirmPassword: z
    .string({ error: 'Please confirm your new password' })
    .min(1, 'Please confirm your new password'),
}).refine((form) => form.newPassword === form.confirmPassword, {
  message: 'Passwords do not match',
  path: ['confirmPassword'],
  when: whenBothTyped('newPassword', 'confirmPassword'),
});

// Plain text, kept in a module without zod so pages can show them without loading the schemas.
export * from '../auth-messages.ts';

export type PublicUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  role: (typeof ROLES)[number];
  isActive: boolean;
  premiumUntil: string | null;
  hasPremium: boolean;
  createdAt: string;
  lastLoginAt: string | null;
  /** The language the account's emails are written in. */
  locale: Locale;
  /** The exam the learner prepares for (issue 28): readiness, pools and review follow it. */
  targetExam: ExamId;
};

/** An account's fields no update of the learner's own changes, as GET /auth/me returns them. */
const ACCOUNT_READ_ONLY: ReadOnlyFields<PublicUser> = {
  id: 'An account keeps its id',
  email: 'Your email address cannot be changed here',
  emailVerified: 'Your email address is verified through the link we email you',
  role: 'Your role is not yours to change',
  isActive: 'Your account cannot be turned off here',
  premiumUntil: 'Premium is bought on the pricing page',
  hasPremium: 'Premium is bought on the pricing page',
  createdAt: setByServer('createdAt'),
  lastLoginAt: setByServer('lastLoginAt'),
};

/** PATCH /auth/profile takes the account as GET /auth/me returned it; it changes the name. */
export const PROFILE_READ_ONLY: ReadOnlyFields<PublicUser> = {
  ...ACCOUNT_READ_ONLY,
  locale: 'Change the language with the language switcher',
  targetExam: 'Change your exam with the exam switch',
};

/** PUT /auth/target-exam: the dashboard's exam switch. Switching loses nothing. */
export const TargetExamSchema = z.strictObject({ targetExam: ExamIdSchema });

/** PUT /auth/target-exam takes the account as GET /auth/me returned it; it changes the exam. */
export const TARGET_EXAM_READ_ONLY: ReadOnlyFields<PublicUser> = {
  ...ACCOUNT_READ_ONLY,
  firstName: 'Change your name on your profile',
  lastName: 'Change your name on your profile',
  locale: 'Change the language with the language switcher',
};

/** PUT /auth/locale takes the account as GET /auth/me returned it; it changes the language. */
export const LOCALE_READ_ONLY: ReadOnlyFields<PublicUser> = {
  ...ACCOUNT_READ_ONLY,
  firstName: 'Change your name on your profile',
  lastName: 'Change your name on your profile',
  targetExam: 'Change your exam with the exam switch',
};

export type AuthSuccess = { token: string; user: PublicUser };
export type PremiumStatus = { hasPremium: boolean; expiresAt: string | null; isAdmin: boolean };
