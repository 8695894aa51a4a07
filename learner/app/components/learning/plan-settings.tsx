import { useTranslation } from '../../i18n/react';
import type { DailyGoal, LearningPlan } from '@drone-exam/shared/schemas/learning';
import { Alert, Button, Card, CheckboxField, Field } from '@drone-exam/shared/ui/ui';
import { useLazyFormValidation } from '../../lib/lazy-form';
import { useLearningResult } from './use-learning-result';
import { ExamDateForm } from './exam-date-form';
import { GoalForm } from './goal-form';
import { PhoneRemindersLater } from './phone-reminders-later';
import { usePlanText } from './format';
import { useMessage } from '../../i18n/hooks';
import { TimeZoneField } from './time-zone';

/** The account's plan: exam date, certificate (recency) date, reminder emails and daily goal. */
export function PlanSettings({
  plan,
  goal,
}: {
  plan: LearningPlan | null;
  goal: DailyGoal | null;
}) {
  const { t } = useTranslation('learning');
  const text = usePlanText();
  return (
    <section aria-labelledby="plan-heading" className="mt-6">
      <Card>
        <h2 id="plan-heading" className="text-lg font-semibold text-slate-900">
          {t('plan.title')}
        </h2>
        {!plan ? (
          <Alert tone="error" className="mt-4">
            {t('plan.failed')}
          </Alert>
        ) : (
          <div className="mt-4 grid gap-6 lg:grid-cols-3">
            <div>
              <h3 className="text-sm font-semibold text-slate-900">{t('plan.examTitle')}</h3>
              <p className="mt-1 mb-3 text-sm text-slate-600">
                {plan.examDate && plan.daysToExam !== null
                  ? t('plan.examSet', {
                      date: text.longDate(plan.examDate),
                      countdown: text.countdown(plan.daysToExam),
                    })
                  : t('plan.examNone')}
              </p>
              <ExamDateForm examDate={plan.examDate} idPrefix="account" />
            </div>
            <CertificateDate plan={plan} />
            <Reminders plan={plan} />
          </div>
        )}
        {goal && (
          <div className="mt-6 border-t border-slate-200 pt-4">
            <h3 className="text-sm font-semibold text-slate-900">{t('goal.title')}</h3>
            <div className="mt-3">
              <GoalForm goal={goal.dailyQuestions} idPrefix="account" />
            </div>
          </div>
        )}
        {/* The reminders' own "Settings" action opens /account#reminders. */}
        <div id="reminders" className="mt-6 border-t border-slate-200 pt-4">
          <PhoneRemindersLater idPrefix="account" />
        </div>
      </Card>
    </section>
  );
}

function CertificateDate({ plan }: { plan: LearningPlan }) {
  const { t } = useTranslation('learning');
  const text = usePlanText();
  const message = useMessage();
  const { fetcher, action, result, failed } = useLearningResult([
    'certificate',
    'clear-certificate',
  ]);
  const { errors, check, prepare } = useLazyFormValidation(
    () => import('./learning-forms').then((m) => m.checkCertificateDate),
    failed?.errors,
    (form) => void fetcher.submit(form),
  );
  const pending = fetcher.state !== 'idle' ? fetcher.formData?.get('intent') : null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{t('plan.currentTitle')}</h3>
      <p className="mt-1 mb-3 text-sm text-slate-600" data-testid="recency-line">
        {text.recencyLine(plan)}
      </p>
      <fetcher.Form
        method="post"
        action={action}
        noValidate
        onSubmit={check}
        onFocus={prepare}
        className="space-y-3"
      >
        <input type="hidden" name="intent" value="certificate" />
        <TimeZoneField />
        <Field
          label={t('plan.certificateLabel')}
          name="certificateDate"
          type="date"
          defaultValue={failed?.sent?.certificateDate ?? plan.certificateDate ?? ''}
          error={errors.certificateDate}
          hint={t('plan.certificateHint')}
          required
        />
        <Button type="submit" loading={pending === 'certificate'} loadingText={t('saving')}>
          {t('plan.saveDate')}
        </Button>
      </fetcher.Form>
      {plan.certificateDate && (
        <fetcher.Form method="post" action={action} className="mt-2">
          <input type="hidden" name="intent" value="clear-certificate" />
          <Button type="submit" variant="ghost" loading={pending === 'clear-certificate'}>
            {t('plan.clearDate')}
          </Button>
        </fetcher.Form>
      )}
      <div aria-live="polite" className="mt-2">
        {result?.ok && <Alert tone="success">{result.message}</Alert>}
        {failed?.error && !failed.errors?.certificateDate && (
          <Alert tone="error">{message(failed.error)}</Alert>
        )}
      </div>
    </div>
  );
}

function Reminders({ plan }: { plan: LearningPlan }) {
  const { t } = useTranslation('learning');
  const message = useMessage();
  const { fetcher, action, result, failed } = useLearningResult(['reminders']);
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{t('plan.remindersTitle')}</h3>
      <fetcher.Form method="post" action={action} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="reminders" />
        <TimeZoneField />
        <CheckboxField
          name="reviewEmails"
          defaultChecked={plan.reviewEmails}
          label={t('plan.reviewEmails')}
        />
        <CheckboxField
          name="recencyEmails"
          defaultChecked={plan.recencyEmails}
          label={t('plan.recencyEmails')}
        />
        <CheckboxField
          name="weeklyEmails"
          defaultChecked={plan.weeklyEmails}
          label={t('plan.weeklyEmails')}
        />
        <Button type="submit" loading={fetcher.state !== 'idle'} loadingText={t('saving')}>
          {t('plan.saveReminders')}
        </Button>
      </fetcher.Form>
      <div aria-live="polite" className="mt-2">
        {result?.ok && <Alert tone="success">{result.message}</Alert>}
        {failed?.error && <Alert tone="error">{message(failed.error)}</Alert>}
      </div>
    </div>
  );
}
