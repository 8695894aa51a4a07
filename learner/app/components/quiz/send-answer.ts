import type { ApiFailure, ApiResult } from '@drone-exam/shared/api';
import type { AnswerResult, CurrentQuestion } from '@drone-exam/shared/schemas/quiz';
import { api } from '../../lib/api';

/**
 * Sending a quiz answer over a connection that may drop. An answer is final and the API records it
 * once per attempt and question (a second one is a 409 ALREADY_ANSWERED), so the pair is the
 * answer's idempotency key: the same answer is sent again until it gets through, and if the first
 * try had reached the API, the question as recorded shows it. The same choice counts as this
 * answer; a different one (another tab) is the one that counts.
 */

export type AnswerBody = { questionId: string; selectedIndex: number; timeSpent: number };

export type AnswerOutcome =
  | { kind: 'answered'; answer: AnswerResult }
  | { kind: 'recorded'; current: CurrentQuestion; sameChoice: boolean }
  | { kind: 'failed'; failure: ApiFailure };

const BACKOFF_MS = [1000, 2000, 4000, 8000, 15_000];
/** Past this the learner is told, and can try again themselves. */
const GIVE_UP_AFTER_MS = 2 * 60_000;

function connectionBack(waitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, navigator.onLine ? waitMs : GIVE_UP_AFTER_MS);
    window.addEventListener('online', done);
  });
}

/** Calls until the API is reached (or long enough has passed); `onWaiting` while it waits. */
async function reaching<T>(
  call: () => Promise<ApiResult<T>>,
  onWaiting: () => void,
): Promise<ApiResult<T>> {
  const started = Date.now();
  for (let tries = 0; ; tries++) {
    const result = await call();
    if (result.success || result.status !== 0 || Date.now() - started > GIVE_UP_AFTER_MS)
      return result;
    onWaiting();
    await connectionBack(BACKOFF_MS[Math.min(tries, BACKOFF_MS.length - 1)]!);
  }
}

export async function sendAnswer(
  attemptId: string,
  body: AnswerBody,
  onWaiting: () => void,
): Promise<AnswerOutcome> {
  const base = `/quiz/attempt/${attemptId}` as const;
  const sent = await reaching(() => api(`${base}/answer`, { method: 'POST', body }), onWaiting);
  if (sent.success) {
    // The answer route answers a choice with the choice's result, a Find-it pick with a find result.
    if (!('selectedIndex' in sent.data)) throw new Error('A choice was answered as a Find-it pick');
    return { kind: 'answered', answer: sent.data };
  }
  if (sent.code !== 'ALREADY_ANSWERED') return { kind: 'failed', failure: sent };
  const recorded = await reaching(() => api(`${base}/question`), onWaiting);
  if (!recorded.success) return { kind: 'failed', failure: recorded };
  const { question, answer } = recorded.data;
  return {
    kind: 'recorded',
    current: recorded.data,
    sameChoice: question.id === body.questionId && answer?.selectedIndex === body.selectedIndex,
  };
}
