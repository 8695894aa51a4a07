import { useEffect, useRef } from 'react';
import { Link, redirect, useFetcher } from 'react-router';
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
import { formatCad } from '@drone-exam/shared/text';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Field,
  LinkButton,
  PageHeader,
} from '@drone-exam/shared/ui/ui';
import { useToast } from '@drone-exam/shared/ui/toast';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { useFormValidation, validateForm } from '../lib/forms';
import { formObject, type FieldErrors } from '../lib/form-data';
import { pageMeta } from '../lib/meta';
import { LocalDate } from '../components/local-date';
import { PasswordField } from '../components/password-field';
import { Purchases } from '../components/account/purchases';
import { PlanSettings } from '../components/learning/plan-settings';
import type { LearningPlan } from '@drone-exam/shared/schemas/learning';

export const meta: Route.MetaFunction = () =>
  pageMeta('Account', 'Your DroneCert Prep profile, password, premium access and purchases.');

const HISTORY_PAGE_SIZE = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const url = new URL(request.url);
  const payment = url.searchParams.get('payment');
  const banner: 'success' | 'cancelled' | null =
    payment === 'success' || payment === 'cancelled' ? payment : null;
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const { api } = serverApi(context, request);
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
      body: { returnUrl: new URL('/account', request.url).toString() },
    });
    if (result.success) throw redirect(result.data.url);
    return { intent, ok: false, error: result.error };
  }
  if (intent === 'profile') {
    const checked = validateForm(UpdateProfileSchema, formObject(form));
    if (!checked.ok) return { intent, ok: false, errors: checked.errors };
    const result = await api('/auth/profile', { method: 'PATCH', body: checked.data });
    return result.success
      ? { intent, ok: true, message: 'Your name has been updated.' }
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
  const { user, payment, history, historyError, paymentMethods, plan } = loaderData;
  return (
    <Container className="max-w-4xl">
      <PageHeader title="Account" intro="Your details, premium access and purchases." />
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
  if (payment === 'cancelled') {
    return (
      <Alert tone="info" title="Payment cancelled" className="mb-6">
        You have not been charged. You can buy premium access any time from the{' '}
        <Link to="/pricing" className="font-semibold underline">
          pricing page
        </Link>
        .
      </Alert>
    );
  }
  if (payment !== 'success') return null;
  if (!user.hasPremium || !user.premiumUntil) {
    // Stripe confirms through the webhook, which can land a few seconds after the redirect.
    return (
      <Alert tone="info" title="Payment received" className="mb-6">
        We are confirming it with the payment processor. Refresh this page in a moment to see your
        premium access.
      </Alert>
    );
  }
  return (
    <Alert tone="success" title="Payment successful" className="mb-6">
      Your premium access is active until <LocalDate value={user.premiumUntil} withTime />
    </Alert>
  );
}

function Profile({ user }: { user: PublicUser }) {
  const resend = useFetcher<AccountResult>();
  const sent = resend.data?.intent === 'resend' ? resend.data : null;
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Profile</h2>
      <dl className="mt-4 space-y-3 text-sm">
        <Row label="Name">
          {user.firstName} {user.lastName}
        </Row>
        <Row label="Email">
          <span className="break-all">{user.email}</span>{' '}
          {user.emailVerified ? (
            <Badge tone="green">Verified</Badge>
          ) : (
            <Badge tone="amber">Not verified</Badge>
          )}
        </Row>
        <Row label="Role">{user.role === 'admin' ? 'Administrator' : 'User'}</Row>
        <Row label="Member since">
          <LocalDate value={user.createdAt} />
        </Row>
      </dl>
      {!user.emailVerified && (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-700">
            Verify your email to secure your account and to buy premium access.
          </p>
          <resend.Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="resend" />
            <Button
              type="submit"
              variant="secondary"
              loading={resend.state !== 'idle'}
              loadingText="Sending…"
            >
              Resend verification email
            </Button>
          </resend.Form>
          <div aria-live="polite">
            {sent && (
              <Alert tone={sent.ok ? 'success' : 'error'} className="mt-3">
                {sent.message}
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
  const portal = useFetcher<AccountResult>();
  const portalError = portal.data?.intent === 'portal' ? portal.data.error : null;
  const lapsed = !user.hasPremium && user.premiumUntil;
  return (
    <Card data-testid="premium-status">
      <h2 className="text-lg font-semibold text-slate-900">Premium access</h2>
      {user.role === 'admin' ? (
        <Alert tone="info" className="mt-4" title="Admin Access - Full Premium Features" />
      ) : user.hasPremium && user.premiumUntil ? (
        <>
          <p className="mt-4 text-sm text-slate-700">
            <Badge tone="green">Active</Badge> Practice quizzes and timed exams are unlocked until{' '}
            <strong data-testid="premium-expiry">
              <LocalDate value={user.premiumUntil} withTime />
            </strong>
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <LinkButton to="/practice">Start practising</LinkButton>
            <LinkButton to="/pricing" variant="secondary">
              Extend by {PREMIUM_OFFER.durationDays} days
            </LinkButton>
          </div>
        </>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-700">
            {lapsed ? (
              <>
                Your premium access ended on <LocalDate value={user.premiumUntil!} />.
              </>
            ) : (
              'You are on the free plan: every study module, progress, bookmarks and notes.'
            )}{' '}
            Practice quizzes and timed exams are {formatCad(PREMIUM_OFFER.amountCents)} for{' '}
            {PREMIUM_OFFER.durationDays} days, one-time.
          </p>
          <div className="mt-4">
            <LinkButton to="/pricing">Get premium access</LinkButton>
          </div>
        </>
      )}
      {portalAvailable && (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">Billing</h3>
          {paymentMethods && paymentMethods.length > 0 && (
            <ul className="mt-2 space-y-1 text-sm text-slate-700" aria-label="Saved cards">
              {paymentMethods.map((method) => (
                <li key={method.id}>
                  <span className="capitalize">{method.brand}</span> ending in {method.last4},
                  expires {String(method.expMonth).padStart(2, '0')}/{method.expYear}
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
              loadingText="Opening…"
            >
              Receipts and payment methods
            </Button>
          </portal.Form>
          {portalError && (
            <Alert tone="error" className="mt-3">
              {portalError}
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
  const result = fetcher.data?.intent === intent ? fetcher.data : null;
  useEffect(() => {
    if (result?.ok && 'message' in result) toast.success(result.message);
  }, [result, toast]);
  const failed = result && !result.ok && 'errors' in result ? result : null;
  const { errors, check } = useFormValidation(schema, failed?.errors);
  return { fetcher, result, failed, errors, check };
}

function NameForm({ user }: { user: PublicUser }) {
  const { fetcher, failed, errors, check } = useAccountForm('profile', UpdateProfileSchema);
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Your name</h2>
      {failed && 'error' in failed && failed.error && (
        <Alert tone="error" className="mt-4">
          {failed.error}
        </Alert>
      )}
      <fetcher.Form method="post" noValidate className="mt-4 space-y-4" onSubmit={check}>
        <input type="hidden" name="intent" value="profile" />
        <Field
          label="First name"
          name="firstName"
          autoComplete="given-name"
          defaultValue={user.firstName}
          error={errors.firstName}
          required
        />
        <Field
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          defaultValue={user.lastName}
          error={errors.lastName}
          required
        />
        <Button type="submit" loading={fetcher.state !== 'idle'} loadingText="Saving…">
          Save name
        </Button>
      </fetcher.Form>
    </Card>
  );
}

function PasswordForm() {
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
      <h2 className="text-lg font-semibold text-slate-900">Change password</h2>
      {failed && 'error' in failed && failed.error && !failed.errors?.currentPassword && (
        <Alert tone="error" className="mt-4">
          {failed.error}
        </Alert>
      )}
      <fetcher.Form ref={form} method="post" noValidate className="mt-4 space-y-4" onSubmit={check}>
        <input type="hidden" name="intent" value="password" />
        <PasswordField
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          error={errors.currentPassword}
          required
        />
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. Your other devices will be signed out.`}
          error={errors.newPassword}
          required
        />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          error={errors.confirmPassword}
          required
        />
        <Button type="submit" loading={fetcher.state !== 'idle'} loadingText="Saving…">
          Change password
        </Button>
      </fetcher.Form>
    </Card>
  );
}
