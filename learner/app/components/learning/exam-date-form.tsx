import { useTranslation } from '../../i18n/react';
import { useLearningResult } from './use-learning-result';
import { Alert, Button, Field } from '@drone-exam/shared/ui/ui';
import { useLazyFormValidation } from '../../lib/lazy-form';
import { TimeZoneField } from './time-zone';
import { useMessage } from '../../i18n/hooks';

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
  const { t } = useTranslation('learning');
  const message = useMessage();
  const { fetcher, action, result, failed } = useLearningResult(['exam', 'clear-exam']);
  // The dashboard shows this form: its schema loads on first use, keeping zod off the page's start.
  const { errors, check, prepare } = useLazyFormValidation(
    () => import('./learning-forms').then((m) => m.checkExamPlan),
    failed?.errors,
    (form) => void fetcher.submit(form),
  );
  const pending = fetcher.state !== 'idle' ? fetcher.formData?.get('intent') : null;
  return (
    <div className="space-y-3">
      <fetcher.Form
        method="post"
        action={action}
        noValidate
        onSubmit={check}
        onFocus={prepare}
        className="space-y-3"
      >
        <input type="hidden" name="intent" value="exam" />
        <TimeZoneField />
        <Field
          id={`${idPrefix}-exam-date`}
          label={t('exam.label')}
          name="examDate"
          type="date"
          defaultValue={failed?.sent?.examDate ?? examDate ?? ''}
          error={errors.examDate}
          hint={t('exam.hint')}
          required
        />
        <Button
          type="submit"
          loading={pending === 'exam'}
          loadingText={t('saving')}
          disabled={pending !== null && pending !== undefined}
        >
          {examDate ? t('exam.change') : t('exam.set')}
        </Button>
      </fetcher.Form>
      {examDate && (
        <fetcher.Form method="post" action={action}>
          <input type="hidden" name="intent" value="clear-exam" />
          <Button
            type="submit"
            variant="ghost"
            loading={pending === 'clear-exam'}
            loadingText={t('exam.clearing')}
          >
            {t('exam.clear')}
          </Button>
        </fetcher.Form>
      )}
      <div aria-live="polite">
        {result?.ok && <Alert tone="success">{result.message}</Alert>}
        {failed?.error && !failed.errors?.examDate && (
          <Alert tone="error">{message(failed.error)}</Alert>
        )}
      </div>
    </div>
  );
}
