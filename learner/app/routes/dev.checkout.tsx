import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/dev.checkout';
import { CHECKOUT_ERROR } from '@drone-exam/shared';
import { formatCad } from '@drone-exam/shared/text';
import { Alert, Button, Card, Container, LinkButton } from '@drone-exam/shared/ui/ui';
import { cloudflareContext } from '../context';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Test checkout',
    'The local stand-in for Stripe Checkout, used when no Stripe key is set.',
  );

/**
 * The local stand-in for Stripe Checkout (development without a Stripe key, ARCHITECTURE.md):
 * Pay runs the same fulfilment as the webhook and returns to /account?payment=success.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.get(cloudflareContext).env.ENVIRONMENT === 'production')
    throw data(null, { status: 404 });
  requireUser(context, request);
  const session = new URL(request.url).searchParams.get('session') ?? '';
  const { api } = serverApi(context, request);
  const result = await api(`/payments/dev-checkout/${encodeURIComponent(session)}`);
  if (!result.success) {
    if (result.status === 404 || result.status === 400) return { checkout: null };
    throw data(null, { status: result.status || 500 });
  }
  return { checkout: result.data };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context, request);
  const form = await request.formData();
  const session = encodeURIComponent(String(form.get('session') ?? ''));
  const choice = form.get('intent') === 'cancel' ? 'cancel' : 'pay';
  const { api } = serverApi(context, request);
  const result = await api(`/payments/dev-checkout/${session}/${choice}`, {
    method: 'POST',
  });
  if (!result.success) return { error: result.error || CHECKOUT_ERROR };
  throw redirect(result.data.redirectTo);
}

export default function DevCheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { checkout } = loaderData;

  if (!checkout) {
    return (
      <Container className="max-w-md">
        <Card>
          <h1 className="text-2xl font-bold text-slate-900">Checkout not found</h1>
          <p className="mt-3 text-slate-700">
            This checkout has expired or does not belong to your account. Start again from the
            pricing page.
          </p>
          <div className="mt-6">
            <LinkButton to="/pricing">Back to pricing</LinkButton>
          </div>
        </Card>
      </Container>
    );
  }

  const { offer } = checkout;
  return (
    <Container className="max-w-md">
      <Alert tone="warning" title="Test checkout" className="mb-6">
        This is the local stand-in for Stripe. No card is charged; Pay grants premium exactly as a
        real payment would.
      </Alert>
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Checkout</h1>
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Item</dt>
            <dd className="font-medium text-slate-900">{offer.name}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Access</dt>
            <dd className="text-slate-900">{offer.durationDays} days, one-time</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Email</dt>
            <dd className="break-all text-slate-900">{checkout.email}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-slate-200 pt-2">
            <dt className="font-semibold text-slate-900">Total</dt>
            <dd className="font-semibold text-slate-900">
              {formatCad(offer.amountCents)} {offer.currency}
            </dd>
          </div>
        </dl>
        {actionData?.error && (
          <Alert tone="error" className="mt-4">
            {actionData.error}
          </Alert>
        )}
        {checkout.paid ? (
          <div className="mt-6">
            <Alert tone="success" title="This checkout is already paid." />
            <LinkButton to="/account" className="mt-4">
              Go to my account
            </LinkButton>
          </div>
        ) : (
          // Leaving Stripe's page is a whole page load: the account page starts afresh, in its
          // own language (this page is English-only).
          <Form method="post" reloadDocument className="mt-6 flex flex-col gap-3 sm:flex-row">
            <input type="hidden" name="session" value={checkout.id} />
            <Button type="submit" name="intent" value="pay">
              Pay {formatCad(offer.amountCents)}
            </Button>
            <Button type="submit" name="intent" value="cancel" variant="secondary">
              Cancel
            </Button>
          </Form>
        )}
      </Card>
    </Container>
  );
}
