import { LoginSchema } from '@drone-exam/shared/schemas/auth';
import { validateForm } from '../../lib/forms';
import type { FormCheck } from '../../lib/lazy-form';

/** The sign-in form's check, loaded when the form is first used (routes/login.tsx). */
export const checkLogin: FormCheck = (values) => validateForm(LoginSchema, values);
