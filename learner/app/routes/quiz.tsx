import { useEffect, useRef, useState } from 'react';
import { data, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/quiz';
import type { ApiFailure } from '@drone-exam/shared/api';
import { AUTO_ADVANCE_MS, QUIZ_ERRORS, TIMER_WARNING_SECONDS } from '@drone-exam/shared/constants';
import type { CurrentQuestion } from '@drone-exam/shared/schemas/quiz';
import { optionLetter } from '@drone-exam/shared/text';
import { Alert, Button, Card, Container } from '@drone-exam/shared/ui/ui';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { api } from '../lib/api';
import { ReferenceDrawer } from '../components/quiz/reference-drawer';
import { ReportProblem } from '../components/quiz/report-problem';
import { metaFromLoader } from '../lib/meta';
import { sendAnswer } from '../components/quiz/send-answer';
import { LinkButton } from '../components/links';
import { useLocalizedPath, useMessage } from '../i18n/hooks';
import { localRedirect, pageMessages, serverT } from '../i18n/i18n.server';
import { QuestionFigureView } from '@drone-exam/shared/ui/figure';

export const meta = metaFromLoader;

const ENDED = new Set(['ATTEMPT_CLOSED', 'TIME_UP']);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireUser(context, request);
  const { api: server } = serverApi(context, request);
  const result = await server<CurrentQuestion>(`/quiz/attempt/${params.attemptId}/question`);
  const t = serverT(context, 'quiz');
  const text = {
    meta: { title: t('title'), description: t('description') },
    i18n: pageMessages(context, ['quiz']),
  };
  if (result.success) return { question: result.data, error: null, ...text };
  if (result.code && ENDED.has(result.code)) {
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

type Pending = 'answer' | 'move' | 'flag' | 'finish' | null;

/** The server's figure for the time left, and a version that changes each time it arrives. */
type Timing = { seconds: number | null; version: number };

/** Seconds left on the exam clock, counted down locally; calls `onZero` once when it runs out. */
function useCountdown(timing: Timing, onZero: () => void) {
  const [left, setLeft] = useState(timing.seconds);
  const fired = useRef(false);
  const zero = useRef(onZero);
  useEffect(() => {
    zero.current = onZero;
  });
  useEffect(() => {
    if (timing.seconds === null) return;
    const endsAt = Date.now() + timing.seconds * 1000;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0 && !fired.current) {
        fired.current = true;
        zero.current();
      }
    };
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [timing]);
  return left;
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
  const message = useMessage();
  const localized = useLocalizedPath();
  const navigate = useNavigate();
  const [current, setCurrent] = useState(initial);
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [timeUp, setTimeUp] = useState(false);
  const [referenceOpen, setReferenceOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  /** The connection dropped while an answer was on its way: it is sent again when it is back. */
  const [reconnecting, setReconnecting] = useState(false);
  const [timing, setTiming] = useState<Timing>({ seconds: initial.timeRemaining, version: 0 });
  const busy = useRef(false);
  const shownAt = useRef(0);
  const advance = useRef<number | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  const { attemptId, question, questionIndex, totalQuestions } = current;
  const base = `/quiz/attempt/${attemptId}`;
  const results = localized(`/quiz/${attemptId}/results`);
  const unanswered = current.progress.filter((p) => !p.answered).length;

  useEffect(() => {
    shownAt.current = Date.now();
    return () => window.clearTimeout(advance.current);
  }, []);

  async function run<T>(kind: Pending, call: () => Promise<T>): Promise<T | null> {
    if (busy.current) return null;
    busy.current = true;
    setPending(kind);
    try {
      return await call();
    } finally {
      busy.current = false;
      setPending(null);
    }
  }

  function failed(result: ApiFailure, fallback: string) {
    if (result.code && ENDED.has(result.code)) {
      navigate(results, { replace: true });
      return;
    }
    setError(message(result.error || fallback));
  }

  async function go(index: number) {
    window.clearTimeout(advance.current);
    const result = await run('move', () =>
      api<CurrentQuestion>(`${base}/navigate`, { method: 'POST', body: { questionIndex: index } }),
    );
    if (!result) return;
    if (!result.success) return failed(result, QUIZ_ERRORS.loadQuestion);
    setError(null);
    setConfirming(false);
    setCurrent(result.data);
    setTiming((last) => ({ seconds: result.data.timeRemaining, version: last.version + 1 }));
    shownAt.current = Date.now();
    // The new question takes the focus, so a screen reader reads it.
    requestAnimationFrame(() => heading.current?.focus());
  }

  async function choose(selectedIndex: number) {
    if (current.answer || selectedIndex >= question.choices.length) return;
    const timeSpent = Math.round((Date.now() - shownAt.current) / 1000);
    const body = { questionId: question.id, selectedIndex, timeSpent };
    const outcome = await run('answer', () =>
      sendAnswer(attemptId, body, () => setReconnecting(true)),
    );
    setReconnecting(false);
    if (!outcome) return;
    if (outcome.kind === 'failed') return failed(outcome.failure, t('errors.answer'));
    if (outcome.kind === 'recorded') {
      setCurrent(outcome.current);
      if (!outcome.sameChoice) return setError(t('errors.answeredElsewhere'));
    } else {
      const answer = outcome.answer;
      setCurrent((c) => ({
        ...c,
        answer,
        answeredCount: answer.answeredCount,
        progress: c.progress.map((p, i) => (i === c.questionIndex ? { ...p, answered: true } : p)),
      }));
    }
    setError(null);
    if (current.mode === 'timed' && current.canGoForward) {
      advance.current = window.setTimeout(() => void go(questionIndex + 1), AUTO_ADVANCE_MS);
    }
  }

  async function toggleFlag() {
    const flagged = !current.flagged;
    const result = await run('flag', () =>
      api(`${base}/flag`, { method: 'POST', body: { questionId: question.id, flagged } }),
    );
    if (!result) return;
    if (!result.success) return failed(result, t('errors.flag'));
    setCurrent((c) => ({
      ...c,
      flagged,
      progress: c.progress.map((p, i) => (i === c.questionIndex ? { ...p, flagged } : p)),
    }));
  }

  async function finish() {
    window.clearTimeout(advance.current);
    const result = await run('finish', () => api(`${base}/finish`, { method: 'POST', body: {} }));
    if (!result) return;
    if (!result.success) return failed(result, t('errors.finish'));
    navigate(results, { replace: true });
  }

  const timeLeft = useCountdown(timing, () => {
    setTimeUp(true);
    busy.current = false;
    void finish();
  });

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (
        event.altKey ||
        event.ctrlKey ||
        event.metaKey ||
        confirming ||
        referenceOpen ||
        reportOpen
      )
        return;
      if ((event.target as HTMLElement).closest('input, textarea, select, [contenteditable]'))
        return;
      const key = event.key.toLowerCase();
      const choice = key.length === 1 ? Math.max('1234'.indexOf(key), 'abcd'.indexOf(key)) : -1;
      if (choice >= 0) {
        event.preventDefault();
        void choose(choice);
      } else if (event.key === 'ArrowRight' && current.canGoForward) {
        event.preventDefault();
        void go(questionIndex + 1);
      } else if (event.key === 'ArrowLeft' && current.canGoBack) {
        event.preventDefault();
        void go(questionIndex - 1);
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const answer = current.answer;
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
          {current.mode === 'timed' && <ReferenceDrawer onOpenChange={setReferenceOpen} />}
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

      <Card className="mt-6">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {t(`common:categories.${question.category}`)}
          {current.flagged && <span className="ml-2 text-amber-700">· {t('flagged')}</span>}
        </p>
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-2 text-xl font-semibold text-slate-900 outline-none"
        >
          {question.stem}
        </h1>
        {question.imageUrl && (
          <img
            src={question.imageUrl}
            alt={t('illustration', { number: current.questionNumber })}
            className="mt-4 max-h-80 rounded-lg border border-slate-200"
          />
        )}
        {question.figure && (
          <QuestionFigureView
            figure={question.figure}
            labels={{ enlarge: t('figure.enlarge'), close: t('figure.close') }}
            className="mt-4"
          />
        )}
        <ul className="mt-5 space-y-3" aria-label={t('answers')}>
          {question.choices.map((choice, index) => {
            const isRight = answer?.correctAnswer === index;
            const isChosen = answer?.selectedIndex === index;
            const tone = !answer
              ? 'border-slate-300 hover:border-sky-500 hover:bg-sky-50'
              : isRight
                ? 'border-emerald-500 bg-emerald-50'
                : isChosen
                  ? 'border-red-500 bg-red-50'
                  : 'border-slate-200 opacity-70';
            return (
              <li key={index}>
                <button
                  type="button"
                  onClick={() => void choose(index)}
                  disabled={Boolean(answer) || pending !== null}
                  aria-pressed={answer ? isChosen : undefined}
                  className={`flex w-full items-start gap-3 rounded-lg border-2 p-4 text-left transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:cursor-default ${tone}`}
                >
                  <span
                    aria-hidden="true"
                    className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-slate-100 text-sm font-bold text-slate-700"
                  >
                    {optionLetter(index)}
                  </span>
                  <span className="flex-1 text-slate-900">
                    <span className="sr-only">{optionLetter(index)}. </span>
                    {choice.text}
                  </span>
                  {answer && isRight && (
                    <span className="text-sm font-semibold text-emerald-700">
                      {t('correctAnswer')}
                    </span>
                  )}
                  {answer && isChosen && !isRight && (
                    <span className="text-sm font-semibold text-red-700">{t('yourAnswer')}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
        <div aria-live="polite">
          {answer && (
            <div
              className={`mt-5 rounded-lg border p-4 ${answer.correct ? 'border-emerald-200 bg-emerald-50' : 'border-red-200 bg-red-50'}`}
            >
              <p
                className={`font-semibold ${answer.correct ? 'text-emerald-800' : 'text-red-800'}`}
              >
                {answer.correct
                  ? t('correct')
                  : t('incorrect', { letter: optionLetter(answer.correctAnswer) })}
              </p>
              {answer.explanation && <p className="mt-2 text-slate-800">{answer.explanation}</p>}
              {answer.regulationReference && (
                <p className="mt-2 text-sm text-slate-600">
                  {t('referenceLine', { reference: answer.regulationReference })}
                </p>
              )}
              {current.mode === 'timed' && current.canGoForward && (
                <p className="mt-2 text-sm text-slate-600">{t('movingOn')}</p>
              )}
            </div>
          )}
        </div>
        {/* Outside the live region, so the dialog's own messages are announced once. */}
        {answer && current.mode !== 'timed' && (
          <div className="mt-2 flex justify-end">
            <ReportProblem
              key={question.id}
              questionId={question.id}
              questionNumber={current.questionNumber}
              onOpenChange={setReportOpen}
            />
          </div>
        )}
      </Card>

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

      <nav aria-label={t('questions')} className="mt-8">
        <p className="text-sm font-medium text-slate-700">{t('questions')}</p>
        <ol className="mt-2 flex flex-wrap gap-2">
          {current.progress.map((state, index) => {
            const here = index === questionIndex;
            return (
              <li key={index}>
                <button
                  type="button"
                  onClick={() => void go(index)}
                  disabled={pending !== null || here}
                  aria-current={here ? 'step' : undefined}
                  aria-label={[
                    t('questionNumber', { number: index + 1 }),
                    ...(state.answered ? [t('answered')] : []),
                    ...(state.flagged ? [t('flaggedLower')] : []),
                  ].join(', ')}
                  className={`relative grid h-9 w-9 place-items-center rounded-md text-sm font-semibold ${here ? 'ring-2 ring-sky-600' : ''} ${state.answered ? 'bg-sky-700 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-300 ring-inset'}`}
                >
                  {index + 1}
                  {state.flagged && (
                    <span
                      aria-hidden="true"
                      className="absolute -top-1 -right-1 h-3 w-3 rounded-full bg-amber-500"
                    />
                  )}
                </button>
              </li>
            );
          })}
        </ol>
        <p className="mt-4 text-xs text-slate-500">{t('keyboard')}</p>
      </nav>
    </Container>
  );
}
