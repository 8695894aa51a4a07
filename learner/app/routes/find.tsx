import { data } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/find';
import { Container } from '@drone-exam/shared/ui/ui';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { metaFromLoader } from '../lib/meta';
import { LinkButton } from '../components/links';
import { useMessage } from '../i18n/hooks';
import { localRedirect, pageMessages, serverT } from '../i18n/i18n.server';
import { FindDrill } from '../components/find/find-drill';
import { FindResultsView } from '../components/find/find-results';
import { QUIZ_ERRORS } from '../components/quiz/constants';

export const meta = metaFromLoader;

/**
 * The open-book drill "Find it" (issue 29): its items while it runs, its results once it is done.
 * Every other attempt has the quiz screens.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireUser(context, request);
  const { api } = serverApi(context, request);
  const result = await api(`/quiz/attempt/${params.attemptId}`);
  const t = serverT(context, 'quiz');
  const text = {
    meta: { title: t('find.title'), description: t('find.description') },
    i18n: pageMessages(context, ['quiz']),
  };
  if (!result.success) {
    if (result.code === 'PREMIUM_REQUIRED') throw localRedirect(context, '/practice');
    return data({ attempt: null, ...text }, { status: result.status === 404 ? 404 : 500 });
  }
  if (result.data.attempt.mode !== 'find') {
    throw localRedirect(context, `/quiz/${params.attemptId}`);
  }
  return { attempt: result.data.attempt, ...text };
}

export default function Find({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation('quiz');
  const message = useMessage();
  const { attempt } = loaderData;
  if (!attempt) {
    return (
      <Container className="max-w-xl py-8 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{message(QUIZ_ERRORS.loadQuizTitle)}</h1>
        <p className="mt-3 text-slate-600">{message(QUIZ_ERRORS.loadAttempt)}</p>
        <LinkButton to="/practice" className="mt-6">
          {t('returnToPractice')}
        </LinkButton>
      </Container>
    );
  }
  if (attempt.status !== 'in-progress') return <FindResultsView attempt={attempt} />;
  return <FindDrill key={params.attemptId} attempt={attempt} />;
}
