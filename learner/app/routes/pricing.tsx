import { Form, redirect, type RouterContextProvider } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/pricing';
import { userContext } from '../context';
import { serverApi } from '../lib/api.server';
import { metaFromLoader } from '../lib/meta';
import { Alert, Button, Card, Container, PageHeader } from '@drone-exam/shared/ui/ui';
import { formatMoney, localizedPath } from '@drone-exam/shared/i18n';
import { CHECKOUT_ERROR } from '@drone-exam/shared';
import { Link, LinkButton } from '../components/links';
import { useFormat, useMessage } from '../i18n/hooks';
import { localeOf, localRedirect, pageMessages, serverT } from '../i18n/i18n.server';
import { staticPage } from '../root';
import {
  EXAM_MODE_QUESTIONS,
  EXAM_TIME_LIMIT_MINUTES,
  STUDY_MODE_QUESTIONS,
} from '@drone-exam/shared/schemas/quiz-values';
import { PREMIUM_OFFER } from '@drone-exam/shared/schemas/payments-values';

export const meta = metaFromLoader;

/** Copy, links and one plain form post: the page ships no script (issue 27). */
export const handle = staticPage;

/** Starts checkout and redirects to it; an answer only when it could not start. */
async function startCheckout(context: Readonly<RouterContextProvider>, request: Request) {
  const origin = new URL(request.url).origin;
  const account = localizedPath('/account', localeOf(context));
  const { api } = serverApi(context, request);
  const result = await api('/payments/create-checkout-session', {
    method: 'POST',
    body: {
      priceId: PREMIUM_OFFER.priceId,
      successUrl: `${origin}${account}?payment=success`,
      cancelUrl: `${origin}${account}?payment=cancelled`,
    },
  });
  if (!result.success) {
    // An unverified learner is told what to do; anything else gets the spec's alert.
    return { error: result.code === 'EMAIL_NOT_VERIFIED' ? result.error : CHECKOUT_ERROR };
  }
  throw redirect(result.data.url);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const t = serverT(context, 'pricing');
  const page = {
    meta: {
      title: t('meta.title'),
      description: t('meta.description', {
        price: formatMoney(PREMIUM_OFFER.amountCents, localeOf(context)),
        count: PREMIUM_OFFER.durationDays,
      }),
    },
    i18n: pageMessages(context, ['pricing']),
  };
  // A visitor who chose premium, registered and verified arrives here with the intent: straight to checkout.
  const intent = new URL(request.url).searchParams.get('intent');
  if (intent === 'premium' && user && !user.hasPremium && user.emailVerified) {
    const failed = await startCheckout(context, request);
    return { user, error: failed.error, ...page };
  }
  return { user, error: null, ...page };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!context.get(userContext)) throw localRedirect(context, '/auth/register?intent=premium');
  return startCheckout(context, request);
}

const INCLUDED = ['exams', 'study', 'exam', 'areas', 'review', 'progress'] as const;

export default function Pricing({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(['pricing', 'common']);
  const format = useFormat();
  const message = useMessage();
  const { user } = loaderData;
  const error = actionData?.error ?? loaderData.error;
  const days = PREMIUM_OFFER.durationDays;
  const price = format.money(PREMIUM_OFFER.amountCents);
  const expires =
    user?.hasPremium && user.role !== 'admin' && user.premiumUntil
      ? new Date(user.premiumUntil)
      : null;
  return (
    <Container>
      <PageHeader title={t('title')} intro={t('intro')} />
      <div className="grid gap-8 lg:grid-cols-2">
        <Card>
          <h2 className="text-xl font-semibold text-slate-900">{t('free.title')}</h2>
          <p className="mt-2 text-3xl font-bold text-slate-900">{format.money(0)}</p>
          <ul className="mt-6 space-y-2 text-slate-700">
            <li>{t('free.modules')}</li>
            <li>{t('free.tools')}</li>
            <li>{t('free.search')}</li>
          </ul>
          <div className="mt-8">
            <LinkButton to={user ? '/study' : '/register'} variant="secondary">
              {user ? t('free.goStudy') : t('free.register')}
            </LinkButton>
          </div>
        </Card>
        <Card className="ring-2 ring-sky-600" data-testid="premium-offer">
          <h2 className="text-xl font-semibold text-slate-900">{t('common:plan.name')}</h2>
          <p className="mt-2">
            <span className="text-3xl font-bold text-slate-900">{price}</span>{' '}
            <span className="text-slate-600">{t('premium.terms', { count: days })}</span>
          </p>
          <ul className="mt-6 space-y-2 text-slate-700">
            {INCLUDED.map((item) => (
              <li key={item} className="flex gap-2">
                <span aria-hidden="true" className="text-emerald-600">
                  ✓
                </span>
                {t(`premium.included.${item}`, {
                  studyQuestions: STUDY_MODE_QUESTIONS,
                  examQuestions: EXAM_MODE_QUESTIONS,
                  minutes: EXAM_TIME_LIMIT_MINUTES,
                })}
              </li>
            ))}
          </ul>
          {user?.role === 'admin' && (
            <Alert tone="info" className="mt-6" title={t('common:adminAccess')} />
          )}
          {expires && (
            <Alert tone="success" className="mt-6" title={t('premium.active')}>
              {t('premium.activeUntil', {
                date: format.date(expires, { timeZone: 'UTC' }),
                count: days,
              })}
            </Alert>
          )}
          {user && !user.emailVerified && user.role !== 'admin' && (
            <Alert tone="warning" className="mt-6" title={t('verify.title')}>
              {t('verify.before')}
              <Link to="/account" className="font-semibold underline">
                {t('verify.link')}
              </Link>
              {t('verify.after')}
            </Alert>
          )}
          {error && (
            <Alert tone="error" className="mt-6">
              {message(error)}
            </Alert>
          )}
          <div className="mt-8">
            {user ? (
              user.role !== 'admin' && (
                <Form method="post">
                  <Button type="submit">
                    {expires ? t('premium.extend', { count: days }) : t('premium.buy', { price })}
                  </Button>
                </Form>
              )
            ) : (
              <LinkButton to="/auth/register?intent=premium">{t('premium.get')}</LinkButton>
            )}
          </div>
          <p className="mt-4 text-sm">
            <Link to="/advanced" className="font-semibold text-sky-800 hover:underline">
              {t('premium.advancedLink')}
            </Link>
          </p>
          <p className="mt-4 text-xs text-slate-500">{t('premium.footnote')}</p>
        </Card>
      </div>
    </Container>
  );
}
