import { lazy, Suspense, useState } from 'react';
import { data } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/quiz';
import type { CurrentQuestion } from '@drone-exam/shared/schemas/quiz';
import { Alert, Button, Container } from '@drone-exam/shared/ui/ui';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import type { OpenAtSection } from '../components/quiz/reference-drawer';
import { QuestionCard } from '../components/quiz/question-card';
import { QuestionMap } from '../components/quiz/question-map';
import { isEnded, useQuizRunner } from '../components/quiz/use-quiz-runner';
import { metaFromLoader } from '../lib/meta';
import { LinkButton } from '../components/links';
import { useMessage } from '../i18n/hooks';
import { localRedirect, pageMessages, serverT } from '../i18n/i18n.server';
import { QUIZ_ERRORS, TIMER_WARNING_SECONDS } from '../components/quiz/constants';

export const meta = metaFromLoader;

/**
 * The open-book drawer is only in exam mode: its code loads with such an attempt (the server
 * renders it, the browser hydrates it when its code comes), never with a practice one.
 */
const ReferenceDrawer = lazy(() =>
  import('../components/quiz/reference-drawer').then((module) => ({
    default: module.ReferenceDrawer,
  })),
);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireUser(context, request);
  const { api: server } = serverApi(context, request);
  const result = await server(`/quiz/attempt/${params.attemptId}/question`);
  const t = serverT(context, 'quiz');
  const text = {
    meta: { title: t('title'), description: t('description') },
    i18n: pageMessages(context, ['quiz']),
  };
  // A Find-it drill (issue 29) has its own screen: an attempt list links every attempt here.
  if (result.success && result.data.mode === 'find') {
    throw localRedirect(context, `/find/${params.attemptId}`);
  }
  if (result.success) return { question: result.data, error: null, ...text };
  if (isEnded(result.code)) {
    throw localRedirect(context, `/quiz/${params.attemptId}/results`);
  }
  if (result.code === 'PREMIUM_REQUIRED') throw localRedirect(context, '/practice');
  const notFound = result.status === 404;
  return data(
    {
      question: null,
      error: notFound ? QUIZ_ERRORS.loadAttempt : QUIZ_ERRORS.loadQuestion,
      ...text,
    },
    { status: notFound ? 404 : 500 },
  );
}

export default function Quiz({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation('quiz');
  const message = useMessage();
  if (!loaderData.question) {
    return (
      <Container className="max-w-xl py-8 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{message(QUIZ_ERRORS.loadQuizTitle)}</h1>
        <p className="mt-3 text-slate-600">{loaderData.error && message(loaderData.error)}</p>
        <LinkButton to="/practice" className="mt-6">
          {t('returnToPractice')}
        </LinkButton>
      </Container>
    );
  }
  return <QuizRunner key={params.attemptId} initial={loaderData.question} />;
}

function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = String(m).padStart(h ? 2 : 1, '0');
  return `${h ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

function QuizRunner({ initial }: { initial: CurrentQuestion }) {
  const { t } = useTranslation(['quiz', 'common']);
  const {
    current,
    pending,
    error,
    confirming,
    setConfirming,
    timeUp,
    setReferenceOpen,
    setReportOpen,
    reconnecting,
    timeLeft,
    heading,
    unanswered,
    go,
    choose,
    toggleFlag,
    finish,
  } = useQuizRunner(initial);
  const { questionIndex, totalQuestions } = current;
  const [openAt, setOpenAt] = useState<OpenAtSection | null>(null);
  const exam = current.mode === 'timed';

  const warning = timeLeft !== null && timeLeft < TIMER_WARNING_SECONDS;

  return (
    <Container className="max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-sky-700">{t(`common:modes.${current.mode}`)}</p>
          <p className="text-lg font-semibold text-slate-900">
            {t('questionOf', { number: current.questionNumber, count: totalQuestions })}
          </p>
        </div>
        <div className="flex items-center gap-4 text-sm text-slate-600">
          {exam && (
            <Suspense
              fallback={
                <Button variant="secondary" disabled>
                  {t('reference.title')}
                </Button>
              }
            >
              <ReferenceDrawer onOpenChange={setReferenceOpen} openAt={openAt} />
            </Suspense>
          )}
          <span>{t('answeredOf', { answered: current.answeredCount, count: totalQuestions })}</span>
          {timeLeft !== null && (
            <span
              role="timer"
              aria-label={t('timeRemaining', { time: clock(timeLeft) })}
              className={`rounded-lg px-3 py-1.5 font-mono text-base font-semibold tabular-nums ${warning ? 'bg-red-100 text-red-700' : 'bg-slate-100 text-slate-800'}`}
              data-testid="quiz-timer"
            >
              {clock(timeLeft)}
            </span>
          )}
        </div>
      </div>
      <progress
        className="mt-3 block h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-sky-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-sky-600"
        aria-label={t('progressLabel')}
        max={totalQuestions}
        value={current.answeredCount}
      />
      {warning && timeLeft > 0 && (
        <p className="sr-only" aria-live="polite">
          {t('lessThan', { count: Math.ceil(TIMER_WARNING_SECONDS / 60) })}
        </p>
      )}
      {timeUp && (
        <Alert tone="warning" className="mt-4" title={t('timeUp')}>
          {t('scoring')}
        </Alert>
      )}

      <QuestionCard
        current={current}
        pending={pending}
        heading={heading}
        onChoose={(index) => void choose(index)}
        onReportOpenChange={setReportOpen}
        onReadInDrawer={exam ? (section) => setOpenAt({ section }) : undefined}
      />

      {reconnecting && (
        <Alert tone="warning" className="mt-4" title={t('reconnecting.title')}>
          {t('reconnecting.body')}
        </Alert>
      )}
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          {current.canGoBack && (
            <Button
              variant="secondary"
              onClick={() => void go(questionIndex - 1)}
              disabled={pending !== null}
            >
              ← {t('previous')}
            </Button>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="ghost"
            onClick={() => void toggleFlag()}
            disabled={pending !== null}
            aria-pressed={current.flagged}
          >
            {current.flagged ? `⚑ ${t('unflag')}` : `⚐ ${t('flag')}`}
          </Button>
          {current.canGoForward ? (
            <Button
              onClick={() => void go(questionIndex + 1)}
              loading={pending === 'move'}
              disabled={pending !== null}
            >
              {t('next')} →
            </Button>
          ) : (
            <Button
              onClick={() => (unanswered > 0 ? setConfirming(true) : void finish())}
              loading={pending === 'finish'}
              loadingText={t('finishing')}
              disabled={pending !== null}
            >
              {t('finish')}
            </Button>
          )}
        </div>
      </div>

      {confirming && (
        <div className="mt-4">
          <Alert tone="warning" title={t('confirm.title')}>
            <p>{t('confirm.body', { count: unanswered })}</p>
            <div className="mt-3 flex flex-wrap gap-3">
              <Button onClick={() => void finish()} loading={pending === 'finish'}>
                {t('confirm.finish')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setConfirming(false);
                  const next = current.progress.findIndex((p) => !p.answered);
                  if (next >= 0) void go(next);
                }}
              >
                {t('confirm.first')}
              </Button>
            </div>
          </Alert>
        </div>
      )}

      <QuestionMap current={current} disabled={pending !== null} onGo={(index) => void go(index)} />
    </Container>
  );
}
