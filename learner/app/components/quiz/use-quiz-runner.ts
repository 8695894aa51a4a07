import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { ApiFailure } from '@drone-exam/shared/api';
import type { CurrentQuestion } from '@drone-exam/shared/schemas/quiz';
import { api } from '../../lib/api';
import { useLocalizedPath, useMessage } from '../../i18n/hooks';
import { sendAnswer } from './send-answer';
import { AUTO_ADVANCE_MS, QUIZ_ERRORS } from './constants';

const ENDED = new Set(['ATTEMPT_CLOSED', 'TIME_UP']);
/** The API codes that mean the attempt is over: the learner goes to its results. */
export const isEnded = (code: string | undefined) => Boolean(code && ENDED.has(code));

export type Pending = 'answer' | 'move' | 'flag' | 'finish' | null;

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

/**
 * A quiz in progress: the current question, the calls that answer, move, flag and finish (one at
 * a time), the exam clock, and the keyboard (1–4 or A–D answer, arrows move).
 */
export function useQuizRunner(initial: CurrentQuestion) {
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
  const { attemptId, question, questionIndex } = current;
  const base = `/quiz/attempt/${attemptId}` as const;
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
    if (isEnded(result.code)) {
      navigate(results, { replace: true });
      return;
    }
    setError(message(result.error || fallback));
  }

  async function go(index: number) {
    window.clearTimeout(advance.current);
    const result = await run('move', () =>
      api(`${base}/navigate`, { method: 'POST', body: { questionIndex: index } }),
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
      // An open dialog (an enlarged figure) has the keys: arrows pan it, letters answer nothing.
      if (document.querySelector('dialog[open]')) return;
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

  return {
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
  };
}
