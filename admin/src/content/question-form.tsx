import type { AdminQuestion } from '@drone-exam/shared/schemas/content';

import { optionLetter, prettifyCategory } from '@drone-exam/shared/text';
import {
  Alert,
  Button,
  Card,
  Field,
  LinkButton,
  SelectField,
  TextAreaField,
} from '@drone-exam/shared/ui/ui';
import { api, unwrap } from '../lib/api';
import { useContentBase, useEditorForm } from './hooks';
import { TagInput } from './tag-input';
import { ExamCheckboxes } from './exam-checkboxes';
import { FigureField } from './figure-field';
import { LearnMoreFields } from './learn-more-fields';
import { checkDraft, EMPTY, fromQuestion, type Draft } from './question-draft';
import { QualityNotice } from '../quality/quality-notice';
import {
  DIFFICULTIES,
  QUESTION_CATEGORIES,
  type Difficulty,
  type QuestionCategory,
} from '@drone-exam/shared/schemas/quiz-values';

export function QuestionForm({ question }: { question?: AdminQuestion }) {
  const base = useContentBase();
  const { draft, set, form, errors, serverError, save, submit } = useEditorForm({
    initial: (): Draft => (question ? fromQuestion(question) : EMPTY),
    send: (payload) =>
      unwrap(
        api(question ? `/admin/questions/${question.id}` : '/admin/questions', {
          method: question ? 'PUT' : 'POST',
          body: payload,
        }),
      ),
    savedMessage: () => 'Question saved',
    listPath: `${base}/questions`,
  });

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => submit(event, () => checkDraft(draft))}
      className="space-y-6"
    >
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
          <div className="mt-2 space-y-4">
            {draft.options.map((option, i) => (
              <div key={optionLetter(i)} className="space-y-2">
                <Field
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
                <TextAreaField
                  label={`Why option ${optionLetter(i)} is right or wrong`}
                  rows={2}
                  value={draft.optionExplanations[i] ?? ''}
                  error={
                    errors[`optionExplanations.${i}`] ??
                    (i === 0 ? errors.optionExplanations : undefined)
                  }
                  onChange={(event) =>
                    set(
                      'optionExplanations',
                      draft.optionExplanations.map((value, j) =>
                        j === i ? event.target.value : value,
                      ),
                    )
                  }
                />
              </div>
            ))}
          </div>
          <p className="mt-2 text-sm text-slate-600">
            Learners see each option's explanation after answering. Write one for every option, or
            leave them all empty.
          </p>
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
        <LearnMoreFields
          module={draft.learnMoreModule}
          section={draft.learnMoreSection}
          onModuleChange={(value) => set('learnMoreModule', value)}
          onSectionChange={(value) => set('learnMoreSection', value)}
          errors={errors}
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
        <ExamCheckboxes
          value={draft.exams}
          onChange={(exams) => set('exams', exams)}
          error={errors.exams}
        />
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
