import { data, Form, useNavigation } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/quiz-results';
import type { AttemptDetail } from '@drone-exam/shared/schemas/quiz';
import { meetsPassMark, scoreColour } from '@drone-exam/shared/text';
import { Alert, Button, Card, Container } from '@drone-exam/shared/ui/ui';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { metaFromLoader } from '../lib/meta';
import { LinkButton } from '../components/links';
import { useFormat, useLocalizedPath, useMessage } from '../i18n/hooks';
import { localRedirect, pageMessages, serverT } from '../i18n/i18n.server';
import { LocalDate } from '../components/local-date';
import { SCORE_TEXT, ScoreBadge } from '../components/score';
import { Review } from '../components/quiz/review';
import { useKeepPage } from '../components/offline/use-keep-page';
import { QUIZ_ERRORS } from '../components/quiz/constants';
import { OFFICIAL_PASS_MARK, PRACTICE_PASS_MARK } from '@drone-exam/shared/schemas/quiz-values';

export const meta = metaFromLoader;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireUser(context, request);
  const { api } = serverApi(context, request);
  const result = await api(`/quiz/attempt/${params.attemptId}`);
  const t = serverT(context, 'quiz');
  const text = {
    meta: { title: t('results.title'), description: t('results.description') },
    i18n: pageMessages(context, ['quiz']),
  };
  if (!result.success) {
    if (result.code === 'PREMIUM_REQUIRED') throw localRedirect(context, '/practice');
    return data({ attempt: null, ...text }, { status: result.status === 404 ? 404 : 500 });
  }
  if (result.data.attempt.mode === 'find')
    throw localRedirect(context, `/find/${params.attemptId}`);
  if (result.data.attempt.status === 'in-progress') {
    throw localRedirect(context, `/quiz/${params.attemptId}`);
  }
  return { attempt: result.data.attempt, ...text };
}

