import { useEffect, useRef, useState } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/forgot-password';
import {
  ForgotPasswordSchema,
  GENERIC_RETRY,
  RESET_EMAIL_FAILED,
  RESET_EMAIL_SENT,
} from '@drone-exam/shared';
import { Alert, Button, Card, Container, Field } from '@drone-exam/shared/ui/ui';
import { useToast } from '@drone-exam/shared/ui/toast';
import { serverApi } from '../lib/api.server';
import { validateForm } from '../lib/forms';
import { formObject, type FieldErrors } from '../lib/form-data';
import { metaFromLoader } from '../lib/meta';
import { Link, LinkButton } from '../components/links';
import { useMessage } from '../i18n/hooks';
import { pageMessages, serverT } from '../i18n/i18n.server';

export const meta = metaFromLoader;

export function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context, 'auth');
  return {
    meta: { title: t('forgot.meta'), description: t('forgot.description') },
    i18n: pageMessages(context, ['auth']),
  };
}

type ForgotResult =
  | { ok: true; email: string; message: string }
  | { ok: false; error?: string; errors?: FieldErrors; email: string };

export async function action({ request, context }: Route.ActionArgs): Promise<ForgotResult> {
  const values = formObject(await request.formData());
  const email = typeof values.email === 'string' ? values.email : '';
  const checked = validateForm(ForgotPasswordSchema, values);
  if (!checked.ok) return { ok: false, errors: checked.errors, email };
  const { api } = serverApi(context, request);
  const result = await api('/auth/forgot-password', { method: 'POST', body: checked.data });
  if (result.success) return { ok: true, email: checked.data.email, message: RESET_EMAIL_SENT };
  const error =
    result.code === 'NETWORK_ERROR' ? GENERIC_RETRY : result.error || RESET_EMAIL_FAILED;
  return { ok: false, error, errors: result.fields, email };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation('auth');
  const message = useMessage();
  const toast = useToast();
  const submit = useSubmit();
  const busy = useNavigation().state === 'submitting';
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  // "Send Another Email" returns to the form while the last answer is still in actionData.
  const [dismissed, setDismissed] = useState<unknown>(null);
  const answer = actionData && actionData !== dismissed ? actionData : null;
  const sent = answer?.ok ? answer : null;
  const failed = answer && !answer.ok ? answer : null;
  const errors = Object.fromEntries(
    Object.entries(clientErrors ?? failed?.errors ?? {}).map(([key, text]) => [key, message(text)]),
  );
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!actionData?.ok) return;
    // The message comes with the answer: the schemas' module stays off the page's start.
    toast.success(message(actionData.message));
    heading.current?.focus();
  }, [actionData, toast, message]);

  if (sent) {
    return (
      <Container className="max-w-md">
        <Card>
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900">
            {t('forgot.sentTitle')}
          </h1>
          <p className="mt-4 text-slate-700">
            {t('forgot.sentBefore')}
            <strong className="break-all">{sent.email}</strong>
            {t('forgot.sentAfter')}
          </p>
          <Alert tone="info" className="mt-4">
            {t('forgot.expiry')}
          </Alert>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Button variant="secondary" onClick={() => setDismissed(actionData)}>
              {t('forgot.sendAnother')}
            </Button>
            <LinkButton to="/login">{t('backToLogin')}</LinkButton>
          </div>
        </Card>
      </Container>
    );
  }

  return (
    <Container className="max-w-md">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('forgot.title')}</h1>
      <p className="mt-2 text-slate-600">{t('forgot.intro')}</p>
      <Card className="mt-6">
        {failed?.error && (
          <Alert tone="error" className="mb-6">
            {message(failed.error)}
          </Alert>
        )}
        <Form
          method="post"
          noValidate
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            const form = event.currentTarget;
            // The schema loads on the first submit, keeping zod off the page's start.
            void import('../components/auth/forgot-password-check').then((check) => {
              const checked = check.checkForgotPassword(formObject(new FormData(form)));
              if (checked.ok) {
                setClientErrors(null);
                void submit(form);
                return;
              }
              const email = form.elements.namedItem('email') as HTMLInputElement;
              email.focus();
              // learner-spec §5: an empty address is a toast; a malformed one is shown by the field.
              if (!email.value.trim()) {
                setClientErrors(null);
                toast.error(message(check.FORGOT_PASSWORD_EMPTY));
              } else {
                setClientErrors(checked.errors);
              }
            });
          }}
        >
          <Field
            label={t('fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={answer?.email ?? ''}
            error={errors.email}
            required
          />
          <Button type="submit" className="w-full" loading={busy} loadingText={t('sending')}>
            {t('forgot.submit')}
          </Button>
        </Form>
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className="font-semibold text-sky-700 hover:underline">
            {t('backToLogin')}
          </Link>
        </p>
      </Card>
    </Container>
  );
}
