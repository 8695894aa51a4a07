import { useState } from 'react';
import { data, redirect } from 'react-router';
import type { Route } from './+types/quiz-results';
import {
  OFFICIAL_PASS_MARK,
  PRACTICE_PASS_MARK,
  QUESTION_CATEGORY_LABELS,
  QUIZ_ERRORS,
  QUIZ_MODE_LABELS,
} from '@drone-exam/shared/constants';
import type { AttemptDetail, AttemptQuestion } from '@drone-exam/shared/schemas/quiz';
import { formatDuration, meetsPassMark, optionLetter, scoreColour } from '@drone-exam/shared/text';
import { Alert, Card, Container, LinkButton } from '@drone-exam/shared/ui/ui';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { LocalDate } from '../components/local-date';
import { SCORE_TEXT, ScoreBadge } from '../components/score';
import { useKeepPage } from '../components/offline/use-keep-page';

export const meta: Route.MetaFunction = () => pageMeta('Quiz results');

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

type Filter = 'all' | 'wrong' | 'flagged';

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
        <p className="col-span-2 text-slate-600">
          The Transport Canada basic exam is passed at {OFFICIAL_PASS_MARK}% (Standard 921.01). This
          score {officialPass ? 'is at or above' : 'is below'} that line; we practise to{' '}
          {PRACTICE_PASS_MARK}% to leave a margin.
        </p>
      </dl>
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

function Review({ questions }: { questions: AttemptQuestion[] }) {
  const [filter, setFilter] = useState<Filter>('all');
  const wrong = questions.filter((q) => q.isCorrect !== true);
  const flagged = questions.filter((q) => q.flagged);
  const shown = filter === 'wrong' ? wrong : filter === 'flagged' ? flagged : questions;
  const filters: Array<[Filter, string, number]> = [
    ['all', 'All', questions.length],
    ['wrong', 'Incorrect', wrong.length],
    ['flagged', 'Flagged', flagged.length],
  ];
  return (
    <section aria-labelledby="review" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="review" className="text-xl font-semibold text-slate-900">
          Review
        </h2>
        <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1">
          <legend className="sr-only">Show questions</legend>
          {filters.map(([value, label, total]) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${filter === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
            >
              {label} ({total})
            </button>
          ))}
        </fieldset>
      </div>
      {shown.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          {filter === 'wrong' ? 'No incorrect answers. Well done!' : 'No flagged questions.'}
        </p>
      ) : (
        <ol className="mt-4 space-y-4">
          {shown.map((question) => (
            <ReviewItem key={question.position} question={question} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ReviewItem({ question }: { question: AttemptQuestion }) {
  const answered = question.userAnswer !== null;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2 text-xs font-semibold tracking-wide uppercase">
        <span className="text-slate-500">Question {question.position + 1}</span>
        <span className="text-slate-400">·</span>
        <span className="text-slate-500">{QUESTION_CATEGORY_LABELS[question.category]}</span>
        <span
          className={`rounded-full px-2 py-0.5 normal-case ${question.isCorrect ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'}`}
        >
          {question.isCorrect ? 'Correct' : answered ? 'Incorrect' : 'Not answered'}
        </span>
        {question.flagged && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-800 normal-case">
            Flagged
          </span>
        )}
      </div>
      <p className="mt-2 font-semibold text-slate-900">{question.stem}</p>
      {question.imageUrl && (
        <img
          src={question.imageUrl}
          alt={`Illustration for question ${question.position + 1}`}
          className="mt-3 max-h-64 rounded-lg border border-slate-200"
        />
      )}
      <ul className="mt-3 space-y-2 text-sm">
        {question.choices.map((choice, index) => {
          const isRight = question.correctAnswer === index;
          const isChosen = question.userAnswer === index;
          return (
            <li
              key={index}
              className={`flex items-start gap-2 rounded-lg border px-3 py-2 ${isRight ? 'border-emerald-400 bg-emerald-50' : isChosen ? 'border-red-400 bg-red-50' : 'border-slate-200'}`}
            >
              <span className="font-bold text-slate-700">{optionLetter(index)}.</span>
              <span className="flex-1 text-slate-900">{choice.text}</span>
              {isChosen && (
                <span className={isRight ? 'text-emerald-700' : 'text-red-700'}>Your answer</span>
              )}
              {isRight && !isChosen && <span className="text-emerald-700">Correct answer</span>}
            </li>
          );
        })}
      </ul>
      {question.explanation && (
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-semibold">Why: </span>
          {question.explanation}
        </p>
      )}
      <p className="mt-2 text-xs text-slate-500">
        {question.regulationReference && <>Reference: {question.regulationReference} · </>}
        {answered ? `Answered in ${formatDuration(question.timeSpent)}` : 'Not answered'}
      </p>
    </li>
  );
}
