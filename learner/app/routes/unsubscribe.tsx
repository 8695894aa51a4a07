import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/unsubscribe';
import { UnsubscribeSchema, type UnsubscribeResult } from '@drone-exam/shared/schemas/learning';
import { Alert, Button, Card, Container } from '@drone-exam/shared/ui/ui';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = () => [
  ...pageMeta(
    'Stop reminder emails',
    'Stop the review or recency reminder emails of DroneCert Prep.',
  ),
  { name: 'robots', content: 'noindex' },
];

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

const KIND_NAMES: Record<UnsubscribeResult['kind'], string> = {
  review: 'daily review reminders',
  recency: 'recency reminders',
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const checked = UnsubscribeSchema.safeParse({ token: form.get('token') });
  if (!checked.success)
    return { ok: false as const, error: 'This unsubscribe link is incomplete.' };
  const { api } = serverApi(context, request);
  const result = await api<UnsubscribeResult>('/learning/unsubscribe', {
    method: 'POST',
    body: checked.data,
  });
  return result.success
    ? { ok: true as const, kind: result.data.kind }
    : { ok: false as const, error: result.error };
}

/**
 * The reminder emails' unsubscribe link: works signed out (the token is signed). One button, so a
 * mail scanner that opens the link does not unsubscribe anyone.
 */
export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <Container className="max-w-xl">
      <Card className="mt-8">
        <h1 className="text-2xl font-bold text-slate-900">Stop reminder emails</h1>
        <div aria-live="polite">
          {actionData?.ok ? (
            <Alert tone="success" className="mt-4" title="You are unsubscribed">
              You will no longer get {KIND_NAMES[actionData.kind]}. You can turn them back on from
              your{' '}
              <Link to="/account" className="font-semibold underline">
                account page
              </Link>
              .
            </Alert>
          ) : (
            actionData?.error && (
              <Alert tone="error" className="mt-4">
                {actionData.error}
              </Alert>
            )
          )}
        </div>
        {!actionData?.ok &&
          (loaderData.token ? (
            <Form method="post" className="mt-4">
              <input type="hidden" name="token" value={loaderData.token} />
              <p className="text-slate-700">Stop this kind of reminder email?</p>
              <Button
                type="submit"
                className="mt-4"
                loading={navigation.state !== 'idle'}
                loadingText="Unsubscribing…"
              >
                Unsubscribe
              </Button>
            </Form>
          ) : (
            <p className="mt-4 text-slate-700">
              This link has no token. Change your reminders on your{' '}
              <Link to="/account" className="font-semibold text-sky-700 underline">
                account page
              </Link>
              .
            </p>
          ))}
      </Card>
    </Container>
  );
}
