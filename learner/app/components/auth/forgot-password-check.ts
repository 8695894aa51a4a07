import { ForgotPasswordSchema } from '@drone-exam/shared/schemas/auth';
import { validateForm } from '../../lib/forms';
import type { FormCheck } from '../../lib/lazy-form';

export { FORGOT_PASSWORD_EMPTY } from '@drone-exam/shared/schemas/auth';

/** The forgot-password form's check, loaded when the form is first used (routes/forgot-password.tsx). */
export const checkForgotPassword: FormCheck = (values) =>
  validateForm(ForgotPasswordSchema, values);
