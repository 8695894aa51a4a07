import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useToast } from '@drone-exam/shared/ui/toast';
import { ApiRequestError } from '../lib/api';
import { useAdminPath } from '../lib/paths';
import { useRefreshContent } from './queries';

/** The console's path to the Content section (e.g. /admin/content), whatever the host's basename. */
export const useContentBase = () => useAdminPath()('content');

/**
 * Shows the errors, then moves focus to the first field marked invalid (a radio group marks its
 * first radio), so keyboard and screen-reader users land on it. The errors are committed first
 * (flushSync), so the field is marked by the time focus moves, however busy the browser is.
 */
function showErrorsAndFocus(form: HTMLFormElement | null, showErrors: () => void) {
  flushSync(showErrors);
  form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus();
}

/**
 * An editor's form: its draft and its save. Once saved, a toast and back to the list; a field's
 * problem from the API beside the field, anything else above the form.
 */
export function useEditorForm<Draft, Saved>({
  initial,
  send,
  savedMessage,
  listPath,
}: {
  initial: () => Draft;
  send: (payload: unknown) => Promise<Saved>;
  savedMessage: (saved: Saved) => string;
  listPath: string;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const refresh = useRefreshContent();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: send,
    onSuccess: (saved) => {
      toast.success(savedMessage(saved));
      void refresh();
      void navigate(listPath);
    },
    onError: (error) => {
      const fields = error instanceof ApiRequestError ? error.fields : undefined;
      if (fields) {
        showErrorsAndFocus(form.current, () => setErrors(fields));
      } else {
        setServerError(error.message);
      }
    },
  });

  /** Checks the payload on the page first; sends it only when it passes. */
  function submit(
    event: React.FormEvent<HTMLFormElement>,
    check: () => { ok: true; data: unknown } | { ok: false; errors: Record<string, string> },
  ) {
    event.preventDefault();
    setServerError(null);
    const checked = check();
    if (!checked.ok) {
      showErrorsAndFocus(form.current, () => setErrors(checked.errors));
      return;
    }
    setErrors({});
    save.mutate(checked.data);
  }

  return { draft, setDraft, set, form, errors, serverError, setServerError, save, submit };
}
