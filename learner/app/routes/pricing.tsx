import { Form, Link, redirect, useNavigation, type RouterContextProvider } from 'react-router';
import type { Route } from './+types/pricing';
import { userContext } from '../context';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { Alert, Button, Card, Container, LinkButton, PageHeader } from '@drone-exam/shared/ui/ui';
import {
  EXAM_MODE_QUESTIONS,
  EXAM_TIME_LIMIT_MINUTES,
  PREMIUM_OFFER,
  STUDY_MODE_QUESTIONS,
} from '@drone-exam/shared/constants';
import { formatCad } from '@drone-exam/shared/text';
import { CHECKOUT_ERROR } from '@drone-exam/shared';

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Pricing',
    `Practice quizzes and timed exams: ${formatCad(PREMIUM_OFFER.amountCents)} for ${PREMIUM_OFFER.durationDays} days, one-time.`,
  );

/** Starts checkout and redirects to it; an answer only when it could not start. */
async function startCheckout(context: Readonly<RouterContextProvider>, request: Request) {
  const origin = new URL(request.url).origin;
  const { api } = serverApi(context, request);
  const result = await api<{ url: string }>('/payments/create-checkout-session', {
    method: 'POST',
    body: {
      priceId: PREMIUM_OFFER.priceId,
      successUrl: `${origin}/account?payment=success`,
      cancelUrl: `${origin}/account?payment=cancelled`,
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
  // A visitor who chose premium, registered and verified arrives here with the intent: straight to checkout.
  const intent = new URL(request.url).searchParams.get('intent');
  if (intent === 'premium' && user && !user.hasPremium && user.emailVerified) {
    const failed = await startCheckout(context, request);
    return { user, error: failed.error };
  }
  return { user, error: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!context.get(userContext)) throw redirect('/auth/register?intent=premium');
  return startCheckout(context, request);
}

const INCLUDED = [
  `Study mode: ${STUDY_MODE_QUESTIONS} questions at your own pace, with the explanation after each answer`,
  `Exam mode: ${EXAM_MODE_QUESTIONS} questions under a ${EXAM_TIME_LIMIT_MINUTES}-minute timer, like the real exam`,
  'Choose the knowledge areas you want to drill',
  'A full review of every attempt: your answer, the right one and why',
  'Your scores and progress on the dashboard',
];

export default function Pricing({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const error = actionData?.error ?? loaderData.error;
  const busy = useNavigation().state !== 'idle';
  const expires =
    user?.hasPremium && user.role !== 'admin' && user.premiumUntil
      ? new Date(user.premiumUntil)
      : null;
  return (
    <Container>
      <PageHeader
        title="Simple pricing"
        intro="Every study module is free. Unlock practice quizzes and timed exams when you are ready to test yourself."
      />
      <div className="grid gap-8 lg:grid-cols-2">
        <Card>
          <h2 className="text-xl font-semibold text-slate-900">Free</h2>
          <p className="mt-2 text-3xl font-bold text-slate-900">CA$0</p>
          <ul className="mt-6 space-y-2 text-slate-700">
            <li>All seven study modules</li>
            <li>Reading progress, bookmarks and notes</li>
            <li>Search across every module</li>
          </ul>
          <div className="mt-8">
            <LinkButton to={user ? '/study' : '/register'} variant="secondary">
              {user ? 'Go to study modules' : 'Create a free account'}
            </LinkButton>
          </div>
        </Card>
        <Card className="ring-2 ring-sky-600" data-testid="premium-offer">
          <h2 className="text-xl font-semibold text-slate-900">{PREMIUM_OFFER.name}</h2>
          <p className="mt-2">
            <span className="text-3xl font-bold text-slate-900">
              {formatCad(PREMIUM_OFFER.amountCents)}
            </span>{' '}
            <span className="text-slate-600">
              one-time · {PREMIUM_OFFER.durationDays} days of access · not a subscription
            </span>
          </p>
          <ul className="mt-6 space-y-2 text-slate-700">
            {INCLUDED.map((item) => (
              <li key={item} className="flex gap-2">
                <span aria-hidden="true" className="text-emerald-600">
                  ✓
                </span>
                {item}
              </li>
            ))}
          </ul>
          {user?.role === 'admin' && (
            <Alert tone="info" className="mt-6" title="Admin Access - Full Premium Features" />
          )}
          {expires && (
            <Alert tone="success" className="mt-6" title="Your premium access is active">
              It runs until {expires.toLocaleDateString('en-CA', { dateStyle: 'long' })}. Buying
              again adds {PREMIUM_OFFER.durationDays} days after that date.
            </Alert>
          )}
          {user && !user.emailVerified && user.role !== 'admin' && (
            <Alert tone="warning" className="mt-6" title="Verify your email to buy">
              Open the link we emailed you, or{' '}
              <Link to="/account" className="font-semibold underline">
                send a new one from your account
              </Link>
              .
            </Alert>
          )}
          {error && (
            <Alert tone="error" className="mt-6">
              {error}
            </Alert>
          )}
          <div className="mt-8">
            {user ? (
              user.role !== 'admin' && (
                <Form method="post">
                  <Button type="submit" loading={busy} loadingText="Starting checkout…">
                    {expires
                      ? `Extend by ${PREMIUM_OFFER.durationDays} days`
                      : `Buy for ${formatCad(PREMIUM_OFFER.amountCents)}`}
                  </Button>
                </Form>
              )
            ) : (
              <LinkButton to="/auth/register?intent=premium">Get premium access</LinkButton>
            )}
          </div>
          <p className="mt-4 text-xs text-slate-500">
            Prices in Canadian dollars. Payment is handled by Stripe.
          </p>
        </Card>
      </div>
    </Container>
  );
}
