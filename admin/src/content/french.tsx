import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { TranslationStatus } from '@drone-exam/shared/i18n';
import {
  ModuleFrenchSchema,
  QuestionFrenchSchema,
  type AdminModule,
  type AdminQuestion,
} from '@drone-exam/shared/schemas/content';
import { optionLetter } from '@drone-exam/shared/text';
import { fieldErrors } from '@drone-exam/shared/validation';
import { useToast } from '@drone-exam/shared/ui/toast';
import { Alert, Badge, Button, Card, Field, TextAreaField } from '@drone-exam/shared/ui/ui';
import { api, ApiRequestError, unwrap } from '../lib/api';
import { useRefreshContent } from './queries';

const STATUS = {
  missing: { tone: 'red', label: 'French missing' },
  outdated: { tone: 'amber', label: 'French older than English' },
  current: { tone: 'green', label: 'French' },
} as const satisfies Record<TranslationStatus, { tone: 'red' | 'amber' | 'green'; label: string }>;

/**
 * Where a module's or question's French stands (issue 19): missing, written before the English
 * last changed, or current. Lists and editors show it beside the English.
 */
export function FrenchStatusBadge({ status }: { status: TranslationStatus }) {
  const { tone, label } = STATUS[status];
  return <Badge tone={tone}>{label}</Badge>;
}

/** In a list, only what needs an admin: French that is missing or older than the English. */
export function FrenchMark({ status }: { status: TranslationStatus }) {
  if (status === 'current') return null;
  return (
    <span className="ml-1">
      <FrenchStatusBadge status={status} />
    </span>
  );
}

/** The hint beside a French editor: what to do about missing or outdated French. */
function StatusHint({ status }: { status: TranslationStatus }) {
  if (status === 'current') return null;
  return (
    <Alert tone={status === 'missing' ? 'warning' : 'info'} className="mt-3">
      {status === 'missing'
        ? 'No French yet: French learners see the English until it is written.'
        : 'The English changed after this French was saved. Check the French against it and save again.'}
    </Alert>
  );
}

/** Saves the French through its own route, and refreshes the content lists. */
function useSaveFrench<T>(path: string, onSaved: (saved: T) => void) {
  const toast = useToast();
  const refresh = useRefreshContent();
  return useMutation({
    mutationFn: (body: unknown) => unwrap(api<T>(path, { method: 'PUT', body })),
    onSuccess: async (saved) => {
      toast.success('French saved');
      onSaved(saved);
      await refresh();
    },
  });
}

function errorsOf(error: unknown): { message: string | null; fields: Record<string, string> } {
  if (error instanceof ApiRequestError)
    return { message: error.message, fields: error.fields ?? {} };
  return { message: error ? String(error) : null, fields: {} };
}

/**
 * A question's French beside its English (issue 19): the stem, one French option per English
 * option in the same order (so the key stays the same letter), and the explanation. Saving makes a
 * new kept version, as an English edit does.
 */
export function QuestionFrenchEditor({ question }: { question: AdminQuestion }) {
  const [status, setStatus] = useState(question.frenchStatus);
  const [draft, setDraft] = useState(
    () =>
      question.french ?? {
        question: '',
        options: question.options.map(() => ''),
        explanation: '',
      },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveFrench<{ question: AdminQuestion }>(
    `/admin/questions/${question.id}/french`,
    (saved) => setStatus(saved.question.frenchStatus),
  );
  const failed = errorsOf(save.error);
  const shown = { ...failed.fields, ...errors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = QuestionFrenchSchema.safeParse(draft);
    if (!checked.success) return setErrors(fieldErrors(checked.error));
    setErrors({});
    save.mutate(checked.data);
  };

  return (
    <Card className="mt-6" data-testid="question-french">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-base font-semibold text-slate-900">French</h4>
        <FrenchStatusBadge status={status} />
      </div>
      <StatusHint status={status} />
      {failed.message && !Object.keys(failed.fields).length && (
        <Alert tone="error" className="mt-3">
          {failed.message}
        </Alert>
      )}
      <form noValidate onSubmit={submit} className="mt-4 space-y-4" lang="fr-CA">
        <TextAreaField
          label="Question (French)"
          rows={3}
          value={draft.question}
          onChange={(event) => setDraft({ ...draft, question: event.target.value })}
          error={shown.question}
          required
        />
        {question.options.map((english, index) => (
          <Field
            key={index}
            label={`Option ${optionLetter(index)} (French)`}
            hint={<span lang="en">English: {english}</span>}
            value={draft.options[index] ?? ''}
            onChange={(event) =>
              setDraft({
                ...draft,
                options: question.options.map((_, i) =>
                  i === index ? event.target.value : (draft.options[i] ?? ''),
                ),
              })
            }
            error={shown[`options.${index}`] ?? (index === 0 ? shown.options : undefined)}
            required
          />
        ))}
        <TextAreaField
          label="Explanation (French)"
          rows={4}
          value={draft.explanation}
          onChange={(event) => setDraft({ ...draft, explanation: event.target.value })}
          error={shown.explanation}
        />
        <Button type="submit" loading={save.isPending} loadingText="Saving...">
          Save French
        </Button>
      </form>
    </Card>
  );
}

/**
 * A module's French beside its English (issue 19): title, description, summary and the text in
 * markdown, rendered once on save like the English. Slug, tags, status and order are the English
 * module's.
 */
export function ModuleFrenchEditor({ module }: { module: AdminModule }) {
  const [status, setStatus] = useState(module.frenchStatus);
  const [draft, setDraft] = useState(
    () => module.french ?? { title: '', description: '', summary: '', bodyMarkdown: '' },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveFrench<{ module: AdminModule }>(
    `/admin/modules/${module.id}/french`,
    (saved) => setStatus(saved.module.frenchStatus),
  );
  const failed = errorsOf(save.error);
  const shown = { ...failed.fields, ...errors };
  const text = (key: keyof typeof draft) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [key]: event.target.value }),
    error: shown[key],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = ModuleFrenchSchema.safeParse(draft);
    if (!checked.success) return setErrors(fieldErrors(checked.error));
    setErrors({});
    save.mutate(checked.data);
  };

  return (
    <Card className="mt-6" data-testid="module-french">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">French</h3>
        <FrenchStatusBadge status={status} />
      </div>
      <StatusHint status={status} />
      {failed.message && !Object.keys(failed.fields).length && (
        <Alert tone="error" className="mt-3">
          {failed.message}
        </Alert>
      )}
      <form noValidate onSubmit={submit} className="mt-4 space-y-4" lang="fr-CA">
        <Field label="Title (French)" {...text('title')} required />
        <TextAreaField label="Description (French)" rows={2} {...text('description')} required />
        <TextAreaField label="Summary (French)" rows={3} {...text('summary')} />
        <TextAreaField
          label="Content (French, markdown)"
          rows={16}
          className="font-mono"
          {...text('bodyMarkdown')}
          required
        />
        <Button type="submit" loading={save.isPending} loadingText="Saving...">
          Save French
        </Button>
      </form>
    </Card>
  );
}
