import { useTranslation } from '../i18n/react';
import type { Route } from './+types/recency';

import { Alert, Button, Card, Container, PageHeader } from '@drone-exam/shared/ui/ui';
import { userContext } from '../context';
import { serverApi } from '../lib/api.server';
import { metaFromLoader } from '../lib/meta';
import { usePlanText } from '../components/learning/format';
import { Link, LinkButton } from '../components/links';
import { useLocalizedPath, useMessage } from '../i18n/hooks';
import { pageMessages, serverT } from '../i18n/i18n.server';
import { useLearningResult } from '../components/learning/use-learning-result';
import {
  RECENCY_MONTHS,
  RECENCY_PROGRAM_TOPICS,
  RECENCY_SET_QUESTIONS,
} from '@drone-exam/shared/schemas/learning-values';

export const meta = metaFromLoader;

export async function loader({ request, context }: Route.LoaderArgs) {
  const t = serverT(context, 'learning');
  const text = {
    meta: { title: t('recency.title'), description: t('recency.description') },
    i18n: pageMessages(context, ['learning']),
  };
  const user = context.get(userContext);
  if (!user) return { signedIn: false as const, premium: false, plan: null, ...text };
  const { api } = serverApi(context, request);
  const plan = await api('/learning/plan');
  return {
    signedIn: true as const,
    premium: user.hasPremium,
    plan: plan.success ? plan.data : null,
    ...text,
  };
}

/**
 * Staying current (CARs 901.56): what recency asks, the learner's own recency date, and the
 * "Recency review" practice set on the topics of TC's current self-paced program. A study aid: it
 * says so, and never claims to complete the program.
 */
export default function Recency({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('learning');
  const message = useMessage();
  const localized = useLocalizedPath();
  const { recencyLine } = usePlanText();
  const { signedIn, premium, plan } = loaderData;
  const { fetcher: start, action, failed } = useLearningResult(['recency']);
  return (
    <Container className="max-w-3xl">
      <PageHeader title={t('recency.title')} intro={t('recency.intro')} />
      <Alert tone="info" title={t('recency.aidTitle')}>
        {t('recency.aid')}
      </Alert>

      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-slate-900">{t('recency.asksTitle')}</h2>
        <p className="mt-3 text-slate-700">{t('recency.asks', { months: RECENCY_MONTHS })}</p>
        {signedIn && plan && (
          <p className="mt-3 text-sm text-slate-700" data-testid="recency-line">
            {recencyLine(plan)}{' '}
            <Link to="/account" className="font-semibold text-sky-700 hover:underline">
              {t('recency.changeOnAccount')}
            </Link>
          </p>
        )}
      </Card>

      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-slate-900">{t('recency.topicsTitle')}</h2>
        <p className="mt-2 text-sm text-slate-600">
          {t('recency.topicsIntro', { count: RECENCY_SET_QUESTIONS })}
        </p>
        <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-800">
          {RECENCY_PROGRAM_TOPICS.map((program) => (
            <li key={program}>
              {t(`recency.topics.${program}`)}{' '}
              <span className="text-sm text-slate-500">({program})</span>
            </li>
          ))}
        </ul>
        <div className="mt-6">
          {!signedIn ? (
            <LinkButton to={`/login?redirectTo=${encodeURIComponent(localized('/recency'))}`}>
              {t('recency.signIn')}
            </LinkButton>
          ) : premium ? (
            <start.Form method="post" action={action}>
              <input type="hidden" name="intent" value="recency" />
              <Button type="submit" loading={start.state !== 'idle'} loadingText={t('starting')}>
                {t('recency.start')}
              </Button>
            </start.Form>
          ) : (
            <LinkButton to="/pricing">{t('recency.getPremium')}</LinkButton>
          )}
          {failed?.error && (
            <Alert tone="error" className="mt-3">
              {message(failed.error)}
            </Alert>
          )}
        </div>
      </Card>
    </Container>
  );
}
