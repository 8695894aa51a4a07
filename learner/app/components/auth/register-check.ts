import { RegisterFormSchema } from '@drone-exam/shared/schemas/auth';
import { validateForm } from '../../lib/forms';
import type { FormCheck } from '../../lib/lazy-form';

/** The registration form's check, loaded when it is first sent (routes/register.tsx). */
export const checkRegister: FormCheck = (values) => validateForm(RegisterFormSchema, values);
