import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/quiz-results';
import {
  OFFICIAL_PASS_MARK,
  PRACTICE_PASS_MARK,
  QUESTION_CATEGORY_LABELS,
  QUIZ_ERRORS,
  QUIZ_MODE_LABELS,
} from '@drone-exam/shared/constants';
import type { AttemptDetail } from '@drone-exam/shared/schemas/quiz';
import { formatDuration, meetsPassMark, scoreColour } from '@drone-exam/shared/text';
import { Alert, Button, Card, Container, LinkButton } from '@drone-exam/shared/ui/ui';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { LocalDate } from '../components/local-date';
import { SCORE_TEXT, ScoreBadge } from '../components/score';
import { Review } from '../components/quiz/review';
import { useKeepPage } from '../components/offline/use-keep-page';

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Quiz results',
    'Your quiz score, each question with its explanation, and retakes of the ones you missed.',
  );

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireUser(context, request);
  const { api } = serverApi(context, request);
  const result = await api<{ attempt: AttemptDetail }>(`/quiz/attempt/${params.attemptId}`);
  if (!result.success) {
    if (result.code === 'PREMIUM_REQUIRED') throw redirect('/practice');
    return data({ attempt: null }, { status: result.status === 404 ? 404 : 500 });
  }
  if (result.data.attempt.status === 'in-progress') throw redirect(`/quiz/${params.attemptId}`);
  return { attempt: result.data.attempt };
}

export default function QuizResults({ loaderData, params }: Route.ComponentProps) {
  const { attempt } = loaderData;
  // A finished attempt never changes: one copy for offline review is enough.
  useKeepPage(attempt ? `/quiz/${params.attemptId}/results` : null, Infinity);
  if (!attempt) {
    return (
      <Container className="max-w-xl py-8 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{QUIZ_ERRORS.loadResultsTitle}</h1>
        <p className="mt-3 text-slate-600">{QUIZ_ERRORS.loadResults}</p>
        <LinkButton to="/practice" className="mt-6">
          Return to Practice
        </LinkButton>
      </Container>
    );
  }
  return (
    <Container className="max-w-4xl">
      <header className="mb-8">
        <p className="text-sm font-semibold text-sky-700">{QUIZ_MODE_LABELS[attempt.mode]}</p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Quiz Results
        </h1>
        <p className="mt-2 text-slate-600">
          {attempt.completedAt ? 'Finished ' : 'Started '}
          <LocalDate value={attempt.completedAt ?? attempt.startedAt} withTime />
        </p>
      </header>
      <Summary attempt={attempt} />
      {attempt.categoryScores.length > 0 && <CategoryScores attempt={attempt} />}
      <Review questions={attempt.questions} />
      <div className="mt-10 flex flex-wrap gap-3">
        <Retake attempt={attempt} />
        <LinkButton to="/practice">Take Another Quiz</LinkButton>
        <LinkButton to="/dashboard" variant="secondary">
          Back to Dashboard
        </LinkButton>
      </div>
    </Container>
  );
}

function Summary({ attempt }: { attempt: AttemptDetail }) {
  if (attempt.score === null) {
    return (
      <Alert tone="warning" title="This attempt was abandoned">
        It was left untouched for 24 hours, so it was closed without a score. You answered{' '}
        {attempt.answeredCount} of {attempt.questionCount} questions; they are reviewed below.
      </Alert>
    );
  }
  const { score } = attempt;
  const officialPass = meetsPassMark(score, OFFICIAL_PASS_MARK);
  return (
    <Card className="grid gap-6 sm:grid-cols-3">
      <div>
        <p className="text-sm font-medium text-slate-600">Your score</p>
        <p
          className={`mt-1 text-5xl font-bold ${SCORE_TEXT[scoreColour(score)]}`}
          data-testid="score"
        >
          {Math.round(score)}%
        </p>
        <p
          className={`mt-2 inline-flex rounded-full px-3 py-1 text-sm font-semibold ${attempt.passed ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'}`}
        >
          {attempt.passed ? 'Passed' : 'Not passed'}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-4 text-sm sm:col-span-2">
        <div>
          <dt className="text-slate-600">Correct answers</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900">
            {attempt.correctCount} of {attempt.questionCount}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Time spent</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900">
            {formatDuration(attempt.timeSpent)}
            {attempt.timeLimit !== null && (
              <span className="text-sm font-normal text-slate-600">
                {' '}
                of {attempt.timeLimit} min
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Practice pass mark</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900">{PRACTICE_PASS_MARK}%</dd>
        </div>
        <div>
          <dt className="text-slate-600">Official exam pass mark</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900">{OFFICIAL_PASS_MARK}%</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-600 sm:col-span-3">
        The Transport Canada basic exam is passed at {OFFICIAL_PASS_MARK}% (Standard 921.01). This
        score {officialPass ? 'is at or above' : 'is below'} that line; we practise to{' '}
        {PRACTICE_PASS_MARK}% to leave a margin.
      </p>
    </Card>
  );
}

function CategoryScores({ attempt }: { attempt: AttemptDetail }) {
  return (
    <section aria-labelledby="by-category" className="mt-10">
      <h2 id="by-category" className="text-xl font-semibold text-slate-900">
        Score by category
      </h2>
      <ul className="mt-4 space-y-3">
        {attempt.categoryScores.map((row) => (
          <li key={row.category} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex items-center justify-between gap-3 text-sm">
              <span className="font-medium text-slate-900">
                {QUESTION_CATEGORY_LABELS[row.category]}
              </span>
              <span className="text-slate-600">
                {row.correct} of {row.total} · <ScoreBadge score={row.percent} />
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
  const busy = useNavigation().state === 'submitting';
  if (attempt.status === 'in-progress') return null;
  const missed = attempt.questions.filter((question) => question.isCorrect !== true).length;
  const flagged = attempt.questions.filter((question) => question.flagged).length;
  const retake = (only: 'incorrect' | 'flagged', label: string) => (
    <Form method="post" action="/practice">
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
      {missed > 0 && retake('incorrect', `Retake the ${missed} you missed`)}
      {flagged > 0 && retake('flagged', `Retake the ${flagged} you flagged`)}
    </>
  );
}
