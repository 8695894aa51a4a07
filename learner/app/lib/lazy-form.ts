import { useRef, useState, type FormEvent } from 'react';
import { focusFirstError, formObject, type FieldErrors } from './form-data';
import { useFieldMessages } from '../i18n/hooks';

/** A form's check by its schema, from a module loaded on first submit. */
export type FormCheck = (
  values: Record<string, unknown>,
) => { ok: true } | { ok: false; errors: FieldErrors };

/**
 * The browser half of a form's validation (as useFormValidation in lib/forms.ts) for a form on a
 * page that keeps the validation library out of its start-up JavaScript. The check loads when the
 * form is first focused (`prepare`, the form's onFocus); once loaded, a submit is checked at once
 * and a valid form goes as any form does. A submit before it has loaded waits for it, and a valid
 * form is then sent by `send`.
 */
export function useLazyFormValidation(
  loadCheck: () => Promise<FormCheck>,
  serverErrors: FieldErrors | undefined,
  send: (form: HTMLFormElement) => void,
  booleans: string[] = [],
) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const loaded = useRef<FormCheck | null>(null);
  const load = async () => (loaded.current ??= await loadCheck());
  const prepare = () => void load().catch(() => undefined);
  const run = (formCheck: FormCheck, form: HTMLFormElement) => {
    const checked = formCheck(formObject(new FormData(form), booleans));
    setClientErrors(checked.ok ? null : checked.errors);
    if (!checked.ok) focusFirstError(form, checked.errors);
    return checked.ok;
  };
  const check = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    if (loaded.current) {
      if (!run(loaded.current, form)) event.preventDefault();
      return;
    }
    event.preventDefault();
    void load().then((formCheck) => {
      if (run(formCheck, form)) send(form);
    });
  };
  const errors = useFieldMessages(clientErrors ?? serverErrors);
  return { errors, clientErrors, setClientErrors, check, prepare };
}
