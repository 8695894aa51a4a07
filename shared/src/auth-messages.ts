/**
 * The account screens' messages (English, their ids: the catalogs translate them). No schema
 * here, so a page that only shows them loads no zod.
 */

// learner-spec §8, word for word.
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please verify your email address before logging in. Check your inbox for the verification link.';
export const REGISTER_SUCCESS =
  'Registration successful! Please check your email to verify your account.';
export const LOGIN_FAILED = 'Login failed';
export const REGISTER_FAILED = 'Registration failed';
export const LOGIN_TO_RESEND = 'Please log in to resend verification email.';
export const VERIFICATION_SENT = 'Verification email sent! Please check your inbox.';
export const VERIFICATION_SEND_FAILED = 'Failed to send verification email';
export const VERIFICATION_RESEND_FAILED = 'Failed to resend verification email.';
export const VERIFY_EMAIL_FAILED =
  'Email verification failed. The token may be expired or invalid.';
export const FORGOT_PASSWORD_EMPTY = 'Please enter your email address';
export const RESET_EMAIL_SENT = 'Password reset email sent successfully';
export const RESET_EMAIL_FAILED = 'Failed to send reset email';
export const GENERIC_RETRY = 'An error occurred. Please try again.';
export const RESET_SUCCESS = 'Password reset successfully!';
export const RESET_FAILED = 'Failed to reset password';
export const INVALID_TOKEN_FORMAT = 'Invalid token format';
export const RESET_LINK_UNUSABLE =
  'This reset link is invalid or has expired. Please request a new one.';
