import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { TranslationStatus } from '@drone-exam/shared/i18n';
import { QuestionFrenchSchema, type AdminQuestion } from '@drone-exam/shared/schemas/content';
import { optionLetter } from '@drone-exam/shared/text';
import { fieldErrors } from '@drone-exam/shared/validation';
import { useToast } from '@drone-exam/shared/ui/toast';
import { Alert, Badge, Button, Card, Field, TextAreaField } from '@drone-exam/shared/ui/ui';
import type { ApiData, ApiPath } from '@drone-exam/shared/api';
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

function errorsOf(error: unknown): { message: string | null; fields: Record<string, string> } {
  if (error instanceof ApiRequestError)
    return { message: error.message, fields: error.fields ?? {} };
  return { message: error ? String(error) : null, fields: {} };
}

type Checked =
  { success: true; data: unknown } | { success: false; error: Parameters<typeof fieldErrors>[0] };

/**
 * What both French editors do: check the draft by the API's schema, save it through its own route,
 * show the status the API answers with, and refresh the content lists.
 */
export function useFrenchForm<P extends ApiPath<'PUT'>>({
  path,
  schema,
  status: initial,
  statusOf,
}: {
  path: P;
  schema: { safeParse: (value: unknown) => Checked };
  status: TranslationStatus;
  statusOf: (saved: ApiData<P, 'PUT'>) => TranslationStatus;
}) {
  const toast = useToast();
  const refresh = useRefreshContent();
  const [status, setStatus] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: unknown) => unwrap(api(path, { method: 'PUT', body })),
    onSuccess: async (saved) => {
      toast.success('French saved');
      setStatus(statusOf(saved));
      await refresh();
    },
  });
  const failed = errorsOf(save.error);
  const submit = (draft: unknown) => (event: FormEvent) => {
    event.preventDefault();
    const checked = schema.safeParse(draft);
    if (!checked.success) return setErrors(fieldErrors(checked.error));
    setErrors({});
    save.mutate(checked.data);
  };
  return {
    status,
    failed,
    errors: { ...failed.fields, ...errors },
    saving: save.isPending,
    submit,
  };
}

/** A French editor's card: its status, what to do about it, a failure, and the form. */
export function FrenchForm({
  form,
  heading,
  testId,
  onSubmit,
  children,
}: {
  form: ReturnType<typeof useFrenchForm>;
  heading: ReactNode;
  testId: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Card className="mt-6" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {heading}
        <FrenchStatusBadge status={form.status} />
      </div>
      <StatusHint status={form.status} />
      {form.failed.message && !Object.keys(form.failed.fields).length && (
        <Alert tone="error" className="mt-3">
          {form.failed.message}
        </Alert>
      )}
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4" lang="fr-CA">
        {children}
        <Button type="submit" loading={form.saving} loadingText="Saving...">
          Save French
        </Button>
      </form>
    </Card>
  );
}

/**
 * A question's French beside its English (issue 19): the stem, one French option per English
 * option in the same order (so the key stays the same letter), and the explanation. Saving makes a
 * new kept version, as an English edit does.
 */
export function QuestionFrenchEditor({ question }: { question: AdminQuestion }) {
  const [draft, setDraft] = useState(() => ({
    question: question.french?.question ?? '',
    options: question.french?.options ?? question.options.map(() => ''),
    explanation: question.french?.explanation ?? '',
  }));
  const [rationales, setRationales] = useState(
    () => question.french?.optionExplanations ?? question.options.map(() => ''),
  );
  const [figure, setFigure] = useState(() => ({
    alt: question.french?.figure?.alt ?? '',
    content: question.french?.figure?.content ?? '',
  }));
  // The French describes the question's figure; a drawing may also have a copy with French words.
  const payload = {
    ...draft,
    // The French rationales are sent when any is written, so the schema asks for all of them.
    ...(rationales.some((why) => why.trim()) ? { optionExplanations: rationales } : {}),
    ...(question.figure
      ? {
          figure: {
            alt: figure.alt,
            ...(question.figure.kind === 'svg' && figure.content.trim()
              ? { content: figure.content }
              : {}),
          },
        }
      : {}),
  };
  const form = useFrenchForm({
    path: `/admin/questions/${question.id}/french`,
    schema: QuestionFrenchSchema,
    status: question.frenchStatus,
    statusOf: (saved) => saved.question.frenchStatus,
  });
  const shown = form.errors;

  return (
    <FrenchForm
      form={form}
      heading={<h4 className="text-base font-semibold text-slate-900">French</h4>}
      testId="question-french"
      onSubmit={form.submit(payload)}
    >
      <TextAreaField
        label="Question (French)"
        rows={3}
        value={draft.question}
        onChange={(event) => setDraft({ ...draft, question: event.target.value })}
        error={shown.question}
        required
      />
      {question.options.map((english, index) => (
        <div key={index} className="space-y-2">
          <Field
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
          {(question.optionExplanations || rationales.some((why) => why.trim())) && (
            <TextAreaField
              label={`Why option ${optionLetter(index)} is right or wrong (French)`}
              hint={
                question.optionExplanations?.[index] ? (
                  <span lang="en">English: {question.optionExplanations[index]}</span>
                ) : undefined
              }
              rows={2}
              value={rationales[index] ?? ''}
              onChange={(event) =>
                setRationales(
                  question.options.map((_, i) =>
                    i === index ? event.target.value : (rationales[i] ?? ''),
                  ),
                )
              }
              error={
                shown[`optionExplanations.${index}`] ??
                (index === 0 ? shown.optionExplanations : undefined)
              }
            />
          )}
        </div>
      ))}
      <TextAreaField
        label="Explanation (French)"
        rows={4}
        value={draft.explanation}
        onChange={(event) => setDraft({ ...draft, explanation: event.target.value })}
        error={shown.explanation}
      />
      {question.figure && (
        <>
          <TextAreaField
            label="Figure text alternative (French)"
            hint={<span lang="en">English: {question.figure.alt}</span>}
            rows={2}
            value={figure.alt}
            onChange={(event) => setFigure({ ...figure, alt: event.target.value })}
            error={shown['figure.alt'] ?? shown.figure}
            required
          />
          {question.figure.kind === 'svg' && (
            <TextAreaField
              label="Drawing with French labels (SVG, optional)"
              hint="Leave empty when the English drawing has no words to translate."
              rows={4}
              className="font-mono"
              value={figure.content}
              onChange={(event) => setFigure({ ...figure, content: event.target.value })}
              error={shown['figure.content']}
            />
          )}
        </>
      )}
    </FrenchForm>
  );
}
