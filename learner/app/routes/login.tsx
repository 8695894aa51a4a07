import { Form, redirect } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/login';
import { LoginSchema } from '@drone-exam/shared';
import {
  EMAIL_NOT_VERIFIED_MESSAGE,
  LOGIN_FAILED,
  VERIFICATION_SEND_FAILED,
  VERIFICATION_SENT,
} from '@drone-exam/shared/auth-messages';
import { Alert, Button, Card, CheckboxField, Container, Field } from '@drone-exam/shared/ui/ui';
import { userContext } from '../context';
import { cookieHeaders, serverApi } from '../lib/api.server';
import { validateForm } from '../lib/forms';
import { formObject, type FieldErrors } from '../lib/form-data';
import { metaFromLoader } from '../lib/meta';
import { Link } from '../components/links';
import { useFieldMessages, useMessage } from '../i18n/hooks';
import { pageMessages, serverT } from '../i18n/i18n.server';
import { safeRedirect } from '../lib/redirects';
import { PasswordField, PasswordToggleScript } from '../components/password-field';
import { staticPage } from '../root';
import { BotCheck } from '../components/turnstile';

export const meta = metaFromLoader;

/**
 * Plain form posts the action answers with the page (field messages, the verification panel, the
 * resend's answer): no React in the browser; the Show/Hide switch is a few inline lines.
 */
export const handle = staticPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), url.origin);
  if (context.get(userContext)) throw redirect(redirectTo);
  const t = serverT(context, 'auth');
  return {
    redirectTo,
    meta: { title: t('login.title'), description: t('login.description') },
    i18n: pageMessages(context, ['auth']),
  };
}

type LoginResult =
  | { intent: 'login'; error?: string; errors?: FieldErrors; email: string; unverified?: boolean }
  | { intent: 'resend'; ok: boolean; message: string; email: string };

export async function action({ request, context }: Route.ActionArgs): Promise<LoginResult> {
  const form = await request.formData();
  const { api, setCookies } = serverApi(context, request);

  if (form.get('intent') === 'resend') {
    const email = String(form.get('email') ?? '');
    const result = await api('/auth/resend-verification', { method: 'POST', body: { email } });
    return result.success
      ? { intent: 'resend', ok: true, message: VERIFICATION_SENT, email }
      : { intent: 'resend', ok: false, message: result.error || VERIFICATION_SEND_FAILED, email };
  }

  const values = formObject(form, ['rememberMe']);
  const email = typeof values.email === 'string' ? values.email : '';
  const checked = validateForm(LoginSchema, values);
  if (!checked.ok) return { intent: 'login', errors: checked.errors, email };
  const result = await api('/auth/login', { method: 'POST', body: checked.data });
  if (!result.success) {
    // learner-spec §8: the code, or the text mentioning verification, opens the panel.
    const unverified =
      result.code === 'EMAIL_NOT_VERIFIED' || /verify your email/i.test(result.error);
    return unverified
      ? { intent: 'login', unverified: true, email: checked.data.email }
      : { intent: 'login', error: result.error || LOGIN_FAILED, errors: result.fields, email };
  }
  throw redirect(safeRedirect(form.get('redirectTo'), new URL(request.url).origin), {
    headers: cookieHeaders(setCookies),
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('auth');
  const message = useMessage();
  const login = actionData?.intent === 'login' ? actionData : null;
  const resent = actionData?.intent === 'resend' ? actionData : null;
  const errors = useFieldMessages(login?.errors);

  if (login?.unverified || resent) {
    return (
      <VerificationRequired
        email={resent?.email ?? login?.email ?? ''}
        resent={resent}
        redirectTo={loaderData.redirectTo}
      />
    );
  }

  // The first field the server refused takes the focus.
  const firstError = ['email', 'password'].find((field) => errors[field]);
  return (
    <Container className="max-w-md">
      <PasswordToggleScript />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('login.title')}</h1>
      <p className="mt-2 text-slate-600">
        {t('login.newHere')}{' '}
        <Link to="/register" className="font-semibold text-sky-700 hover:underline">
          {t('login.register')}
        </Link>
      </p>
      <Card className="mt-6">
        {login?.error && (
          <Alert tone="error" title={message(LOGIN_FAILED)} className="mb-6">
            {login.error === LOGIN_FAILED ? null : message(login.error)}
          </Alert>
        )}
        <Form method="post" noValidate className="space-y-5">
          <input type="hidden" name="intent" value="login" />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <Field
            label={t('fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={login?.email ?? ''}
            error={errors.email}
            autoFocus={firstError === 'email'}
            required
          />
          <PasswordField
            label={t('fields.password')}
            name="password"
            autoComplete="current-password"
            error={errors.password}
            autoFocus={firstError === 'password'}
            required
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CheckboxField label={t('login.remember')} name="rememberMe" />
            <Link
              to="/forgot-password"
              className="text-sm font-semibold text-sky-700 hover:underline"
            >
              {t('login.forgot')}
            </Link>
          </div>
          <BotCheck />
          <Button type="submit" className="w-full">
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </Container>
  );
}

/** learner-spec §2 and §4: the verification-required state, showing the unverified address. */
function VerificationRequired({
  email,
  resent,
  redirectTo,
}: {
  email: string;
  resent: { ok: boolean; message: string } | null;
  redirectTo: string;
}) {
  const { t } = useTranslation('auth');
  const message = useMessage();
  return (
    <Container className="max-w-lg">
      <Card>
        <h1 autoFocus tabIndex={-1} className="text-2xl font-bold text-slate-900">
          {t('unverified.title')}
        </h1>
        <Alert tone="warning" className="mt-4">
          {message(EMAIL_NOT_VERIFIED_MESSAGE)}
        </Alert>
        <p className="mt-4 text-sm text-slate-700">
          {t('unverified.before')}
          <strong className="break-all">{email}</strong>
          {t('unverified.after')}
        </p>
        <div aria-live="polite">
          {resent && (
            <Alert tone={resent.ok ? 'success' : 'error'} className="mt-4">
              {message(resent.message)}
            </Alert>
          )}
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="email" value={email} />
            <Button type="submit">{t('unverified.resend')}</Button>
          </Form>
          {/* Back to an empty form: the page asked for afresh, still returning where it was going. */}
          <Form method="get">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button type="submit" variant="secondary" className="w-full">
              {t('unverified.tryDifferent')}
            </Button>
          </Form>
        </div>
      </Card>
    </Container>
  );
}
