import type { ReactNode } from 'react';
import { Alert, Card } from '@drone-exam/shared/ui/ui';
import type { FieldErrors } from '../../lib/form-data';
import { useMessage } from '../../i18n/hooks';

/** What a refused class form sends back: the message, the field errors and the values to refill. */
export type FormFailure = {
  error?: string;
  errors?: FieldErrors;
  values?: Record<string, unknown>;
};

/** A form's refusal from its action's result, and each field's message in the learner's language. */
export function useFailure<R extends { ok: boolean }>(result: R | null) {
  const message = useMessage();
  const failed = result && !result.ok ? (result as R & FormFailure) : null;
  const error = (field: string) =>
    failed?.errors?.[field] ? message(failed.errors[field]) : undefined;
  return { failed, error };
}

/** The card every class form sits in: its title, then what the last submit did. */
export function FormCard({
  title,
  done,
  failure,
  className,
  children,
}: {
  title: string;
  /** The success message, when the last submit worked. */
  done: string | null;
  failure: FormFailure | null;
  className?: string;
  children: ReactNode;
}) {
  const message = useMessage();
  return (
    <Card className={className}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {done && <Alert tone="success" className="mt-3" title={done} />}
      {failure?.error && (
        <Alert tone="error" className="mt-3">
          {message(failure.error)}
        </Alert>
      )}
      {children}
    </Card>
  );
}
