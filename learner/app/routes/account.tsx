import { redirect } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/account';
import {
  ChangePasswordFormSchema,
  UpdateProfileSchema,
  VERIFICATION_SEND_FAILED,
  VERIFICATION_SENT,
} from '@drone-exam/shared';
import { localizedPath } from '@drone-exam/shared/i18n';
import { Container, PageHeader } from '@drone-exam/shared/ui/ui';

import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { userContext } from '../context';
import { validateForm } from '../lib/forms';
import { formObject } from '../lib/form-data';
import { metaFromLoader } from '../lib/meta';
import { Purchases } from '../components/account/purchases';
import type { AccountResult } from '../components/account/account-result';
import { NameForm, PasswordForm } from '../components/account/account-forms';
import { PaymentBanner, Premium, Profile } from '../components/account/status-cards';
import { PlanSettings } from '../components/learning/plan-settings';
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
  const history = await api('/payments/history', {
    query: { page, limit: HISTORY_PAGE_SIZE },
  });
  const [methods, plan, goal] = await Promise.all([
    history.success && history.data.portalAvailable ? api('/payments/payment-methods') : null,
    api('/learning/plan'),
    api('/learning/goal'),
  ]);
  return {
    user,
    payment: banner,
    history: history.success ? history.data : null,
    historyError: history.success ? null : history.error,
    paymentMethods: methods?.success ? methods.data.paymentMethods : null,
    plan: plan.success ? plan.data : null,
    goal: goal.success ? goal.data : null,
    meta: { title: t('title'), description: t('description') },
    i18n: pageMessages(context, ['account', 'auth', 'learning']),
  };
}

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
    const result = await api('/payments/create-portal-session', {
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
    if (!result.success) return { intent, ok: false, error: result.error, errors: result.fields };
    // The page's loaders run after this in the same request when the form went as a plain post
    // (sent before the page hydrated): they show the saved name, not the one the request began with.
    context.set(userContext, result.data.user);
    return { intent, ok: true, message: serverT(context, 'account')('name.saved') };
  }
  const checked = validateForm(ChangePasswordFormSchema, formObject(form));
  if (!checked.ok) return { intent: 'password', ok: false, errors: checked.errors };
  const { currentPassword, newPassword } = checked.data;
  const result = await api('/auth/change-password', {
    method: 'POST',
    body: { currentPassword, newPassword },
  });
  return result.success
    ? { intent: 'password', ok: true, message: result.data.message }
    : { intent: 'password', ok: false, error: result.error, errors: result.fields };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const { user, payment, history, historyError, paymentMethods, plan, goal } = loaderData;
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
          fromClass={history?.premiumFrom === 'class'}
        />
      </div>
      <PlanSettings plan={plan} goal={goal} />
      <Purchases history={history} error={historyError} />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <NameForm user={user} />
        <PasswordForm />
      </div>
    </Container>
  );
}
