/**
 * Reading and marking up forms without the validation library, so a page can keep it out of its
 * start-up JavaScript (lib/forms.ts has the validation; lazy-form.ts loads it on first submit).
 */
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

/** Moves focus to the first field with an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement && element.name in errors) {
      element.focus();
      return;
    }
  }
}