export default function QuizResults({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation(['quiz', 'common']);
  const message = useMessage();
  const localized = useLocalizedPath();
  const { attempt } = loaderData;
  // A finished attempt never changes: one copy for offline review is enough.
  useKeepPage(attempt ? localized(`/quiz/${params.attemptId}/results`) : null, Infinity);
  if (!attempt) {
    return (
      <Container className="max-w-xl py-8 text-center">
        <h1 className="text-2xl font-bold text-slate-900">
          {message(QUIZ_ERRORS.loadResultsTitle)}
        </h1>
        <p className="mt-3 text-slate-600">{message(QUIZ_ERRORS.loadResults)}</p>
        <LinkButton to="/practice" className="mt-6">
          {t('returnToPractice')}
        </LinkButton>
      </Container>
    );
  }
  return (
    <Container className="max-w-4xl">
      <header className="mb-8">
        <p className="text-sm font-semibold text-sky-700">{t(`common:modes.${attempt.mode}`)}</p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {t('results.title')}
        </h1>
        <p className="mt-2 text-slate-600">
          {attempt.completedAt ? t('results.finished') : t('results.started')}{' '}
          <LocalDate value={attempt.completedAt ?? attempt.startedAt} withTime />
        </p>
      </header>
      <Summary attempt={attempt} />
      {attempt.categoryScores.length > 0 && <CategoryScores attempt={attempt} />}
      <Review questions={attempt.questions} />
      <div className="mt-10 flex flex-wrap gap-3">
        <Retake attempt={attempt} />
        <LinkButton to="/practice">{t('results.another')}</LinkButton>
        <LinkButton to="/dashboard" variant="secondary">
          {t('results.backDashboard')}
        </LinkButton>
      </div>
    </Container>
  );
}

function Summary({ attempt }: { attempt: AttemptDetail }) {
  const { t } = useTranslation('quiz');
  const format = useFormat();
  if (attempt.score === null) {
    return (
      <Alert tone="warning" title={t('results.abandonedTitle')}>
        {t('results.abandoned', { answered: attempt.answeredCount, count: attempt.questionCount })}
      </Alert>
    );
  }
  const { score } = attempt;
  const officialPass = meetsPassMark(score, OFFICIAL_PASS_MARK);
  return (
    <Card className="grid gap-6 sm:grid-cols-3">
      <div>
        <p className="text-sm font-medium text-slate-600">{t('results.yourScore')}</p>
        <p
          className={`mt-1 text-5xl font-bold ${SCORE_TEXT[scoreColour(score)]}`}
          data-testid="score"
        >
          {format.percent(Math.round(score))}
        </p>
        <p
          className={`mt-2 inline-flex rounded-full px-3 py-1 text-sm font-semibold ${attempt.passed ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'}`}
        >
          {attempt.passed ? t('results.passed') : t('results.notPassed')}
        </p>
      </div>
      <div className="sm:col-span-2">
        <dl className="grid grid-cols-2 gap-4 text-sm">
          <div>
            <dt className="text-slate-600">{t('results.correct')}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">
              {t('results.of', { value: attempt.correctCount, count: attempt.questionCount })}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('results.time')}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">
              {format.duration(attempt.timeSpent)}
              {attempt.timeLimit !== null && (
                <span className="text-sm font-normal text-slate-600">
                  {' '}
                  {t('results.timeLimit', { count: attempt.timeLimit })}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('results.practiceMark')}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">
              {format.percent(PRACTICE_PASS_MARK)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('results.officialMark')}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">
              {format.percent(OFFICIAL_PASS_MARK)}
            </dd>
          </div>
        </dl>
        {/* Outside the list: a <dl> holds only its terms and descriptions (axe). */}
        <p className="mt-4 text-sm text-slate-600">
          {t(officialPass ? 'results.explainAbove' : 'results.explainBelow', {
            official: format.percent(OFFICIAL_PASS_MARK),
            practice: format.percent(PRACTICE_PASS_MARK),
          })}
        </p>
      </div>
    </Card>
  );
}

function CategoryScores({ attempt }: { attempt: AttemptDetail }) {
  const { t } = useTranslation(['quiz', 'common']);
  return (
    <section aria-labelledby="by-category" className="mt-10">
      <h2 id="by-category" className="text-xl font-semibold text-slate-900">
        {t('results.byCategory')}
      </h2>
      <ul className="mt-4 space-y-3">
        {attempt.categoryScores.map((row) => (
          <li key={row.category} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex items-center justify-between gap-3 text-sm">
              <span className="font-medium text-slate-900">
                {t(`common:categories.${row.category}`)}
              </span>
              <span className="text-slate-600">
                {t('results.of', { value: row.correct, count: row.total })} ·{' '}
                <ScoreBadge score={row.percent} />
              </span>
            </div>
            <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
              <div className="h-full bg-sky-600" style={{ width: `${row.percent}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "Retake the 9 you missed" (issue 16): a new study quiz of this attempt's missed questions, and of
 * its flagged ones when there are any, through the practice page's action.
 */
function Retake({ attempt }: { attempt: AttemptDetail }) {
  const { t } = useTranslation('quiz');
  const localized = useLocalizedPath();
  const busy = useNavigation().state === 'submitting';
  if (attempt.status === 'in-progress') return null;
  const missed = attempt.questions.filter((question) => question.isCorrect !== true).length;
  const flagged = attempt.questions.filter((question) => question.flagged).length;
  const retake = (only: 'incorrect' | 'flagged', label: string) => (
    <Form method="post" action={localized('/practice')}>
      <input type="hidden" name="mode" value="study" />
      <input type="hidden" name="source" value="attempt" />
      <input type="hidden" name="attemptId" value={attempt.id} />
      <input type="hidden" name="only" value={only} />
      <Button type="submit" variant={only === 'incorrect' ? 'primary' : 'secondary'} loading={busy}>
        {label}
      </Button>
    </Form>
  );
  return (
    <>
      {missed > 0 && retake('incorrect', t('results.retakeMissed', { count: missed }))}
      {flagged > 0 && retake('flagged', t('results.retakeFlagged', { count: flagged }))}
    </>
  );
}
