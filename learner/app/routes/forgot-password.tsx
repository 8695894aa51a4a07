import { Form } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/forgot-password';
import { FORGOT_PASSWORD_EMPTY } from '@drone-exam/shared/auth-messages';
import {
  ForgotPasswordSchema,
  GENERIC_RETRY,
  RESET_EMAIL_FAILED,
  RESET_EMAIL_SENT,
} from '@drone-exam/shared';
import { Alert, Button, Card, Container, Field } from '@drone-exam/shared/ui/ui';
import { serverApi } from '../lib/api.server';
import { validateForm } from '../lib/forms';
import { formObject, type FieldErrors } from '../lib/form-data';
import { metaFromLoader } from '../lib/meta';
import { Link, LinkButton } from '../components/links';
import { useMessage } from '../i18n/hooks';
import { pageMessages, serverT } from '../i18n/i18n.server';
import { ArrivalToast } from '../components/arrival-toast';
import { staticPage } from '../root';

export const meta = metaFromLoader;

/**
 * A plain form post: the server checks the address with the same schema and answers with the
 * page, its toast included (learner-spec §5), so the page ships no script (issue 27).
 */
export const handle = staticPage;

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
  const sent = actionData?.ok ? actionData : null;
  const failed = actionData && !actionData.ok ? actionData : null;
  // learner-spec §5: an empty address is a toast; a malformed one is shown by the field.
  const empty = failed?.errors?.email === FORGOT_PASSWORD_EMPTY;
  const emailError = failed?.errors?.email && !empty ? message(failed.errors.email) : undefined;

  if (sent) {
    return (
      <Container className="max-w-md">
        <ArrivalToast tone="success" message={message(sent.message)} />
        <Card>
          <h1 autoFocus tabIndex={-1} className="text-2xl font-bold text-slate-900">
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
            {/* Back to an empty form: the page itself, asked for afresh. */}
            <Form method="get">
              <Button type="submit" variant="secondary" className="w-full">
                {t('forgot.sendAnother')}
              </Button>
            </Form>
            <LinkButton to="/login">{t('backToLogin')}</LinkButton>
          </div>
        </Card>
      </Container>
    );
  }

  return (
    <Container className="max-w-md">
      {empty && <ArrivalToast tone="error" message={message(FORGOT_PASSWORD_EMPTY)} />}
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('forgot.title')}</h1>
      <p className="mt-2 text-slate-600">{t('forgot.intro')}</p>
      <Card className="mt-6">
        {failed?.error && (
          <Alert tone="error" className="mb-6">
            {message(failed.error)}
          </Alert>
        )}
        <Form method="post" noValidate className="space-y-5">
          <Field
            label={t('fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={failed?.email ?? ''}
            error={emailError}
            autoFocus={Boolean(failed?.errors?.email)}
            required
          />
          <Button type="submit" className="w-full">
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
