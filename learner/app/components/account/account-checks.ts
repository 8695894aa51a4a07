import { ChangePasswordFormSchema, UpdateProfileSchema } from '@drone-exam/shared/schemas/auth';
import { validateForm } from '../../lib/forms';
import type { FormCheck } from '../../lib/lazy-form';

/** The account forms' checks, loaded when one is first used (account-forms.tsx). */
export const checkProfile: FormCheck = (values) => validateForm(UpdateProfileSchema, values);
export const checkPassword: FormCheck = (values) => validateForm(ChangePasswordFormSchema, values);
