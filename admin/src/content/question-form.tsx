import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import {
  DEFAULT_DIFFICULTY,
  DIFFICULTIES,
  EDITOR_OPTIONS,
  QUESTION_CATEGORIES,
  type Difficulty,
  type QuestionCategory,
} from '@drone-exam/shared/constants';
import { QuestionInputSchema, type AdminQuestion } from '@drone-exam/shared/schemas/content';
import { optionLetter, prettifyCategory } from '@drone-exam/shared/text';
import { fieldErrors } from '@drone-exam/shared/validation';
import { useToast } from '@drone-exam/shared/ui/toast';
import {
  Alert,
  Button,
  Card,
  Field,
  LinkButton,
  SelectField,
  TextAreaField,
} from '@drone-exam/shared/ui/ui';
import { api, ApiRequestError, unwrap } from '../lib/api';
import { showErrorsAndFocus, useContentBase } from './hooks';
import { useRefreshContent } from './queries';
import { TagInput } from './tag-input';
import {
  FigureField,
  figureDraftOf,
  figurePayload,
  NO_FIGURE,
  type FigureDraft,
} from './figure-field';
import { QualityNotice } from '../quality/quality-notice';

type Draft = {
  question: string;
  options: string[];
  correctAnswer: number | null;
  explanation: string;
  category: QuestionCategory;
  difficulty: Difficulty;
  tags: string[];
  regulationReference: string;
  imageUrl: string;
  figure: FigureDraft;
  isActive: boolean;
};

/** Editor defaults (premium-quiz-admin-spec §3): the first category, difficulty medium. */
const EMPTY: Draft = {
  question: '',
  options: Array.from({ length: EDITOR_OPTIONS }, () => ''),
  correctAnswer: null,
  explanation: '',
  category: QUESTION_CATEGORIES[0],
  difficulty: DEFAULT_DIFFICULTY,
  tags: [],
  regulationReference: '',
  imageUrl: '',
  figure: NO_FIGURE,
  isActive: true,
};

function fromQuestion(question: AdminQuestion): Draft {
  return {
    question: question.question,
    options: Array.from({ length: EDITOR_OPTIONS }, (_, i) => question.options[i] ?? ''),
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
    category: question.category,
    difficulty: question.difficulty,
    tags: question.tags,
    regulationReference: question.regulationReference ?? '',
    imageUrl: question.imageUrl ?? '',
    figure: figureDraftOf(question.figure),
    isActive: question.isActive,
  };
}

/**
 * The editor's own checks, then the API's schema. Options A and B are required; C and D may stay
 * empty, but only at the end, so the letters learners see never skip one.
 */
function checkDraft(draft: Draft) {
  const errors: Record<string, string> = {};
  const options = draft.options.map((option) => option.trim());
  const lastFilled = options.reduce((last, option, i) => (option ? i : last), -1);
  options.forEach((option, i) => {
    if (option || i > Math.max(1, lastFilled)) return;
    errors[`options.${i}`] =
      i < 2
        ? `Option ${optionLetter(i)} is required`
        : `Fill in option ${optionLetter(i)} or clear the options after it`;
  });
  if (draft.correctAnswer === null) {
    errors.correctAnswer = 'Choose the correct answer';
  } else if (!options[draft.correctAnswer]) {
    errors.correctAnswer = 'The correct answer must be one of the filled-in options';
  }
  const checked = QuestionInputSchema.safeParse({
    question: draft.question,
    options: options.slice(0, Math.max(lastFilled + 1, 2)),
    correctAnswer: draft.correctAnswer ?? 0,
    explanation: draft.explanation,
    category: draft.category,
    difficulty: draft.difficulty,
    tags: draft.tags,
    regulationReference: draft.regulationReference.trim() || undefined,
    imageUrl: draft.imageUrl.trim() || undefined,
    figure: figurePayload(draft.figure),
    isActive: draft.isActive,
  });
  if (!checked.success) {
    for (const [field, message] of Object.entries(fieldErrors(checked.error))) {
      errors[field] ??= message;
    }
  }
  return Object.keys(errors).length === 0 && checked.success
    ? { ok: true as const, data: checked.data }
    : { ok: false as const, errors };
}

