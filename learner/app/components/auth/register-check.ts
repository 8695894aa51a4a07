import { RegisterFormSchema } from '@drone-exam/shared/schemas/auth';
import { validateForm } from '../../lib/forms';
import type { FormCheck } from '../../lib/lazy-form';

/** The registration form's check, loaded when the form is first used (routes/register.tsx). */
export const checkRegister: FormCheck = (values) => validateForm(RegisterFormSchema, values);
