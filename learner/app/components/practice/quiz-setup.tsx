import { useState } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { PracticePools } from '@drone-exam/shared/schemas/learning';
import type { Exam } from '@drone-exam/shared/schemas/exam';
import type { ExamId } from '@drone-exam/shared/schemas/exam-values';
import { Alert, Button, Card, SelectField } from '@drone-exam/shared/ui/ui';
import { PoolChoice, usePoolCounts } from './pool-choice';
import { ExamChoice } from './exam-choice';
import { formObject, type FieldErrors } from '../../lib/form-data';
import { useFieldMessages } from '../../i18n/hooks';
import { STUDY_QUESTION_COUNT_OPTIONS } from './constants';
import {
  EXAM_TIME_LIMIT_OPTIONS_MINUTES,
  FIND_MODE_QUESTIONS,
  PRACTICE_MODES,
  QUESTION_CATEGORIES,
  STUDY_MODE_QUESTIONS,
  type PracticeSource,
  type PracticeMode,
} from '@drone-exam/shared/schemas/quiz-values';

/**
 * The form checks itself with the API's schema, loaded when it is first sent: the validation
 * library stays out of the page's start-up JavaScript (the page's budget).
 */
const quizForms = () => import('./quiz-forms');

/** Exam mode takes the chosen exam's own count (issue 28); the other modes these. */
const DEFAULT_COUNT: Record<Exclude<PracticeMode, 'timed'>, number> = {
  study: STUDY_MODE_QUESTIONS,
  find: FIND_MODE_QUESTIONS,
};

export function QuizSetup({
  categoryCounts,
  initialPools,
  exams,
  targetExam,
  serverErrors,
  serverError,
}: {
  /** Each exam's questions per category. */
  categoryCounts: Record<ExamId, Record<string, number>> | null;
  /** The pools' counts over every category, from the page's loader. */
  initialPools: PracticePools | null;
  /** The exams to practise (issue 28), and the learner's target, chosen first. */
  exams: Exam[];
  targetExam: ExamId;
  serverErrors: FieldErrors;
  serverError: string | null;
}) {
  const [mode, setMode] = useState<PracticeMode>('study');
  const [examId, setExamId] = useState<ExamId>(targetExam);
  const exam = exams.find((candidate) => candidate.id === examId) ?? exams[0];
  const [source, setSource] = useState<PracticeSource>('all');
  const counts = categoryCounts?.[examId] ?? null;
  const [chosen, setChosen] = useState<string[]>(() =>
    QUESTION_CATEGORIES.filter((category) => counts?.[category] !== 0),
  );
  const pools = usePoolCounts(chosen, examId, initialPools);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const { t } = useTranslation(['practice', 'common']);
  const submit = useSubmit();
  const busy = useNavigation().state === 'submitting';
  const errors = useFieldMessages(clientErrors ?? serverErrors);
  const toggle = (category: string) =>
    setChosen((all) =>
      all.includes(category) ? all.filter((c) => c !== category) : [...all, category],
    );

  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">{t('setup.title')}</h2>
      {serverError && (
        <Alert tone="error" className="mt-4">
          {serverError}
        </Alert>
      )}
      <Form
        method="post"
        noValidate
        className="mt-4 space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          const element = event.currentTarget;
          const form = new FormData(element);
          void quizForms().then(({ CreateAttemptSchema, validateForm }) => {
            const checked = validateForm(CreateAttemptSchema, {
              ...formObject(form),
              categories: form.getAll('categories'),
            });
            if (!checked.ok) return setClientErrors(checked.errors);
            setClientErrors(null);
            void submit(element);
          });
        }}
      >
        <ExamChoice exams={exams} value={examId} onChange={setExamId} error={errors.exam} />

        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('setup.mode')}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-3">
            {PRACTICE_MODES.map((value) => (
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
                    {t(`common:modes.${value}`)}
                  </strong>
                  <span id={`mode-${value}-description`}>
                    {t(`setup.modeDescriptions.${value}`, {
                      count: value === 'timed' ? (exam?.questionCount ?? 0) : DEFAULT_COUNT[value],
                    })}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.mode && <p className="mt-1 text-sm text-red-700">{errors.mode}</p>}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          {mode !== 'timed' ? (
            <SelectField
              key={mode}
              label={t('setup.questions')}
              name="questionCount"
              defaultValue={String(DEFAULT_COUNT[mode])}
              error={errors.questionCount}
            >
              {STUDY_QUESTION_COUNT_OPTIONS.map((count) => (
                <option key={count} value={count}>
                  {t('setup.questionCount', { count })}
                </option>
              ))}
            </SelectField>
          ) : (
            <>
              <div>
                <p className="text-sm font-medium text-slate-800">{t('setup.questions')}</p>
                <p className="mt-3 text-slate-700">
                  {t('setup.examQuestions', { count: exam?.questionCount ?? 0 })}
                </p>
                {errors.questionCount && (
                  <p className="mt-1 text-sm text-red-700">{errors.questionCount}</p>
                )}
              </div>
              {/* The exam's own time is sent blank: the API takes the exam's current figure. */}
              <SelectField
                key={examId}
                label={t('setup.timeLimit')}
                name="timeLimit"
                defaultValue=""
                error={errors.timeLimit}
              >
                <option value="">
                  {t('setup.examTime', { count: exam?.timeLimitMinutes ?? 0 })}
                </option>
                {EXAM_TIME_LIMIT_OPTIONS_MINUTES.filter(
                  (minutes) => minutes < (exam?.timeLimitMinutes ?? 0),
                ).map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {t('setup.harderTime', { count: minutes })}
                  </option>
                ))}
              </SelectField>
              {exam && (
                <p className="text-sm text-slate-600 sm:col-span-2" data-testid="exam-source-note">
                  {t('setup.examSource', { note: exam.sourceNote })}
                </p>
              )}
            </>
          )}
        </div>

        {/* Find it draws from the whole bank: the questions that name where they are taught. */}
        {mode !== 'find' && (
          <PoolChoice source={source} onChange={setSource} pools={pools} error={errors.source} />
        )}

        <fieldset aria-describedby={errors.categories ? 'categories-error' : undefined}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <legend className="text-sm font-medium text-slate-800">{t('setup.categories')}</legend>
            <div className="flex gap-2 text-sm">
              <button
                type="button"
                className="font-medium text-sky-700 hover:underline"
                onClick={() => setChosen(QUESTION_CATEGORIES.filter((c) => counts?.[c] !== 0))}
              >
                {t('setup.selectAll')}
              </button>
              <button
                type="button"
                className="font-medium text-sky-700 hover:underline"
                onClick={() => setChosen([])}
              >
                {t('setup.clear')}
              </button>
            </div>
          </div>
          {mode === 'timed' && source === 'all' && (
            <p className="mt-1 text-sm text-slate-600">{t('setup.shares')}</p>
          )}
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {QUESTION_CATEGORIES.map((category) => {
              const count = counts?.[category];
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
                      {t(`common:categories.${category}`)}
                    </span>
                  </span>
                  {count !== undefined && (
                    <span id={`category-${category}-count`} className="text-xs text-slate-500">
                      {t('setup.questionCount', { count })}
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

        <Button type="submit" loading={busy} loadingText={t('setup.starting')}>
          {t('setup.start')}
        </Button>
      </Form>
    </Card>
  );
}
