import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors, onlyKnownFields } from '@drone-exam/shared/validation';
import { useFieldMessages } from '../i18n/hooks';
import { focusFirstError, formObject, type FieldErrors } from './form-data';

export type Validated<S extends z.ZodType> =
  { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors };

/** The same zod schema the API validates with, run on the form before it is sent. */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: Record<string, unknown>,
): Validated<S> {
  const result = schema.safeParse(onlyKnownFields(schema, values));
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: fieldErrors(result.error) };
}

/** Checks a form by its schema; shows errors beside their fields and focuses the first. */
function checkForm<S extends z.ZodType>(
  schema: S,
  form: HTMLFormElement,
  booleans: string[],
  show: (errors: FieldErrors | null) => void,
): boolean {
  const checked = validateForm(schema, formObject(new FormData(form), booleans));
  show(checked.ok ? null : checked.errors);
  if (!checked.ok) focusFirstError(form, checked.errors);
  return checked.ok;
}

/**
 * The browser half of a form's validation, by the schema its action uses: on submit, errors stop
 * the submit, show beside their fields and take focus to the first; a valid form goes and clears
 * them. Until then the browser's errors stand in for the server's.
 */
export function useFormValidation<S extends z.ZodType>(
  schema: S,
  serverErrors: FieldErrors | undefined,
  booleans: string[] = [],
) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  /** The form's onSubmit; true when the form is valid and goes to its action. */
  const check = (event: FormEvent<HTMLFormElement>): boolean => {
    const valid = checkForm(schema, event.currentTarget, booleans, setClientErrors);
    if (!valid) event.preventDefault();
    return valid;
  };
  const shown = useFieldMessages(clientErrors ?? serverErrors);
  return { errors: shown, clientErrors, setClientErrors, check };
}
