import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TEST_EMAIL_FAILED, TestEmailSchema, fieldErrors } from '@drone-exam/shared';
import { LOCALE_NAMES, LOCALES } from '@drone-exam/shared/i18n';
import { Button, Field, SelectField } from '@drone-exam/shared/ui/ui';
import { api, ApiRequestError, refreshAfterWrite, unwrap } from '../lib/api';
import { Panel } from '../components/admin-ui';
import { reason, TEMPLATE_LABEL, type Say } from './email-data';
import { TEST_EMAIL_DEFAULTS } from './constants';
import { EMAIL_TEMPLATES, type EmailTemplate } from '@drone-exam/shared/schemas/admin-values';

export function TestEmailForm({ say }: { say: Say }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    to: '',
    templateType: TEST_EMAIL_DEFAULTS.templateType as EmailTemplate,
    firstName: '',
    planName: TEST_EMAIL_DEFAULTS.planName as string,
    amount: String(TEST_EMAIL_DEFAULTS.amount),
    daysRemaining: String(TEST_EMAIL_DEFAULTS.daysRemaining),
    locale: 'en',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (payload: unknown) =>
      unwrap(api('/admin/email/test', { method: 'POST', body: payload })),
    onSuccess: ({ message }) => {
      say('success', message);
      return refreshAfterWrite(queryClient, { queryKey: ['admin', 'email', 'log'] });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.fields) setErrors(error.fields);
      say('error', reason(error, TEST_EMAIL_FAILED));
    },
  });
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = {
      to: form.to,
      templateType: form.templateType,
      testData: {
        ...(form.firstName.trim() ? { firstName: form.firstName } : {}),
        ...(form.planName.trim() ? { planName: form.planName } : {}),
        ...(form.amount.trim() ? { amount: form.amount } : {}),
        ...(form.daysRemaining.trim() ? { daysRemaining: form.daysRemaining } : {}),
      },
      locale: form.locale,
    };
    const parsed = TestEmailSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  };

  return (
    <Panel title="Send Test Email">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          label="Email address"
          type="email"
          required
          autoComplete="off"
          value={form.to}
          onChange={set('to')}
          error={errors.to}
        />
        <SelectField
          label="Template"
          value={form.templateType}
          onChange={set('templateType')}
          error={errors.templateType}
        >
          {EMAIL_TEMPLATES.map((template) => (
            <option key={template} value={template}>
              {TEMPLATE_LABEL[template]}
            </option>
          ))}
        </SelectField>
        {/* Learners get their emails in their account's language: preview either. */}
        <SelectField
          label="Language"
          value={form.locale}
          onChange={set('locale')}
          error={errors.locale}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            value={form.firstName}
            onChange={set('firstName')}
            placeholder="Pilot"
            error={errors['testData.firstName']}
          />
          <Field
            label="Plan name"
            value={form.planName}
            onChange={set('planName')}
            error={errors['testData.planName']}
          />
          <Field
            label="Amount (CA$)"
            inputMode="decimal"
            value={form.amount}
            onChange={set('amount')}
            error={errors['testData.amount']}
          />
          <Field
            label="Days remaining"
            inputMode="numeric"
            value={form.daysRemaining}
            onChange={set('daysRemaining')}
            error={errors['testData.daysRemaining']}
          />
        </div>
        <Button
          type="submit"
          disabled={!form.to.trim()}
          loading={send.isPending}
          loadingText="Sending…"
        >
          Send Test Email
        </Button>
      </form>
    </Panel>
  );
}
