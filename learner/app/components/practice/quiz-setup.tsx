import { useState } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import {
  EXAM_MODE_QUESTIONS,
  EXAM_TIME_LIMIT_MINUTES,
  EXAM_TIME_LIMIT_OPTIONS_MINUTES,
  QUESTION_CATEGORIES,
  QUESTION_CATEGORY_LABELS,
  QUIZ_MODE_LABELS,
  STUDY_MODE_QUESTIONS,
  STUDY_QUESTION_COUNT_OPTIONS,
  type PracticeSource,
  type PracticeMode,
} from '@drone-exam/shared/constants';
import type { PracticePools } from '@drone-exam/shared/schemas/learning';
import { Alert, Button, Card, SelectField } from '@drone-exam/shared/ui/ui';
import { PoolChoice, usePoolCounts } from './pool-choice';
import { formObject, type FieldErrors } from '../../lib/form-data';

/** Loaded when the form is first sent: the validation library stays out of start-up JavaScript. */
const quizForms = () => import('./quiz-forms');

const MODE_DESCRIPTIONS: Record<PracticeMode, string> = {
  study: `${STUDY_MODE_QUESTIONS} questions by default, no timer. See whether you were right and why after every answer.`,
  timed: `${EXAM_MODE_QUESTIONS} questions drawn across the knowledge areas like the real exam, under a timer. Moves on by itself after each answer.`,
};

export function QuizSetup({
  categoryCounts,
  initialPools,
  serverErrors,
  serverError,
}: {
  categoryCounts: Record<string, number> | null;
  /** The pools' counts over every category, from the page's loader. */
  initialPools: PracticePools | null;
  serverErrors: FieldErrors;
  serverError: string | null;
}) {
  const [mode, setMode] = useState<PracticeMode>('study');
  const [source, setSource] = useState<PracticeSource>('all');
  const [chosen, setChosen] = useState<string[]>(() =>
    QUESTION_CATEGORIES.filter((category) => categoryCounts?.[category] !== 0),
  );
  const pools = usePoolCounts(chosen, initialPools);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const busy = useNavigation().state === 'submitting';
  const submit = useSubmit();
  const errors = clientErrors ?? serverErrors;
  const toggle = (category: string) =>
    setChosen((all) =>
      all.includes(category) ? all.filter((c) => c !== category) : [...all, category],
    );

  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">Start a quiz</h2>
      {serverError && (
        <Alert tone="error" className="mt-4">
          {serverError}
        </Alert>
      )}
      <Form
        method="post"
        noValidate
        className="mt-4 space-y-6"
        onSubmit={async (event) => {
          event.preventDefault();
          const element = event.currentTarget;
          const form = new FormData(element);
          const { CreateAttemptSchema, validateForm } = await quizForms();
          const checked = validateForm(CreateAttemptSchema, {
            ...formObject(form),
            categories: form.getAll('categories'),
          });
          setClientErrors(checked.ok ? null : checked.errors);
          if (checked.ok) await submit(element);
        }}
      >
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Mode</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {(['study', 'timed'] as const).map((value) => (
              <label
                key={value}
                className={`flex cursor-pointer gap-3 rounded-lg border p-4 ${mode === value ? 'border-sky-600 bg-sky-50 ring-1 ring-sky-600' : 'border-slate-300 hover:bg-slate-50'}`}
              >
                <input
                  type="radio"
                  name="mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                  aria-labelledby={`mode-${value}`}
                  aria-describedby={`mode-${value}-description`}
                  className="mt-1"
                />
                <span className="text-sm text-slate-600">
                  <strong
                    id={`mode-${value}`}
                    className="block text-base font-semibold text-slate-900"
                  >
                    {QUIZ_MODE_LABELS[value]}
                  </strong>
                  <span id={`mode-${value}-description`}>{MODE_DESCRIPTIONS[value]}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.mode && <p className="mt-1 text-sm text-red-700">{errors.mode}</p>}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          {mode === 'study' ? (
            <SelectField
              label="Questions"
              name="questionCount"
              defaultValue={String(STUDY_MODE_QUESTIONS)}
              error={errors.questionCount}
            >
              {STUDY_QUESTION_COUNT_OPTIONS.map((count) => (
                <option key={count} value={count}>
                  {count} questions
                </option>
              ))}
            </SelectField>
          ) : (
            <>
              <div>
                <p className="text-sm font-medium text-slate-800">Questions</p>
                <p className="mt-3 text-slate-700">{EXAM_MODE_QUESTIONS}, as in the real exam</p>
                {errors.questionCount && (
                  <p className="mt-1 text-sm text-red-700">{errors.questionCount}</p>
                )}
              </div>
              <SelectField
                label="Time limit"
                name="timeLimit"
                defaultValue={String(EXAM_TIME_LIMIT_MINUTES)}
                error={errors.timeLimit}
              >
                {EXAM_TIME_LIMIT_OPTIONS_MINUTES.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {minutes} minutes
                    {minutes === EXAM_TIME_LIMIT_MINUTES ? ' (the official time)' : ' (harder)'}
                  </option>
                ))}
              </SelectField>
            </>
          )}
        </div>

        <PoolChoice source={source} onChange={setSource} pools={pools} error={errors.source} />

        <fieldset aria-describedby={errors.categories ? 'categories-error' : undefined}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <legend className="text-sm font-medium text-slate-800">Categories</legend>
            <div className="flex gap-2 text-sm">
              <button
                type="button"
                className="font-medium text-sky-700 hover:underline"
                onClick={() =>
                  setChosen(QUESTION_CATEGORIES.filter((c) => categoryCounts?.[c] !== 0))
                }
              >
                Select all
              </button>
              <button
                type="button"
                className="font-medium text-sky-700 hover:underline"
                onClick={() => setChosen([])}
              >
                Clear
              </button>
            </div>
          </div>
          {mode === 'timed' && source === 'all' && (
            <p className="mt-1 text-sm text-slate-600">
              Each chosen category gets its share of the questions, as in the bank.
            </p>
          )}
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {QUESTION_CATEGORIES.map((category) => {
              const count = categoryCounts?.[category];
              return (
                <label
                  key={category}
                  className={`flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 ${count === 0 ? 'opacity-50' : 'cursor-pointer hover:bg-slate-50'}`}
                >
                  <span className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      name="categories"
                      value={category}
                      checked={chosen.includes(category)}
                      disabled={count === 0}
                      onChange={() => toggle(category)}
                      aria-labelledby={`category-${category}`}
                      aria-describedby={
                        count === undefined ? undefined : `category-${category}-count`
                      }
                    />
                    <span id={`category-${category}`} className="text-sm text-slate-800">
                      {QUESTION_CATEGORY_LABELS[category]}
                    </span>
                  </span>
                  {count !== undefined && (
                    <span id={`category-${category}-count`} className="text-xs text-slate-500">
                      {count} {count === 1 ? 'question' : 'questions'}
                    </span>
                  )}
                </label>
              );
            })}
          </div>
          {errors.categories && (
            <p id="categories-error" className="mt-1 text-sm text-red-700">
              {errors.categories}
            </p>
          )}
        </fieldset>

        <Button type="submit" loading={busy} loadingText="Starting…">
          Start Quiz
        </Button>
      </Form>
    </Card>
  );
}
