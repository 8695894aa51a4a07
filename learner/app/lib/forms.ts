import type { z } from 'zod';
import { fieldErrors } from '@drone-exam/shared/validation';

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
export function validateForm<S extends z.ZodType>(schema: S, values: unknown): Validated<S> {
  const result = schema.safeParse(values);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: fieldErrors(result.error) };
}

/** Moves focus to the first field with an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement && element.name in errors) {
      element.focus();
      return;
    }
  }
}
