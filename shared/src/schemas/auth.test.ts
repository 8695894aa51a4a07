import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation.ts';
import {
  ChangePasswordFormSchema,
  ForgotPasswordSchema,
  isWellFormedResetToken,
  LoginSchema,
  RegisterFormSchema,
  ResetPasswordFormSchema,
} from './auth.ts';

const messages = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

describe('the account forms (learner-spec §5, word for word)', () => {
  it('login: email required, an @, password required', () => {
    expect(messages(LoginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(messages(LoginSchema.safeParse({ email: 'pilot', password: 'x' }))).toEqual({
      email: 'Please enter a valid email',
    });
  });

  it('register: every field, and a mismatch shown alongside the other messages', () => {
    expect(
      messages(
        RegisterFormSchema.safeParse({
          firstName: '  ',
          lastName: '',
          email: '',
          password: 'short',
          confirmPassword: 'other',
          acceptTerms: false,
        }),
      ),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
      acceptTerms: 'You must accept the terms and conditions',
    });
    expect(
      messages(
        RegisterFormSchema.safeParse({
          firstName: 'Ada',
          lastName: 'L',
          email: 'ada@example.com',
          password: 'long-enough',
          confirmPassword: '',
          acceptTerms: true,
        }),
      ),
    ).toEqual({ confirmPassword: 'Please confirm your password' });
  });

  it('forgot password: an empty address asks for one', () => {
    expect(messages(ForgotPasswordSchema.safeParse({ email: ' ' }))).toEqual({
      email: 'Please enter your email address',
    });
  });

  it('reset password: empty, too short (8, ARCHITECTURE.md), mismatch', () => {
    expect(
      messages(ResetPasswordFormSchema.safeParse({ password: '', confirmPassword: '' })),
    ).toEqual({
      password: 'Please enter a new password',
    });
    expect(
      messages(
        ResetPasswordFormSchema.safeParse({ password: 'seven77', confirmPassword: 'seven77' }),
      ),
    ).toEqual({ password: 'Password must be at least 8 characters long' });
    expect(
      messages(
        ResetPasswordFormSchema.safeParse({
          password: 'long-enough',
          confirmPassword: 'long-enougH',
        }),
      ),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('change password: the current one, then a matching new one', () => {
    expect(
      messages(
        ChangePasswordFormSchema.safeParse({
          currentPassword: '',
          newPassword: 'long-enough',
          confirmPassword: 'different',
        }),
      ),
    ).toEqual({
      currentPassword: 'Current password is required',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('the reset token pre-check wants at least 10 characters', () => {
    expect(isWellFormedResetToken(undefined)).toBe(false);
    expect(isWellFormedResetToken('123456789')).toBe(false);
    expect(isWellFormedResetToken('1234567890')).toBe(true);
  });
});
