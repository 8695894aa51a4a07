import { useState, type FormEvent } from 'react';
import { focusFirstError, formObject, type FieldErrors } from './form-data';
import { useMessage } from '../i18n/hooks';

/** A form's check by its schema, from a module loaded on first submit. */
export type FormCheck = (
  values: Record<string, unknown>,
) => { ok: true } | { ok: false; errors: FieldErrors };

/**
 * The browser half of a form's validation (as useFormValidation in lib/forms.ts) for a form on a
 * page that keeps the validation library out of its start-up JavaScript: the check is loaded on
 * the first submit, and a valid form is sent by `send`.
 */
export function useLazyFormValidation(
  loadCheck: () => Promise<FormCheck>,
  serverErrors: FieldErrors | undefined,
  send: (form: HTMLFormElement) => void,
  booleans: string[] = [],
) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const check = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = (await loadCheck())(formObject(new FormData(form), booleans));
    setClientErrors(checked.ok ? null : checked.errors);
    if (checked.ok) send(form);
    else focusFirstError(form, checked.errors);
  };
  const message = useMessage();
  // The schema's messages are English ids: shown in the page's language (the API's already are).
  const errors = Object.fromEntries(
    Object.entries(clientErrors ?? serverErrors ?? {}).map(([field, text]) => [
      field,
      message(text),
    ]),
  );
  return { errors, clientErrors, setClientErrors, check };
}
