import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QUESTION_CATEGORIES } from '@drone-exam/shared/schemas/quiz-values';
import {
  ExamUpdateSchema,
  type AdminExam,
  type BlueprintEntry,
} from '@drone-exam/shared/schemas/exam';
import { prettifyCategory } from '@drone-exam/shared/text';
import { Button, Field, TextAreaField } from '@drone-exam/shared/ui/ui';
import { useToast } from '@drone-exam/shared/ui/toast';
import { fieldErrors } from '@drone-exam/shared/validation';
import { api, refreshAfterWrite, unwrap } from '../lib/api';
import { ErrorPanel, Panel } from '../components/admin-ui';

const EXAMS_KEY = ['admin', 'exams'];

/** A number field's text as a number, or the text itself so the schema names the mistake. */
const numberOf = (text: string): number | string => (text.trim() === '' ? text : Number(text));

type ExamDraft = {
  nameEn: string;
  nameFr: string;
  questionCount: string;
  timeLimitMinutes: string;
  passMark: string;
  practicePassMark: string;
  shares: Record<string, string>;
  sourceNote: string;
};

const draftOf = (exam: AdminExam): ExamDraft => ({
  nameEn: exam.name.en,
  nameFr: exam.name.fr,
  questionCount: String(exam.questionCount),
  timeLimitMinutes: String(exam.timeLimitMinutes),
  passMark: String(exam.passMark),
  practicePassMark: String(exam.practicePassMark),
  shares: Object.fromEntries(exam.blueprint.map((entry) => [entry.category, String(entry.share)])),
  sourceNote: exam.sourceNote,
});

function payloadOf(draft: ExamDraft) {
  return {
    name: { en: draft.nameEn, fr: draft.nameFr },
    questionCount: numberOf(draft.questionCount),
    timeLimitMinutes: numberOf(draft.timeLimitMinutes),
    passMark: numberOf(draft.passMark),
    practicePassMark: numberOf(draft.practicePassMark),
    // An empty share leaves the area out of the blueprint.
    blueprint: QUESTION_CATEGORIES.filter((category) => draft.shares[category]?.trim()).map(
      (category) => ({ category, share: numberOf(draft.shares[category]!) }) as BlueprintEntry,
    ),
    sourceNote: draft.sourceNote,
  };
}

function ExamForm({ exam }: { exam: AdminExam }) {
  const [draft, setDraft] = useState(() => draftOf(exam));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toast = useToast();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (body: unknown) => unwrap(api(`/admin/exams/${exam.id}`, { method: 'PUT', body })),
    onSuccess: ({ exam: saved }) => {
      toast.success(`${saved.name.en} saved`);
      void refreshAfterWrite(client, { queryKey: EXAMS_KEY });
    },
    onError: (error) => toast.error(error.message),
  });
  const set = (key: keyof Omit<ExamDraft, 'shares'>) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const total = Object.values(draft.shares).reduce((sum, share) => sum + (Number(share) || 0), 0);
  return (
    <form
      noValidate
      aria-label={`${exam.name.en} figures`}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = ExamUpdateSchema.safeParse(payloadOf(draft));
        if (!checked.success) return setErrors(fieldErrors(checked.error));
        setErrors({});
        save.mutate(checked.data);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Name (English)"
          value={draft.nameEn}
          error={errors['name.en']}
          onChange={(e) => set('nameEn')(e.target.value)}
        />
        <Field
          label="Name (French)"
          value={draft.nameFr}
          error={errors['name.fr']}
          onChange={(e) => set('nameFr')(e.target.value)}
        />
        <Field
          label="Questions"
          inputMode="numeric"
          value={draft.questionCount}
          error={errors.questionCount}
          onChange={(e) => set('questionCount')(e.target.value)}
        />
        <Field
          label="Time limit (minutes)"
          inputMode="numeric"
          value={draft.timeLimitMinutes}
          error={errors.timeLimitMinutes}
          onChange={(e) => set('timeLimitMinutes')(e.target.value)}
        />
        <Field
          label="Pass mark (%)"
          inputMode="numeric"
          value={draft.passMark}
          error={errors.passMark}
          onChange={(e) => set('passMark')(e.target.value)}
        />
        <Field
          label="Practice pass mark (%)"
          inputMode="numeric"
          value={draft.practicePassMark}
          error={errors.practicePassMark}
          onChange={(e) => set('practicePassMark')(e.target.value)}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">
          Blueprint: share of each area (%), now {total} of 100
        </legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-4">
          {QUESTION_CATEGORIES.map((category) => (
            <Field
              key={category}
              label={prettifyCategory(category, QUESTION_CATEGORIES)}
              inputMode="numeric"
              value={draft.shares[category] ?? ''}
              onChange={(e) =>
                setDraft((current) => ({
                  ...current,
                  shares: { ...current.shares, [category]: e.target.value },
                }))
              }
            />
          ))}
        </div>
        {errors.blueprint && <p className="mt-1 text-sm text-red-700">{errors.blueprint}</p>}
      </fieldset>
      <TextAreaField
        label="Source note"
        rows={4}
        value={draft.sourceNote}
        error={errors.sourceNote}
        onChange={(e) => set('sourceNote')(e.target.value)}
      />
      <Button type="submit" loading={save.isPending} loadingText="Saving...">
        Save {exam.name.en}
      </Button>
    </form>
  );
}

/** The exams' figures and blueprints (issue 28); every save is in the activity feed. */
export function ExamSettings() {
  const exams = useQuery({
    queryKey: EXAMS_KEY,
    queryFn: () => unwrap(api('/admin/exams')),
  });
  if (exams.isError) return <ErrorPanel error={exams.error} onRetry={() => void exams.refetch()} />;
  return (
    <div className="space-y-6">
      {exams.data?.exams.map((exam) => (
        <Panel key={`${exam.id}-${exam.updatedAt}`} title={`Exam: ${exam.name.en}`}>
          <ExamForm exam={exam} />
        </Panel>
      ))}
    </div>
  );
}
