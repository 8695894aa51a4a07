import { useEffect, useRef, useState } from 'react';
import { Form, useNavigate, useNavigation } from 'react-router';
import type { Route } from './+types/reset-password';
import {
  INVALID_TOKEN_FORMAT,
  isWellFormedResetToken,
  RESET_FAILED,
  RESET_LINK_UNUSABLE,
  RESET_SUCCESS,
  ResetPasswordFormSchema,
} from '@drone-exam/shared';
import { PASSWORD_MIN_LENGTH, REDIRECT_AFTER_RESET_MS } from '@drone-exam/shared/constants';
import { Alert, Button, Card, Container, LinkButton } from '@drone-exam/shared/ui/ui';
import { useToast } from '@drone-exam/shared/ui/toast';
import { serverApi } from '../lib/api.server';
import { useFormValidation, validateForm } from '../lib/forms';
import { formObject, type FieldErrors } from '../lib/form-data';
import { pageMeta } from '../lib/meta';
import { PasswordField } from '../components/password-field';

export const meta: Route.MetaFunction = () =>
  pageMeta('Reset password', 'Choose a new password for your DroneCert Prep account.');

type LinkState = { usable: true } | { usable: false; reason: string };

/**
 * learner-spec §4 and §5: the token is checked locally first ("Invalid token format"), then the
 * API says whether it can still be used, so a dead link shows "Invalid Reset Link" before the
 * learner types anything.
 */
export async function loader({ params, request, context }: Route.LoaderArgs): Promise<LinkState> {
  if (!isWellFormedResetToken(params.token)) return { usable: false, reason: INVALID_TOKEN_FORMAT };
  const { api } = serverApi(context, request);
  const result = await api<{ valid: boolean }>(
    `/auth/reset-password/${encodeURIComponent(params.token)}`,
  );
  if (!result.success) return { usable: false, reason: result.error };
  return result.data.valid ? { usable: true } : { usable: false, reason: RESET_LINK_UNUSABLE };
}

type ResetResult =
  | { ok: true }
  | { ok: false; invalid: true; reason: string }
  | { ok: false; invalid?: false; error?: string; errors?: FieldErrors };

export async function action({ params, request, context }: Route.ActionArgs): Promise<ResetResult> {
  const values = formObject(await request.formData());
  const checked = validateForm(ResetPasswordFormSchema, values);
  if (!checked.ok) return { ok: false, errors: checked.errors };
  const { api } = serverApi(context, request);
  const result = await api('/auth/reset-password', {
    method: 'POST',
    body: { token: params.token, password: checked.data.password },
  });
  if (result.success) return { ok: true };
  if (result.code === 'INVALID_TOKEN') return { ok: false, invalid: true, reason: result.error };
  return { ok: false, error: result.error || RESET_FAILED, errors: result.fields };
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.ok) return <ResetDone />;
  if (!loaderData.usable) return <InvalidLink reason={loaderData.reason} />;
  if (actionData && !actionData.ok && actionData.invalid) {
    return <InvalidLink reason={actionData.reason} />;
  }
  return <ResetForm result={actionData ?? null} />;
}

function ResetForm({ result }: { result: ResetResult | null }) {
  const busy = useNavigation().state === 'submitting';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [touched, setTouched] = useState({ password: false, confirmPassword: false });
  const serverErrors = result && !result.ok && !result.invalid ? result : null;
  const submitted = useFormValidation(ResetPasswordFormSchema, serverErrors?.errors);

  // Messages appear as the learner goes, since the button stays disabled until both match.
  const live: FieldErrors = {};
  if (touched.password && !password) live.password = 'Please enter a new password';
  if (touched.confirmPassword && confirmPassword && confirmPassword !== password) {
    live.confirmPassword = 'Passwords do not match';
  }
  const errors = { ...submitted.errors, ...live };
  const ready = password.length > 0 && confirmPassword.length > 0 && password === confirmPassword;

  return (
    <Container className="max-w-md">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Choose a new password</h1>
      <p className="mt-2 text-slate-600">
        Use at least {PASSWORD_MIN_LENGTH} characters. Every device signed in to your account will
        be signed out.
      </p>
      <Card className="mt-6">
        {serverErrors?.error && (
          <Alert tone="error" className="mb-6">
            {serverErrors.error}
          </Alert>
        )}
        <Form method="post" noValidate className="space-y-5" onSubmit={submitted.check}>
          <PasswordField
            label="New password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              submitted.setClientErrors(null);
            }}
            onBlur={() => setTouched((t) => ({ ...t, password: true }))}
            error={errors.password}
            required
          />
          <PasswordField
            label="Confirm new password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.target.value);
              setTouched((t) => ({ ...t, confirmPassword: true }));
              submitted.setClientErrors(null);
            }}
            error={errors.confirmPassword}
            required
          />
          <Button
            type="submit"
            className="w-full"
            disabled={!ready}
            loading={busy}
            loadingText="Saving…"
          >
            Reset password
          </Button>
        </Form>
      </Card>
    </Container>
  );
}

function ResetDone() {
  const toast = useToast();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    toast.success(RESET_SUCCESS);
    heading.current?.focus();
    const timer = setTimeout(() => navigate('/login'), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [navigate, toast]);
  return (
    <Container className="max-w-md">
      <Card>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900">
          Password reset
        </h1>
        <Alert tone="success" className="mt-4" title={RESET_SUCCESS}>
          You can now log in with your new password. Taking you to the login page in{' '}
          {REDIRECT_AFTER_RESET_MS / 1000} seconds…
        </Alert>
        <div className="mt-6">
          <LinkButton to="/login">Go to Login</LinkButton>
        </div>
      </Card>
    </Container>
  );
}

function InvalidLink({ reason }: { reason: string }) {
  return (
    <Container className="max-w-md">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Invalid Reset Link</h1>
        <Alert tone="error" className="mt-4">
          {reason}
        </Alert>
        <p className="mt-4 text-sm text-slate-700">
          Reset links work once and expire after 1 hour. Ask for a new one and use the latest email.
        </p>
        <div className="mt-6">
          <LinkButton to="/forgot-password">Request New Reset Link</LinkButton>
        </div>
      </Card>
    </Container>
  );
}
