import { Form, useNavigation } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/unsubscribe';
import { UnsubscribeSchema, type UnsubscribeResult } from '@drone-exam/shared/schemas/learning';
import { Alert, Button, Card, Container } from '@drone-exam/shared/ui/ui';
import { serverApi } from '../lib/api.server';
import { metaFromLoader } from '../lib/meta';
import { Link } from '../components/links';
import { useMessage } from '../i18n/hooks';
import { pageMessages, serverT } from '../i18n/i18n.server';

export const meta: Route.MetaFunction = (args) => [
  ...metaFromLoader(args),
  { name: 'robots', content: 'noindex' },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const t = serverT(context, 'learning');
  return {
    token: new URL(request.url).searchParams.get('token') ?? '',
    meta: { title: t('unsubscribe.title'), description: t('unsubscribe.description') },
    i18n: pageMessages(context, ['learning']),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const checked = UnsubscribeSchema.safeParse({ token: form.get('token') });
  if (!checked.success) {
    return { ok: false as const, error: serverT(context, 'learning')('unsubscribe.incomplete') };
  }
  const { api } = serverApi(context, request);
  const result = await api('/learning/unsubscribe', {
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
  const { t } = useTranslation('learning');
  const message = useMessage();
  const navigation = useNavigation();
  const kind = (done: UnsubscribeResult['kind']) => t(`unsubscribe.kinds.${done}`);
  return (
    <Container className="max-w-xl">
      <Card className="mt-8">
        <h1 className="text-2xl font-bold text-slate-900">{t('unsubscribe.title')}</h1>
        <div aria-live="polite">
          {actionData?.ok ? (
            <Alert tone="success" className="mt-4" title={t('unsubscribe.doneTitle')}>
              {t('unsubscribe.doneBefore', { kind: kind(actionData.kind) })}{' '}
              <Link to="/account" className="font-semibold underline">
                {t('unsubscribe.accountPage')}
              </Link>
              {t('unsubscribe.doneAfter')}
            </Alert>
          ) : (
            actionData?.error && (
              <Alert tone="error" className="mt-4">
                {message(actionData.error)}
              </Alert>
            )
          )}
        </div>
        {!actionData?.ok &&
          (loaderData.token ? (
            <Form method="post" className="mt-4">
              <input type="hidden" name="token" value={loaderData.token} />
              <p className="text-slate-700">{t('unsubscribe.confirm')}</p>
              <Button
                type="submit"
                className="mt-4"
                loading={navigation.state !== 'idle'}
                loadingText={t('unsubscribe.unsubscribing')}
              >
                {t('unsubscribe.submit')}
              </Button>
            </Form>
          ) : (
            <p className="mt-4 text-slate-700">
              {t('unsubscribe.noTokenBefore')}{' '}
              <Link to="/account" className="font-semibold text-sky-700 underline">
                {t('unsubscribe.accountPage')}
              </Link>
              {t('unsubscribe.noTokenAfter')}
            </p>
          ))}
      </Card>
    </Container>
  );
}
