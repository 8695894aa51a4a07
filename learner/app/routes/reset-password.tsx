import { useEffect, useRef, useState } from 'react';
import { Form, useNavigate, useNavigation } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/reset-password';
import {
  INVALID_TOKEN_FORMAT,
  isWellFormedResetToken,
  RESET_FAILED,
  RESET_LINK_UNUSABLE,
  RESET_SUCCESS,
  ResetPasswordFormSchema,
} from '@drone-exam/shared';
import { Alert, Button, Card, Container } from '@drone-exam/shared/ui/ui';
import { useToast } from '@drone-exam/shared/ui/toast';
import { serverApi } from '../lib/api.server';
import { useFormValidation, validateForm } from '../lib/forms';
import { formObject, type FieldErrors } from '../lib/form-data';
import { metaFromLoader, type PageMetaText } from '../lib/meta';
import { PasswordField } from '../components/password-field';
import { LinkButton } from '../components/links';
import { useLocalizedPath, useMessage } from '../i18n/hooks';
import { pageMessages, serverT, type PageMessages } from '../i18n/i18n.server';
import { REDIRECT_AFTER_RESET_MS } from '../components/account/constants';
import { PASSWORD_MIN_LENGTH } from '@drone-exam/shared/schemas/auth-values';

export const meta = metaFromLoader;

type LinkState = ({ usable: true } | { usable: false; reason: string }) & {
  meta: PageMetaText;
  i18n: PageMessages;
};

/**
 * learner-spec §4 and §5: the token is checked locally first ("Invalid token format"), then the
 * API says whether it can still be used, so a dead link shows "Invalid Reset Link" before the
 * learner types anything.
 */
export async function loader({ params, request, context }: Route.LoaderArgs): Promise<LinkState> {
  const t = serverT(context, 'auth');
  const page = {
    meta: { title: t('reset.meta'), description: t('reset.description') },
    i18n: pageMessages(context, ['auth']),
  };
  if (!isWellFormedResetToken(params.token)) {
    return { usable: false, reason: INVALID_TOKEN_FORMAT, ...page };
  }
  const { api } = serverApi(context, request);
  const result = await api(`/auth/reset-password/${encodeURIComponent(params.token)}`);
  if (!result.success) return { usable: false, reason: result.error, ...page };
  return result.data.valid
    ? { usable: true, ...page }
    : { usable: false, reason: RESET_LINK_UNUSABLE, ...page };
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
  const { t } = useTranslation('auth');
  const message = useMessage();
  const busy = useNavigation().state === 'submitting';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [touched, setTouched] = useState({ password: false, confirmPassword: false });
  const serverErrors = result && !result.ok && !result.invalid ? result : null;
  const submitted = useFormValidation(ResetPasswordFormSchema, serverErrors?.errors);

  // Messages appear as the learner goes, since the button stays disabled until both match.
  const live: FieldErrors = {};
  if (touched.password && !password) live.password = message('Please enter a new password');
  if (touched.confirmPassword && confirmPassword && confirmPassword !== password) {
    live.confirmPassword = message('Passwords do not match');
  }
  const errors = { ...submitted.errors, ...live };
  const ready = password.length > 0 && confirmPassword.length > 0 && password === confirmPassword;

  return (
    <Container className="max-w-md">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('reset.title')}</h1>
      <p className="mt-2 text-slate-600">{t('reset.intro', { count: PASSWORD_MIN_LENGTH })}</p>
      <Card className="mt-6">
        {serverErrors?.error && (
          <Alert tone="error" className="mb-6">
            {message(serverErrors.error)}
          </Alert>
        )}
        <Form method="post" noValidate className="space-y-5" onSubmit={submitted.check}>
          <PasswordField
            label={t('fields.newPassword')}
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              submitted.setClientErrors(null);
            }}
            onBlur={() => setTouched((was) => ({ ...was, password: true }))}
            error={errors.password}
            required
          />
          <PasswordField
            label={t('fields.confirmNewPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.target.value);
              setTouched((was) => ({ ...was, confirmPassword: true }));
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
            loadingText={t('saving')}
          >
            {t('reset.submit')}
          </Button>
        </Form>
      </Card>
    </Container>
  );
}

function ResetDone() {
  const { t } = useTranslation('auth');
  const message = useMessage();
  const localized = useLocalizedPath();
  const toast = useToast();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    toast.success(message(RESET_SUCCESS));
    heading.current?.focus();
    const timer = setTimeout(() => navigate(localized('/login')), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [navigate, toast, message, localized]);
  return (
    <Container className="max-w-md">
      <Card>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900">
          {t('reset.doneTitle')}
        </h1>
        <Alert tone="success" className="mt-4" title={message(RESET_SUCCESS)}>
          {t('reset.doneBody', { count: REDIRECT_AFTER_RESET_MS / 1000 })}
        </Alert>
        <div className="mt-6">
          <LinkButton to="/login">{t('reset.goLogin')}</LinkButton>
        </div>
      </Card>
    </Container>
  );
}

function InvalidLink({ reason }: { reason: string }) {
  const { t } = useTranslation('auth');
  const message = useMessage();
  return (
    <Container className="max-w-md">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">{t('reset.invalidTitle')}</h1>
        <Alert tone="error" className="mt-4">
          {message(reason)}
        </Alert>
        <p className="mt-4 text-sm text-slate-700">{t('reset.invalidBody')}</p>
        <div className="mt-6">
          <LinkButton to="/forgot-password">{t('reset.requestNew')}</LinkButton>
        </div>
      </Card>
    </Container>
  );
}
