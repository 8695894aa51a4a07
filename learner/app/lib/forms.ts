import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors, onlyKnownFields } from '@drone-exam/shared/validation';
import { useMessage } from '../i18n/hooks';

export type FieldErrors = Record<string, string>;

/** A FormData as a plain object: repeated keys become arrays, checkboxes become booleans. */
export function formObject(form: FormData, booleans: string[] = []): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key);
    values[key] = all.length > 1 ? all : all[0];
  }
  for (const key of booleans) values[key] = form.get(key) === 'on' || form.get(key) === 'true';
  return values;
}

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

/** Moves focus to the first field with an error, so keyboard and screen-reader users land on it. */
function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement && element.name in errors) {
      element.focus();
      return;
    }
  }
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
  const message = useMessage();
  /** The form's onSubmit; true when the form is valid and goes to its action. */
  const check = (event: FormEvent<HTMLFormElement>): boolean => {
    const form = event.currentTarget;
    const checked = validateForm(schema, formObject(new FormData(form), booleans));
    if (checked.ok) {
      setClientErrors(null);
      return true;
    }
    event.preventDefault();
    setClientErrors(checked.errors);
    focusFirstError(form, checked.errors);
    return false;
  };
  // The schema's messages are English ids: shown in the page's language (the API's already are).
  const shown = Object.fromEntries(
    Object.entries(clientErrors ?? serverErrors ?? {}).map(([field, text]) => [
      field,
      message(text),
    ]),
  );
  return { errors: shown, clientErrors, setClientErrors, check };
}
