import { useFetcher } from 'react-router';
import { Alert, Button, Field } from '@drone-exam/shared/ui/ui';
import { useLazyFormValidation } from '../../lib/lazy-form';
import type { LearningResult } from '../../routes/learning';
import { TimeZoneField } from './time-zone';

/**
 * Sets, changes or clears the exam date (the dashboard's review card and the account page): the
 * same schema as the API checks the field in the browser, and the API's answer shows beside it.
 */
export function ExamDateForm({
  examDate,
  idPrefix,
}: {
  examDate: string | null;
  idPrefix: string;
}) {
  const fetcher = useFetcher<LearningResult>();
  const result =
    fetcher.data?.intent === 'exam' || fetcher.data?.intent === 'clear-exam' ? fetcher.data : null;
  const failed = result && !result.ok ? result : null;
  // The dashboard shows this form: its schema loads on first use, keeping zod off the page's start.
  const { errors, check } = useLazyFormValidation(
    () => import('./learning-forms').then((m) => m.checkExamPlan),
    failed?.errors,
    (form) => void fetcher.submit(form),
  );
  const pending = fetcher.state !== 'idle' ? fetcher.formData?.get('intent') : null;
  return (
    <div className="space-y-3">
      <fetcher.Form
        method="post"
        action="/learning"
        noValidate
        onSubmit={check}
        className="space-y-3"
      >
        <input type="hidden" name="intent" value="exam" />
        <TimeZoneField />
        <Field
          id={`${idPrefix}-exam-date`}
          label="Exam date"
          name="examDate"
          type="date"
          defaultValue={examDate ?? ''}
          error={errors.examDate}
          hint="From tomorrow on. No review is scheduled after it."
          required
        />
        <Button
          type="submit"
          loading={pending === 'exam'}
          loadingText="Saving…"
          disabled={pending !== null && pending !== undefined}
        >
          {examDate ? 'Change exam date' : 'Set exam date'}
        </Button>
      </fetcher.Form>
      {examDate && (
        <fetcher.Form method="post" action="/learning">
          <input type="hidden" name="intent" value="clear-exam" />
          <Button
            type="submit"
            variant="ghost"
            loading={pending === 'clear-exam'}
            loadingText="Clearing…"
          >
            Clear exam date
          </Button>
        </fetcher.Form>
      )}
      <div aria-live="polite">
        {result?.ok && <Alert tone="success">{result.message}</Alert>}
        {failed?.error && !failed.errors?.examDate && <Alert tone="error">{failed.error}</Alert>}
      </div>
    </div>
  );
}
