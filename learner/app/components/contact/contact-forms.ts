import { ContactSchema } from '@drone-exam/shared/schemas/contact';
import { validateForm } from '../../lib/forms';
import type { FormCheck } from '../../lib/lazy-form';

/** The contact form's check, loaded when the form is first used (routes/contact.tsx). */
export const checkContact: FormCheck = (values) => validateForm(ContactSchema, values);
