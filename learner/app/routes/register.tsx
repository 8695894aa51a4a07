import {
  data,
  Form,
  useNavigation,
  useSubmit,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/register';
import { RegisterFormSchema } from '@drone-exam/shared';
import { REGISTER_FAILED, REGISTER_SUCCESS } from '@drone-exam/shared/auth-messages';
import { Alert, Button, Card, CheckboxField, Container, Field } from '@drone-exam/shared/ui/ui';
import { userContext } from '../context';
import { cookieHeaders, serverApi } from '../lib/api.server';
import { validateForm } from '../lib/forms';
import { useLazyFormValidation } from '../lib/lazy-form';
import { formObject, type FieldErrors } from '../lib/form-data';
import { metaFromLoader } from '../lib/meta';
import { Link, LinkButton } from '../components/links';
import { useMessage } from '../i18n/hooks';
import { localRedirect, pageMessages, serverT } from '../i18n/i18n.server';
import { PasswordField } from '../components/password-field';
import { BotCheck } from '../components/turnstile';
import { PASSWORD_MIN_LENGTH } from '@drone-exam/shared/schemas/auth-values';

export const meta = metaFromLoader;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const premium = url.searchParams.get('intent') === 'premium';
  // /auth/register?intent=premium, the pricing page's link, lands on /register with its intent.
  if (/^(\/fr)?\/auth\//.test(url.pathname)) {
    throw localRedirect(context, premium ? '/register?intent=premium' : '/register');
  }
  if (context.get(userContext)) {
    throw localRedirect(context, premium ? '/pricing?intent=premium' : '/dashboard');
  }
  const t = serverT(context, 'auth');
  return {
    intent: premium ? ('premium' as const) : null,
    meta: { title: t('register.title'), description: t('register.description') },
    i18n: pageMessages(context, ['auth']),
  };
}

/**
 * Registering signs the new learner in, and this loader sends signed-in visitors away; after a
 * successful registration the page must stay on its "check your email" message instead.
 */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return (actionResult as RegisterResult | undefined)?.ok ? false : defaultShouldRevalidate;
}

type RegisterResult =
  | { ok: true; email: string }
  | { ok: false; error?: string; errors?: FieldErrors; values: Record<string, unknown> };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formObject(form, ['acceptTerms']);
  // Passwords are never sent back to the page.
  const kept = { firstName: values.firstName, lastName: values.lastName, email: values.email };
  const checked = validateForm(RegisterFormSchema, values);
  if (!checked.ok) return data<RegisterResult>({ ok: false, errors: checked.errors, values: kept });

  const { firstName, lastName, email, password, recaptchaToken, intent } = checked.data;
  const { api, setCookies } = serverApi(context, request);
  const result = await api('/auth/register', {
    method: 'POST',
    body: { firstName, lastName, email, password, recaptchaToken, intent },
  });
  if (!result.success) {
    const errors =
      result.code === 'EMAIL_TAKEN' ? { email: result.error, ...result.fields } : result.fields;
    return data<RegisterResult>({
      ok: false,
      error: result.code === 'EMAIL_TAKEN' ? undefined : result.error || REGISTER_FAILED,
      errors,
      values: kept,
    });
  }
  // Registering signs the learner in (unverified) so the account page can resend the link.
  return data<RegisterResult>(
    { ok: true, email: result.data.user.email },
    { headers: cookieHeaders(setCookies) },
  );
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(['auth', 'common']);
  const message = useMessage();
  const busy = useNavigation().state === 'submitting';
  const failed = actionData && !actionData.ok ? actionData : null;
  const submit = useSubmit();
  // The schema loads when the form is first focused, keeping zod off the page's start.
  const { errors, clientErrors, check, prepare } = useLazyFormValidation(
    () => import('../components/auth/register-check').then((m) => m.checkRegister),
    failed?.errors,
    (form) => void submit(form),
    ['acceptTerms'],
  );
  const text = (key: string) =>
    typeof failed?.values[key] === 'string' ? (failed.values[key] as string) : '';

  if (actionData?.ok) {
    return (
      <Container className="max-w-md">
        <Card>
          <h1 className="text-2xl font-bold text-slate-900">{t('register.checkInbox')}</h1>
          <Alert tone="success" className="mt-4">
            {message(REGISTER_SUCCESS)}
          </Alert>
          <p className="mt-4 text-sm text-slate-700">
            {t('register.sentBefore')}
            <strong className="break-all">{actionData.email}</strong>
            {t('register.sentAfter')}
            {loaderData.intent === 'premium' && ` ${t('register.thenCheckout')}`}
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <LinkButton to="/account" variant="secondary">
              {t('register.goAccount')}
            </LinkButton>
          </div>
        </Card>
      </Container>
    );
  }

  return (
    <Container className="max-w-lg">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('register.title')}</h1>
      <p className="mt-2 text-slate-600">
        {loaderData.intent === 'premium'
          ? t('register.premiumIntro', { plan: t('common:plan.name') })
          : `${t('register.intro')} `}
        {loaderData.intent !== 'premium' && (
          <Link to="/login" className="font-semibold text-sky-700 hover:underline">
            {t('login.submit')}
          </Link>
        )}
      </p>
      <Card className="mt-6">
        {failed?.error && (
          <Alert tone="error" title={message(REGISTER_FAILED)} className="mb-6">
            {failed.error === REGISTER_FAILED ? null : message(failed.error)}
          </Alert>
        )}
        <Form method="post" noValidate className="space-y-5" onSubmit={check} onFocus={prepare}>
          {loaderData.intent && <input type="hidden" name="intent" value={loaderData.intent} />}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label={t('fields.firstName')}
              name="firstName"
              autoComplete="given-name"
              defaultValue={text('firstName')}
              error={errors.firstName}
              required
            />
            <Field
              label={t('fields.lastName')}
              name="lastName"
              autoComplete="family-name"
              defaultValue={text('lastName')}
              error={errors.lastName}
              required
            />
          </div>
          <Field
            label={t('fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={text('email')}
            error={errors.email}
            required
          />
          {errors.email && failed?.errors?.email && !clientErrors && (
            <p className="-mt-3 text-sm text-slate-600">
              <Link to="/login" className="font-semibold text-sky-700 hover:underline">
                {t('register.loginInstead')}
              </Link>{' '}
              {t('register.or')}{' '}
              <Link to="/forgot-password" className="font-semibold text-sky-700 hover:underline">
                {t('register.resetPassword')}
              </Link>
              .
            </p>
          )}
          <PasswordField
            label={t('fields.password')}
            name="password"
            autoComplete="new-password"
            hint={t('register.passwordHint', { count: PASSWORD_MIN_LENGTH })}
            error={errors.password}
            required
          />
          <PasswordField
            label={t('fields.confirmPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            error={errors.confirmPassword}
            required
          />
          <CheckboxField
            name="acceptTerms"
            error={errors.acceptTerms}
            label={
              <>
                {t('register.acceptBefore')}
                <Link to="/terms" className="font-semibold text-sky-700 hover:underline">
                  {t('register.terms')}
                </Link>
                {t('register.acceptBetween')}
                <Link to="/privacy" className="font-semibold text-sky-700 hover:underline">
                  {t('register.privacy')}
                </Link>
                {t('register.acceptAfter')}
              </>
            }
          />
          <BotCheck />
          <Button
            type="submit"
            className="w-full"
            loading={busy}
            loadingText={t('register.submitting')}
          >
            {t('register.submit')}
          </Button>
        </Form>
      </Card>
    </Container>
  );
}
