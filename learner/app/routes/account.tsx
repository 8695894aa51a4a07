import { useEffect, useRef } from 'react';
import { redirect, useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/account';
import {
  ChangePasswordFormSchema,
  UpdateProfileSchema,
  VERIFICATION_SEND_FAILED,
  VERIFICATION_SENT,
  type PaymentHistory,
  type PublicUser,
  type SavedPaymentMethod,
} from '@drone-exam/shared';
import { PASSWORD_MIN_LENGTH, PREMIUM_OFFER } from '@drone-exam/shared/constants';
import { localizedPath } from '@drone-exam/shared/i18n';
import { Alert, Badge, Button, Card, Container, Field, PageHeader } from '@drone-exam/shared/ui/ui';
import { useToast } from '@drone-exam/shared/ui/toast';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { useFormValidation, validateForm } from '../lib/forms';
import { formObject, type FieldErrors } from '../lib/form-data';
import { metaFromLoader } from '../lib/meta';
import { LocalDate } from '../components/local-date';
import { Link, LinkButton } from '../components/links';
import { PasswordField } from '../components/password-field';
import { Purchases } from '../components/account/purchases';
import { PlanSettings } from '../components/learning/plan-settings';
import type { LearningPlan } from '@drone-exam/shared/schemas/learning';
import { useFormat, useMessage } from '../i18n/hooks';
import { localeOf, pageMessages, serverT } from '../i18n/i18n.server';

export const meta = metaFromLoader;

const HISTORY_PAGE_SIZE = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const url = new URL(request.url);
  const payment = url.searchParams.get('payment');
  const banner: 'success' | 'cancelled' | null =
    payment === 'success' || payment === 'cancelled' ? payment : null;
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const { api } = serverApi(context, request);
  const t = serverT(context, 'account');
  const history = await api<PaymentHistory>('/payments/history', {
    query: { page, limit: HISTORY_PAGE_SIZE },
  });
  const [methods, plan] = await Promise.all([
    history.success && history.data.portalAvailable
      ? api<{ paymentMethods: SavedPaymentMethod[] }>('/payments/payment-methods')
      : null,
    api<LearningPlan>('/learning/plan'),
  ]);
  return {
    user,
    payment: banner,
    history: history.success ? history.data : null,
    historyError: history.success ? null : history.error,
    paymentMethods: methods?.success ? methods.data.paymentMethods : null,
    plan: plan.success ? plan.data : null,
    meta: { title: t('title'), description: t('description') },
    i18n: pageMessages(context, ['account', 'auth', 'learning']),
  };
}

type AccountResult =
  | { intent: 'profile' | 'password'; ok: true; message: string }
  | { intent: 'profile' | 'password'; ok: false; error?: string; errors?: FieldErrors }
  | { intent: 'resend'; ok: boolean; message: string }
  | { intent: 'portal'; ok: false; error: string };

export async function action({ request, context }: Route.ActionArgs): Promise<AccountResult> {
  requireUser(context, request);
  const form = await request.formData();
  const intent = form.get('intent');
  const { api } = serverApi(context, request);

  if (intent === 'resend') {
    const result = await api('/auth/resend-verification', { method: 'POST' });
    return result.success
      ? { intent, ok: true, message: VERIFICATION_SENT }
      : { intent, ok: false, message: result.error || VERIFICATION_SEND_FAILED };
  }
  if (intent === 'portal') {
    const result = await api<{ url: string }>('/payments/create-portal-session', {
      method: 'POST',
      body: {
        returnUrl: new URL(localizedPath('/account', localeOf(context)), request.url).toString(),
      },
    });
    if (result.success) throw redirect(result.data.url);
    return { intent, ok: false, error: result.error };
  }
  if (intent === 'profile') {
    const checked = validateForm(UpdateProfileSchema, formObject(form));
    if (!checked.ok) return { intent, ok: false, errors: checked.errors };
    const result = await api('/auth/profile', { method: 'PATCH', body: checked.data });
    return result.success
      ? { intent, ok: true, message: serverT(context, 'account')('name.saved') }
      : { intent, ok: false, error: result.error, errors: result.fields };
  }
  const checked = validateForm(ChangePasswordFormSchema, formObject(form));
  if (!checked.ok) return { intent: 'password', ok: false, errors: checked.errors };
  const { currentPassword, newPassword } = checked.data;
  const result = await api<{ message: string }>('/auth/change-password', {
    method: 'POST',
    body: { currentPassword, newPassword },
  });
  return result.success
    ? { intent: 'password', ok: true, message: result.data.message }
    : { intent: 'password', ok: false, error: result.error, errors: result.fields };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const { user, payment, history, historyError, paymentMethods, plan } = loaderData;
  return (
    <Container className="max-w-4xl">
      <PageHeader title={t('title')} intro={t('intro')} />
      <PaymentBanner payment={payment} user={user} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Profile user={user} />
        <Premium
          user={user}
          portalAvailable={history?.portalAvailable ?? false}
          paymentMethods={paymentMethods}
        />
      </div>
      <PlanSettings plan={plan} />
      <Purchases history={history} error={historyError} />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <NameForm user={user} />
        <PasswordForm />
      </div>
    </Container>
  );
}