export function QuestionForm({ question }: { question?: AdminQuestion }) {
  const base = useContentBase();
  const navigate = useNavigate();
  const toast = useToast();
  const refresh = useRefreshContent();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(() => (question ? fromQuestion(question) : EMPTY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const save = useMutation({
    mutationFn: (payload: unknown) =>
      unwrap(
        api<{ question: AdminQuestion }>(
          question ? `/admin/questions/${question.id}` : '/admin/questions',
          { method: question ? 'PUT' : 'POST', body: payload },
        ),
      ),
    onSuccess: () => {
      toast.success('Question saved');
      void refresh();
      void navigate(`${base}/questions`);
    },
    onError: (error) => {
      // A field's problem is shown beside the field; anything else above the form.
      const fields = error instanceof ApiRequestError ? error.fields : undefined;
      if (fields) {
        showErrorsAndFocus(form.current, () => setErrors(fields));
      } else {
        setServerError(error.message);
      }
    },
  });

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const checked = checkDraft(draft);
    if (!checked.ok) {
      showErrorsAndFocus(form.current, () => setErrors(checked.errors));
      return;
    }
    setErrors({});
    save.mutate(checked.data);
  }

  return (
    <form ref={form} noValidate onSubmit={submit} className="space-y-6">
      {serverError && (
        <Alert tone="error" title="The question was not saved">
          {serverError}
        </Alert>
      )}
      {question && <QualityNotice question={question} />}
      {question && (
        <p className="text-sm text-slate-600">
          Version {question.version}. Saving makes a new version for future quizzes; past results
          keep the question as it was asked. A change to the options or the correct answer starts
          its item statistics afresh (those since version {question.statsSinceVersion} are kept as
          history).
        </p>
      )}
      <Card className="space-y-5">
        <TextAreaField
          label="Question"
          required
          rows={3}
          value={draft.question}
          error={errors.question}
          onChange={(event) => set('question', event.target.value)}
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Answer options</legend>
          {errors.options && <p className="mt-1 text-sm text-red-700">{errors.options}</p>}
          <div className="mt-2 space-y-3">
            {draft.options.map((option, i) => (
              <Field
                key={optionLetter(i)}
                label={`Option ${optionLetter(i)}`}
                required={i < 2}
                value={option}
                error={errors[`options.${i}`]}
                onChange={(event) =>
                  set(
                    'options',
                    draft.options.map((value, j) => (j === i ? event.target.value : value)),
                  )
                }
              />
            ))}
          </div>
        </fieldset>
        <fieldset aria-describedby={errors.correctAnswer ? 'correct-answer-error' : undefined}>
          <legend className="text-sm font-medium text-slate-800">Correct answer</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {draft.options.map((option, i) => (
              <label key={optionLetter(i)} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="correctAnswer"
                  value={i}
                  checked={draft.correctAnswer === i}
                  data-invalid={errors.correctAnswer && i === 0 ? true : undefined}
                  onChange={() => set('correctAnswer', i)}
                  className="h-4 w-4 accent-sky-700"
                />
                <span>
                  {optionLetter(i)}
                  {option.trim() && (
                    <span className="text-slate-500"> — {option.trim().slice(0, 40)}</span>
                  )}
                </span>
              </label>
            ))}
          </div>
          {errors.correctAnswer && (
            <p id="correct-answer-error" className="mt-1 text-sm text-red-700">
              {errors.correctAnswer}
            </p>
          )}
        </fieldset>
        <TextAreaField
          label="Explanation"
          rows={3}
          value={draft.explanation}
          error={errors.explanation}
          onChange={(event) => set('explanation', event.target.value)}
        />
      </Card>

      <Card>
        <FigureField
          draft={draft.figure}
          onChange={(figure) => set('figure', figure)}
          errors={errors}
        />
      </Card>

      <Card className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Category"
            value={draft.category}
            error={errors.category}
            onChange={(event) => set('category', event.target.value as QuestionCategory)}
          >
            {QUESTION_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {prettifyCategory(category, QUESTION_CATEGORIES)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Difficulty"
            value={draft.difficulty}
            error={errors.difficulty}
            onChange={(event) => set('difficulty', event.target.value as Difficulty)}
          >
            {DIFFICULTIES.map((difficulty) => (
              <option key={difficulty} value={difficulty}>
                {difficulty.charAt(0).toUpperCase() + difficulty.slice(1)}
              </option>
            ))}
          </SelectField>
        </div>
        <TagInput tags={draft.tags} onChange={(tags) => set('tags', tags)} error={errors.tags} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="Regulation reference"
            placeholder="e.g. CAR 901.25"
            value={draft.regulationReference}
            error={errors.regulationReference}
            onChange={(event) => set('regulationReference', event.target.value)}
          />
          <Field
            label="Image URL (optional)"
            type="url"
            placeholder="https://"
            value={draft.imageUrl}
            error={errors.imageUrl}
            onChange={(event) => set('imageUrl', event.target.value)}
          />
        </div>
        <label className="inline-flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={draft.isActive}
            onChange={(event) => set('isActive', event.target.checked)}
            className="h-4 w-4 accent-sky-700"
          />
          Active: used in new quizzes
        </label>
      </Card>

      <div className="flex gap-3">
        <Button type="submit" loading={save.isPending} loadingText="Saving...">
          Save Question
        </Button>
        <LinkButton variant="secondary" to={`${base}/questions`}>
          Cancel
        </LinkButton>
      </div>
    </form>
  );
}
