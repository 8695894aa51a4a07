import { lazy, Suspense } from 'react';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/practice';

import { CreateAttemptSchema } from '@drone-exam/shared/schemas/quiz';
import { Alert, Container, PageHeader, Spinner } from '@drone-exam/shared/ui/ui';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { validateForm } from '../lib/forms';
import { formObject } from '../lib/form-data';
import { metaFromLoader } from '../lib/meta';
import { useFormat } from '../i18n/hooks';
import { localRedirect, pageMessages, serverT } from '../i18n/i18n.server';
import {
  PastAttempts,
  UnfinishedAttempts,
  type PastView,
} from '../components/practice/attempt-lists';
import { PremiumRequired } from '../components/practice/premium-required';
import { QuizSetup } from '../components/practice/quiz-setup';
import { useUser } from '../lib/use-user';
import { useOnline } from '../offline/online';
import { OFFICIAL_PASS_MARK, PRACTICE_PASS_MARK } from '@drone-exam/shared/schemas/quiz-values';
import type { ExamId } from '@drone-exam/shared/schemas/exam-values';

export const meta = metaFromLoader;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const t = serverT(context, 'practice');
  const text = {
    meta: { title: t('title'), description: t('description') },
    i18n: pageMessages(context, ['practice']),
  };
  if (!user.hasPremium) return { premium: false as const, ...text };
  const url = new URL(request.url);
  const view: PastView = url.searchParams.get('view') === 'abandoned' ? 'abandoned' : 'completed';
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  const { api } = serverApi(context, request);
  const [statistics, unfinished, past, pools, exams] = await Promise.all([
    api('/statistics'),
    api('/quiz/attempts', { query: { status: 'in-progress', limit: 10 } }),
    api('/quiz/attempts', { query: { status: view, page } }),
    api('/learning/pools'),
    api('/exams'),
  ]);
  return {
    premium: true as const,
    isAdmin: user.role === 'admin',
    // What a quiz of each exam can draw from each category.
    categoryCounts: statistics.success
      ? (Object.fromEntries(
          Object.entries(statistics.data.questionsByExam).map(([exam, rows]) => [
            exam,
            Object.fromEntries(rows.map((row) => [row.category, row.count])),
          ]),
        ) as Record<ExamId, Record<string, number>>)
      : null,
    unfinished: unfinished.success ? unfinished.data : null,
    past: past.success ? past.data : null,
    pools: pools.success ? pools.data : null,
    exams: exams.success ? exams.data.exams : [],
    targetExam: user.targetExam,
    view,
    ...text,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context, request);
  const form = await request.formData();
  // A retake names its attempt, not categories; the setup form's empty choice is an error to show.
  const categories = form.get('source') === 'attempt' ? undefined : form.getAll('categories');
  const values = { ...formObject(form), categories };
  const checked = validateForm(CreateAttemptSchema, values);
  if (!checked.ok) return { errors: checked.errors, error: null };
  const { api, setCookies } = serverApi(context, request);
  const result = await api('/quiz/attempt', {
    method: 'POST',
    body: checked.data,
  });
  if (!result.success) {
    return {
      errors: result.fields ?? {},
      error: serverT(context, 'practice')('startFailed', { reason: result.error }),
    };
  }
  // The API's read-your-writes bookmark rides along, so the quiz page sees the new attempt.
  const headers = new Headers();
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  const screen = result.data.attempt.mode === 'find' ? 'find' : 'quiz';
  throw localRedirect(context, `/${screen}/${result.data.attempt.id}`, { headers });
}

/** Shown only offline: its saved modules (IndexedDB) load then, not with every practice page. */
const OfflinePractice = lazy(() =>
  import('../components/offline/saved-modules-list').then((module) => ({
    default: module.OfflinePractice,
  })),
);

export default function Practice({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(['practice', 'common']);
  const format = useFormat();
  const online = useOnline();
  const owner = useUser()?.id ?? null;
  // Quizzes need the server (it judges every answer): offline, the saved modules instead.
  if (!online) {
    return (
      <Container>
        <Suspense fallback={<Spinner label={t('common:offline.loadingSaved')} />}>
          <OfflinePractice owner={owner} />
        </Suspense>
      </Container>
    );
  }
  if (!loaderData.premium) return <PremiumRequired />;
  const { categoryCounts, unfinished, past, pools, view, isAdmin, exams, targetExam } = loaderData;
  // The marks of the exam the learner prepares for (Advanced: 80 % official).
  const target = exams.find((exam) => exam.id === targetExam);
  return (
    <Container>
      <PageHeader
        title={t('title')}
        intro={t('intro', {
          practice: format.percent(target?.practicePassMark ?? PRACTICE_PASS_MARK),
          official: format.percent(target?.passMark ?? OFFICIAL_PASS_MARK),
        })}
      />
      {isAdmin && <Alert tone="info" className="mb-6" title={t('common:adminAccess')} />}
      <div className="grid gap-8 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <QuizSetup
            categoryCounts={categoryCounts}
            initialPools={pools}
            exams={exams}
            targetExam={targetExam}
            serverErrors={actionData?.errors ?? {}}
            serverError={actionData?.error ?? null}
          />
        </div>
        <div className="lg:col-span-2">
          <UnfinishedAttempts list={unfinished} />
        </div>
      </div>
      <PastAttempts list={past} view={view} />
    </Container>
  );
}
