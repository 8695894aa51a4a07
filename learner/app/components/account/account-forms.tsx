import { useEffect, useRef } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { PublicUser } from '@drone-exam/shared';
import { Alert, Button, Card, Field } from '@drone-exam/shared/ui/ui';
import { useToast } from '@drone-exam/shared/ui/toast';
import { useLazyFormValidation } from '../../lib/lazy-form';
import { PasswordField } from '../password-field';
import { useMessage } from '../../i18n/hooks';
import type { AccountResult } from './account-result';
import { PASSWORD_MIN_LENGTH } from '@drone-exam/shared/schemas/auth-values';

/**
 * Profile and password forms: a fetcher each, so one form's answer never clears the other. Their
 * schemas load when a form is first focused, keeping zod off the account page's start.
 */
const checks = () => import('./account-checks');

/** `onSaved` runs once for each successful answer, after its confirmation is shown. */
function useAccountForm(intent: 'profile' | 'password', onSaved?: () => void) {
  const fetcher = useFetcher<AccountResult>();
  // A form sent before the page hydrated went as a plain post: its answer is the page's action
  // data, shown as the fetcher's would be once the page is live.
  const posted = useActionData<AccountResult>();
  const toast = useToast();
  const message = useMessage();
  const answer = fetcher.data ?? posted;
  const result = answer?.intent === intent ? answer : null;
  // Each answer is confirmed once, checked after every commit rather than when `result` changes:
  // an answer committed as the page went idle (its offline support loading) was seen on screen
  // while an effect keyed on `result` (passive or layout) never ran, so no confirmation showed
  // (React 19.3, browser tests with the service worker blocked: 16 saves in 116; 0 in 30 this way).
  const confirmed = useRef<AccountResult | null>(null);
  useEffect(() => {
    if (!result || result === confirmed.current) return;
    confirmed.current = result;
    if (!result.ok) return;
    if ('message' in result) toast.success(message(result.message));
    onSaved?.();
  });
  const failed = result && !result.ok && 'errors' in result ? result : null;
  const { errors, check, prepare } = useLazyFormValidation(
    () => checks().then((m) => (intent === 'profile' ? m.checkProfile : m.checkPassword)),
    failed?.errors,
    (form) => void fetcher.submit(form),
  );
  return { fetcher, failed, errors, check, prepare };
}

export function NameForm({ user }: { user: PublicUser }) {
  const { t } = useTranslation(['account', 'auth']);
  const message = useMessage();
  const { fetcher, failed, errors, check, prepare } = useAccountForm('profile');
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t('name.title')}</h2>
      {failed && 'error' in failed && failed.error && (
        <Alert tone="error" className="mt-4">
          {message(failed.error)}
        </Alert>
      )}
      <fetcher.Form
        method="post"
        noValidate
        className="mt-4 space-y-4"
        onSubmit={check}
        onFocus={prepare}
      >
        <input type="hidden" name="intent" value="profile" />
        <Field
          label={t('auth:fields.firstName')}
          name="firstName"
          autoComplete="given-name"
          defaultValue={user.firstName}
          error={errors.firstName}
          required
        />
        <Field
          label={t('auth:fields.lastName')}
          name="lastName"
          autoComplete="family-name"
          defaultValue={user.lastName}
          error={errors.lastName}
          required
        />
        <Button type="submit" loading={fetcher.state !== 'idle'} loadingText={t('auth:saving')}>
          {t('name.save')}
        </Button>
      </fetcher.Form>
    </Card>
  );
}

export function PasswordForm() {
  const { t } = useTranslation(['account', 'auth']);
  const message = useMessage();
  // The fields empty after each successful change.
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, failed, errors, check, prepare } = useAccountForm('password', () =>
    form.current?.reset(),
  );
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t('password.title')}</h2>
      {failed && 'error' in failed && failed.error && !failed.errors?.currentPassword && (
        <Alert tone="error" className="mt-4">
          {message(failed.error)}
        </Alert>
      )}
      <fetcher.Form
        ref={form}
        method="post"
        noValidate
        className="mt-4 space-y-4"
        onSubmit={check}
        onFocus={prepare}
      >
        <input type="hidden" name="intent" value="password" />
        <PasswordField
          label={t('password.current')}
          name="currentPassword"
          autoComplete="current-password"
          error={errors.currentPassword}
          required
        />
        <PasswordField
          label={t('auth:fields.newPassword')}
          name="newPassword"
          autoComplete="new-password"
          hint={t('password.hint', { count: PASSWORD_MIN_LENGTH })}
          error={errors.newPassword}
          required
        />
        <PasswordField
          label={t('auth:fields.confirmNewPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          error={errors.confirmPassword}
          required
        />
        <Button type="submit" loading={fetcher.state !== 'idle'} loadingText={t('auth:saving')}>
          {t('password.submit')}
        </Button>
      </fetcher.Form>
    </Card>
  );
}
