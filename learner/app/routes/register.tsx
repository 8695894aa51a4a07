import {
  data,
  Form,
  Link,
  redirect,
  useNavigation,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/register';
import {
  REGISTER_FAILED,
  REGISTER_SUCCESS,
  RegisterFormSchema,
  type AuthSuccess,
} from '@drone-exam/shared';
import { PASSWORD_MIN_LENGTH, PREMIUM_OFFER } from '@drone-exam/shared/constants';
import {
  Alert,
  Button,
  Card,
  CheckboxField,
  Container,
  Field,
  LinkButton,
} from '@drone-exam/shared/ui/ui';
import { userContext } from '../context';
import { cookieHeaders, serverApi } from '../lib/api.server';
import { useFormValidation, validateForm } from '../lib/forms';
import { formObject, type FieldErrors } from '../lib/form-data';
import { pageMeta } from '../lib/meta';
import { PasswordField } from '../components/password-field';
import { BotCheck } from '../components/turnstile';

export const meta: Route.MetaFunction = () =>
  pageMeta('Create your account', 'Free access to every study module; premium when you want it.');

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const premium = url.searchParams.get('intent') === 'premium';
  // /auth/register?intent=premium, the pricing page's link, lands on /register with its intent.
  if (url.pathname.startsWith('/auth/')) {
    throw redirect(premium ? '/register?intent=premium' : '/register');
  }
  if (context.get(userContext)) throw redirect(premium ? '/pricing?intent=premium' : '/dashboard');
  return { intent: premium ? ('premium' as const) : null };
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
  const result = await api<AuthSuccess>('/auth/register', {
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
  const busy = useNavigation().state === 'submitting';
  const failed = actionData && !actionData.ok ? actionData : null;
  const { errors, clientErrors, check } = useFormValidation(RegisterFormSchema, failed?.errors, [
    'acceptTerms',
  ]);
  const text = (key: string) =>
    typeof failed?.values[key] === 'string' ? (failed.values[key] as string) : '';

  if (actionData?.ok) {
    return (
      <Container className="max-w-md">
        <Card>
          <h1 className="text-2xl font-bold text-slate-900">Check your inbox</h1>
          <Alert tone="success" className="mt-4">
            {REGISTER_SUCCESS}
          </Alert>
          <p className="mt-4 text-sm text-slate-700">
            We sent a link to <strong className="break-all">{actionData.email}</strong>. It expires
            in 24 hours.
            {loaderData.intent === 'premium' &&
              ' Once your address is verified, you will go straight to checkout.'}
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <LinkButton to="/account" variant="secondary">
              Go to my account
            </LinkButton>
          </div>
        </Card>
      </Container>
    );
  }

  return (
    <Container className="max-w-lg">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Create your account</h1>
      <p className="mt-2 text-slate-600">
        {loaderData.intent === 'premium'
          ? `Create your free account first; after you verify your email you will go to checkout for the ${PREMIUM_OFFER.name}.`
          : 'Every study module is free. Already registered? '}
        {loaderData.intent !== 'premium' && (
          <Link to="/login" className="font-semibold text-sky-700 hover:underline">
            Log in
          </Link>
        )}
      </p>
      <Card className="mt-6">
        {failed?.error && (
          <Alert tone="error" title={REGISTER_FAILED} className="mb-6">
            {failed.error === REGISTER_FAILED ? null : failed.error}
          </Alert>
        )}
        <Form method="post" noValidate className="space-y-5" onSubmit={check}>
          {loaderData.intent && <input type="hidden" name="intent" value={loaderData.intent} />}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label="First name"
              name="firstName"
              autoComplete="given-name"
              defaultValue={text('firstName')}
              error={errors.firstName}
              required
            />
            <Field
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              defaultValue={text('lastName')}
              error={errors.lastName}
              required
            />
          </div>
          <Field
            label="Email"
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
                Log in instead
              </Link>{' '}
              or{' '}
              <Link to="/forgot-password" className="font-semibold text-sky-700 hover:underline">
                reset your password
              </Link>
              .
            </p>
          )}
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            error={errors.password}
            required
          />
          <PasswordField
            label="Confirm password"
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
                I accept the{' '}
                <Link to="/terms" className="font-semibold text-sky-700 hover:underline">
                  terms of use
                </Link>{' '}
                and the{' '}
                <Link to="/privacy" className="font-semibold text-sky-700 hover:underline">
                  privacy policy
                </Link>
              </>
            }
          />
          <BotCheck />
          <Button type="submit" className="w-full" loading={busy} loadingText="Creating account…">
            Create account
          </Button>
        </Form>
      </Card>
    </Container>
  );
}
