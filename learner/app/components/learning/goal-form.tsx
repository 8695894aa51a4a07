import { useTranslation } from '../../i18n/react';
import { DAILY_GOAL_MAX, DAILY_GOAL_MIN } from '@drone-exam/shared/schemas/learning-values';
import { Alert, Button, Field } from '@drone-exam/shared/ui/ui';
import { useLazyFormValidation } from '../../lib/lazy-form';
import { useLearningResult } from './use-learning-result';
import { TimeZoneField } from './time-zone';
import { useMessage } from '../../i18n/hooks';

/**
 * Sets the daily goal (the dashboard's daily goal card and the account page), with the browser's
 * time zone so the learner's days are their own; the API's answer shows beside the field.
 */
export function GoalForm({ goal, idPrefix }: { goal: number; idPrefix: string }) {
  const { t } = useTranslation('learning');
  const message = useMessage();
  const { fetcher, action, result, failed } = useLearningResult(['goal']);
  // On the dashboard: the schema loads on first use, keeping zod off the page's start.
  const { errors, check, prepare } = useLazyFormValidation(
    () => import('./learning-forms').then((m) => m.checkDailyGoal),
    failed?.errors,
    (form) => void fetcher.submit(form),
  );
  return (
    <div className="space-y-3">
      <fetcher.Form
        method="post"
        action={action}
        noValidate
        onSubmit={check}
        onFocus={prepare}
        className="flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="intent" value="goal" />
        <TimeZoneField />
        <Field
          id={`${idPrefix}-daily-goal`}
          label={t('goal.label')}
          name="dailyQuestions"
          type="number"
          inputMode="numeric"
          min={DAILY_GOAL_MIN}
          max={DAILY_GOAL_MAX}
          defaultValue={failed?.sent?.dailyQuestions ?? goal}
          error={errors.dailyQuestions}
          hint={t('goal.hint', { min: DAILY_GOAL_MIN, max: DAILY_GOAL_MAX })}
          className="w-48"
          required
        />
        <Button type="submit" loading={fetcher.state !== 'idle'} loadingText={t('saving')}>
          {t('goal.save')}
        </Button>
      </fetcher.Form>
      <div aria-live="polite">
        {result?.ok && <Alert tone="success">{result.message}</Alert>}
        {failed?.error && !failed.errors?.dailyQuestions && (
          <Alert tone="error">{message(failed.error)}</Alert>
        )}
      </div>
    </div>
  );
}