function PaymentBanner({
  payment,
  user,
}: {
  payment: 'success' | 'cancelled' | null;
  user: PublicUser;
}) {
  const { t } = useTranslation('account');
  if (payment === 'cancelled') {
    return (
      <Alert tone="info" title={t('payment.cancelledTitle')} className="mb-6">
        {t('payment.cancelledBefore')}
        <Link to="/pricing" className="font-semibold underline">
          {t('payment.pricingLink')}
        </Link>
        {t('payment.cancelledAfter')}
      </Alert>
    );
  }
  if (payment !== 'success') return null;
  if (!user.hasPremium || !user.premiumUntil) {
    // Stripe confirms through the webhook, which can land a few seconds after the redirect.
    return (
      <Alert tone="info" title={t('payment.receivedTitle')} className="mb-6">
        {t('payment.received')}
      </Alert>
    );
  }
  return (
    <Alert tone="success" title={t('payment.successTitle')} className="mb-6">
      {t('payment.activeUntil')} <LocalDate value={user.premiumUntil} withTime />
    </Alert>
  );
}

function Profile({ user }: { user: PublicUser }) {
  const { t } = useTranslation(['account', 'auth']);
  const message = useMessage();
  const resend = useFetcher<AccountResult>();
  const sent = resend.data?.intent === 'resend' ? resend.data : null;
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t('profile.title')}</h2>
      <dl className="mt-4 space-y-3 text-sm">
        <Row label={t('profile.name')}>
          {user.firstName} {user.lastName}
        </Row>
        <Row label={t('profile.email')}>
          <span className="break-all">{user.email}</span>{' '}
          {user.emailVerified ? (
            <Badge tone="green">{t('profile.verified')}</Badge>
          ) : (
            <Badge tone="amber">{t('profile.notVerified')}</Badge>
          )}
        </Row>
        <Row label={t('profile.role')}>
          {user.role === 'admin' ? t('profile.administrator') : t('profile.user')}
        </Row>
        <Row label={t('profile.memberSince')}>
          <LocalDate value={user.createdAt} />
        </Row>
      </dl>
      {!user.emailVerified && (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-700">{t('profile.verifyWhy')}</p>
          <resend.Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="resend" />
            <Button
              type="submit"
              variant="secondary"
              loading={resend.state !== 'idle'}
              loadingText={t('auth:sending')}
            >
              {t('profile.resend')}
            </Button>
          </resend.Form>
          <div aria-live="polite">
            {sent && (
              <Alert tone={sent.ok ? 'success' : 'error'} className="mt-3">
                {message(sent.message)}
              </Alert>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-3">
      <dt className="w-28 shrink-0 font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function Premium({
  user,
  portalAvailable,
  paymentMethods,
}: {
  user: PublicUser;
  portalAvailable: boolean;
  paymentMethods: SavedPaymentMethod[] | null;
}) {
  const { t } = useTranslation(['account', 'common']);
  const message = useMessage();
  const format = useFormat();
  const portal = useFetcher<AccountResult>();
  const portalError = portal.data?.intent === 'portal' ? portal.data.error : null;
  const lapsed = !user.hasPremium && user.premiumUntil;
  return (
    <Card data-testid="premium-status">
      <h2 className="text-lg font-semibold text-slate-900">{t('premium.title')}</h2>
      {user.role === 'admin' ? (
        <Alert tone="info" className="mt-4" title={t('common:adminAccess')} />
      ) : user.hasPremium && user.premiumUntil ? (
        <>
          <p className="mt-4 text-sm text-slate-700">
            <Badge tone="green">{t('premium.active')}</Badge> {t('premium.unlockedUntil')}{' '}
            <strong data-testid="premium-expiry">
              <LocalDate value={user.premiumUntil} withTime />
            </strong>
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <LinkButton to="/practice">{t('premium.start')}</LinkButton>
            <LinkButton to="/pricing" variant="secondary">
              {t('premium.extend', { count: PREMIUM_OFFER.durationDays })}
            </LinkButton>
          </div>
        </>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-700">
            {lapsed ? (
              <>
                {t('premium.ended')} <LocalDate value={user.premiumUntil!} />.
              </>
            ) : (
              t('premium.free')
            )}{' '}
            {t('premium.offer', {
              price: format.money(PREMIUM_OFFER.amountCents),
              count: PREMIUM_OFFER.durationDays,
            })}
          </p>
          <div className="mt-4">
            <LinkButton to="/pricing">{t('premium.get')}</LinkButton>
          </div>
        </>
      )}
      {portalAvailable && (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">{t('billing.title')}</h3>
          {paymentMethods && paymentMethods.length > 0 && (
            <ul
              className="mt-2 space-y-1 text-sm text-slate-700"
              aria-label={t('billing.savedCards')}
            >
              {paymentMethods.map((method) => (
                <li key={method.id}>
                  {t('billing.card', {
                    brand: method.brand.charAt(0).toUpperCase() + method.brand.slice(1),
                    last4: method.last4,
                    expiry: `${String(method.expMonth).padStart(2, '0')}/${method.expYear}`,
                  })}
                </li>
              ))}
            </ul>
          )}
          <portal.Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="portal" />
            <Button
              type="submit"
              variant="secondary"
              loading={portal.state !== 'idle'}
              loadingText={t('billing.opening')}
            >
              {t('billing.portal')}
            </Button>
          </portal.Form>
          {portalError && (
            <Alert tone="error" className="mt-3">
              {message(portalError)}
            </Alert>
          )}
        </div>
      )}
    </Card>
  );
}

/** Profile and password forms: a fetcher each, so one form's answer never clears the other. */
function useAccountForm(
  intent: 'profile' | 'password',
  schema: typeof UpdateProfileSchema | typeof ChangePasswordFormSchema,
) {
  const fetcher = useFetcher<AccountResult>();
  const toast = useToast();
  const message = useMessage();
  const result = fetcher.data?.intent === intent ? fetcher.data : null;
  useEffect(() => {
    if (result?.ok && 'message' in result) toast.success(message(result.message));
  }, [result, toast, message]);
  const failed = result && !result.ok && 'errors' in result ? result : null;
  const { errors, check } = useFormValidation(schema, failed?.errors);
  return { fetcher, result, failed, errors, check };
}

function NameForm({ user }: { user: PublicUser }) {
  const { t } = useTranslation(['account', 'auth']);
  const message = useMessage();
  const { fetcher, failed, errors, check } = useAccountForm('profile', UpdateProfileSchema);
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t('name.title')}</h2>
      {failed && 'error' in failed && failed.error && (
        <Alert tone="error" className="mt-4">
          {message(failed.error)}
        </Alert>
      )}
      <fetcher.Form method="post" noValidate className="mt-4 space-y-4" onSubmit={check}>
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

function PasswordForm() {
  const { t } = useTranslation(['account', 'auth']);
  const message = useMessage();
  const { fetcher, result, failed, errors, check } = useAccountForm(
    'password',
    ChangePasswordFormSchema,
  );
  // The fields empty after each successful change.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t('password.title')}</h2>
      {failed && 'error' in failed && failed.error && !failed.errors?.currentPassword && (
        <Alert tone="error" className="mt-4">
          {message(failed.error)}
        </Alert>
      )}
      <fetcher.Form ref={form} method="post" noValidate className="mt-4 space-y-4" onSubmit={check}>
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
