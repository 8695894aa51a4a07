import { useFetcher } from 'react-router';
import type { LearningPlan } from '@drone-exam/shared/schemas/learning';
import { CertificateDateSchema } from '@drone-exam/shared/schemas/learning';
import { Alert, Button, Card, CheckboxField, Field } from '@drone-exam/shared/ui/ui';
import { useFormValidation } from '../../lib/forms';
import type { LearningIntent, LearningResult } from '../../routes/learning';
import { ExamDateForm } from './exam-date-form';
import { countdown, longDate, recencyLine } from './format';
import { TimeZoneField } from './time-zone';

/** The account's plan: exam date, certificate (recency) date and reminder emails. */
export function PlanSettings({ plan }: { plan: LearningPlan | null }) {
  return (
    <section aria-labelledby="plan-heading" className="mt-6">
      <Card>
        <h2 id="plan-heading" className="text-lg font-semibold text-slate-900">
          Exam, recency and reminders
        </h2>
        {!plan ? (
          <Alert tone="error" className="mt-4">
            Your plan could not be loaded just now. Refresh the page to try again.
          </Alert>
        ) : (
          <div className="mt-4 grid gap-6 lg:grid-cols-3">
            <div>
              <h3 className="text-sm font-semibold text-slate-900">Exam date</h3>
              <p className="mt-1 mb-3 text-sm text-slate-600">
                {plan.examDate && plan.daysToExam !== null
                  ? `${longDate(plan.examDate)}: ${countdown(plan.daysToExam)}.`
                  : 'Reviews are planned to land before it.'}
              </p>
              <ExamDateForm examDate={plan.examDate} idPrefix="account" />
            </div>
            <CertificateDate plan={plan} />
            <Reminders plan={plan} />
          </div>
        )}
      </Card>
    </section>
  );
}

function useResult(intents: LearningIntent[]) {
  const fetcher = useFetcher<LearningResult>();
  const result = fetcher.data && intents.includes(fetcher.data.intent) ? fetcher.data : null;
  return { fetcher, result, failed: result && !result.ok ? result : null };
}

function CertificateDate({ plan }: { plan: LearningPlan }) {
  const { fetcher, result, failed } = useResult(['certificate', 'clear-certificate']);
  const { errors, check } = useFormValidation(CertificateDateSchema, failed?.errors);
  const pending = fetcher.state !== 'idle' ? fetcher.formData?.get('intent') : null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Staying current</h3>
      <p className="mt-1 mb-3 text-sm text-slate-600" data-testid="recency-line">
        {recencyLine(plan)}
      </p>
      <fetcher.Form
        method="post"
        action="/learning"
        noValidate
        onSubmit={check}
        className="space-y-3"
      >
        <input type="hidden" name="intent" value="certificate" />
        <TimeZoneField />
        <Field
          label="Certificate issued or last recency activity"
          name="certificateDate"
          type="date"
          defaultValue={plan.certificateDate ?? ''}
          error={errors.certificateDate}
          hint="We remind you 60 and 14 days before recency runs out."
          required
        />
        <Button type="submit" loading={pending === 'certificate'} loadingText="Saving…">
          Save date
        </Button>
      </fetcher.Form>
      {plan.certificateDate && (
        <fetcher.Form method="post" action="/learning" className="mt-2">
          <input type="hidden" name="intent" value="clear-certificate" />
          <Button type="submit" variant="ghost" loading={pending === 'clear-certificate'}>
            Clear date
          </Button>
        </fetcher.Form>
      )}
      <div aria-live="polite" className="mt-2">
        {result?.ok && <Alert tone="success">{result.message}</Alert>}
        {failed?.error && !failed.errors?.certificateDate && (
          <Alert tone="error">{failed.error}</Alert>
        )}
      </div>
    </div>
  );
}

function Reminders({ plan }: { plan: LearningPlan }) {
  const { fetcher, result, failed } = useResult(['reminders']);
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Reminder emails</h3>
      <fetcher.Form method="post" action="/learning" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="reminders" />
        <TimeZoneField />
        <CheckboxField
          name="reviewEmails"
          defaultChecked={plan.reviewEmails}
          label="A daily email on days with review cards due (while premium is active)"
        />
        <CheckboxField
          name="recencyEmails"
          defaultChecked={plan.recencyEmails}
          label="Recency reminders 60 and 14 days before my recency date"
        />
        <Button type="submit" loading={fetcher.state !== 'idle'} loadingText="Saving…">
          Save reminders
        </Button>
      </fetcher.Form>
      <div aria-live="polite" className="mt-2">
        {result?.ok && <Alert tone="success">{result.message}</Alert>}
        {failed?.error && <Alert tone="error">{failed.error}</Alert>}
      </div>
    </div>
  );
}
