import { useState } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/practice';
import type { Pagination } from '@drone-exam/shared/api';
import {
  EXAM_MODE_QUESTIONS,
  EXAM_TIME_LIMIT_MINUTES,
  EXAM_TIME_LIMIT_OPTIONS_MINUTES,
  OFFICIAL_PASS_MARK,
  PRACTICE_PASS_MARK,
  PREMIUM_OFFER,
  QUESTION_CATEGORIES,
  QUESTION_CATEGORY_LABELS,
  QUIZ_MODE_LABELS,
  STUDY_MODE_QUESTIONS,
  STUDY_QUESTION_COUNT_OPTIONS,
  type QuizMode,
} from '@drone-exam/shared/constants';
import type { PublicStatistics } from '@drone-exam/shared/schemas/content';
import { CreateAttemptSchema, type AttemptSummary } from '@drone-exam/shared/schemas/quiz';
import { formatCad, formatDuration } from '@drone-exam/shared/text';
import {
  Alert,
  Button,
  Card,
  Container,
  EmptyState,
  LinkButton,
  PageHeader,
  SelectField,
} from '@drone-exam/shared/ui/ui';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { formObject, validateForm, type FieldErrors } from '../lib/forms';
import { pageMeta } from '../lib/meta';
import { LocalDate } from '../components/local-date';
import { PageLinks } from '../components/page-links';
import { ScoreBadge } from '../components/score';
import { OfflinePractice } from '../components/offline/saved-modules-list';
import { useUser } from '../lib/use-user';
import { useOnline } from '../offline/sync';

export const meta: Route.MetaFunction = () =>
  pageMeta('Practice quizzes', 'Study mode and timed exam mode practice for the basic drone exam.');

type AttemptList = { attempts: AttemptSummary[]; pagination: Pagination };

const PAST_VIEWS = ['completed', 'abandoned'] as const;
type PastView = (typeof PAST_VIEWS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  if (!user.hasPremium) return { premium: false as const };
  const url = new URL(request.url);
  const view: PastView = url.searchParams.get('view') === 'abandoned' ? 'abandoned' : 'completed';
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  const { api } = serverApi(context, request);
  const [statistics, unfinished, past] = await Promise.all([
    api<PublicStatistics>('/statistics'),
    api<AttemptList>('/quiz/attempts', { query: { status: 'in-progress', limit: 10 } }),
    api<AttemptList>('/quiz/attempts', { query: { status: view, page } }),
  ]);
  return {
    premium: true as const,
    isAdmin: user.role === 'admin',
    categoryCounts: statistics.success
      ? Object.fromEntries(statistics.data.questionsByCategory.map((c) => [c.category, c.count]))
      : null,
    unfinished: unfinished.success ? unfinished.data : null,
    past: past.success ? past.data : null,
    view,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context, request);
  const form = await request.formData();
  const values = { ...formObject(form), categories: form.getAll('categories') };
  const checked = validateForm(CreateAttemptSchema, values);
  if (!checked.ok) return { errors: checked.errors, error: null };
  const { api, setCookies } = serverApi(context, request);
  const result = await api<{ attempt: AttemptSummary }>('/quiz/attempt', {
    method: 'POST',
    body: checked.data,
  });
  if (!result.success) {
    return {
      errors: result.fields ?? {},
      error: `We couldn't start your quiz. ${result.error}`,
    };
  }
  // The API's read-your-writes bookmark rides along, so the quiz page sees the new attempt.
  const headers = new Headers();
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  throw redirect(`/quiz/${result.data.attempt.id}`, { headers });
}

export default function Practice({ loaderData, actionData }: Route.ComponentProps) {
  const online = useOnline();
  const owner = useUser()?.id ?? null;
  // Quizzes need the server (it judges every answer): offline, the saved modules instead.
  if (!online) {
    return (
      <Container>
        <OfflinePractice owner={owner} />
      </Container>
    );
  }
  if (!loaderData.premium) return <PremiumRequired />;
  const { categoryCounts, unfinished, past, view, isAdmin } = loaderData;
  return (
    <Container>
      <PageHeader
        title="Practice quizzes"
        intro={`Study Mode shows the explanation after every answer. Exam Mode is timed like the real exam. Practice pass mark ${PRACTICE_PASS_MARK}%; the official exam asks for ${OFFICIAL_PASS_MARK}%.`}
      />
      {isAdmin && (
        <Alert tone="info" className="mb-6" title="Admin Access - Full Premium Features" />
      )}
      <div className="grid gap-8 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <QuizSetup
            categoryCounts={categoryCounts}
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

function PremiumRequired() {
  return (
    <Container className="max-w-2xl">
      <PageHeader title="Practice quizzes" />
      <Card className="text-center">
        <h2 className="text-2xl font-bold text-slate-900">Premium Access Required</h2>
        <p className="mt-3 text-slate-600">
          Practice quizzes and timed exams with explanations come with the {PREMIUM_OFFER.name}:{' '}
          {formatCad(PREMIUM_OFFER.amountCents)} once for {PREMIUM_OFFER.durationDays} days, not a
          subscription. Every study module stays free.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <LinkButton to="/pricing">Upgrade to Premium</LinkButton>
          <LinkButton to="/study" variant="secondary">
            Browse Study Materials
          </LinkButton>
        </div>
      </Card>
    </Container>
  );
}

const MODE_DESCRIPTIONS: Record<QuizMode, string> = {
  study: `${STUDY_MODE_QUESTIONS} questions by default, no timer. See whether you were right and why after every answer.`,
  timed: `${EXAM_MODE_QUESTIONS} questions drawn across the knowledge areas like the real exam, under a timer. Moves on by itself after each answer.`,
};

function QuizSetup({
  categoryCounts,
  serverErrors,
  serverError,
}: {
  categoryCounts: Record<string, number> | null;
  serverErrors: FieldErrors;
  serverError: string | null;
}) {
  const [mode, setMode] = useState<QuizMode>('study');
  const [chosen, setChosen] = useState<string[]>(() =>
    QUESTION_CATEGORIES.filter((category) => categoryCounts?.[category] !== 0),
  );
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const busy = useNavigation().state === 'submitting';
  const errors = clientErrors ?? serverErrors;
  const toggle = (category: string) =>
    setChosen((all) =>
      all.includes(category) ? all.filter((c) => c !== category) : [...all, category],
    );

  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">Start a quiz</h2>
      {serverError && (
        <Alert tone="error" className="mt-4">
          {serverError}
        </Alert>
      )}
      <Form
        method="post"
        noValidate
        className="mt-4 space-y-6"
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const checked = validateForm(CreateAttemptSchema, {
            ...formObject(form),
            categories: form.getAll('categories'),
          });
          if (checked.ok) {
            setClientErrors(null);
          } else {
            event.preventDefault();
            setClientErrors(checked.errors);
          }
        }}
      >
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Mode</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {(['study', 'timed'] as const).map((value) => (
              <label
                key={value}
                className={`flex cursor-pointer gap-3 rounded-lg border p-4 ${mode === value ? 'border-sky-600 bg-sky-50 ring-1 ring-sky-600' : 'border-slate-300 hover:bg-slate-50'}`}
              >
                <input
                  type="radio"
                  name="mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                  aria-labelledby={`mode-${value}`}
                  aria-describedby={`mode-${value}-description`}
                  className="mt-1"
                />
                <span className="text-sm text-slate-600">
                  <strong
                    id={`mode-${value}`}
                    className="block text-base font-semibold text-slate-900"
                  >
                    {QUIZ_MODE_LABELS[value]}
                  </strong>
                  <span id={`mode-${value}-description`}>{MODE_DESCRIPTIONS[value]}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.mode && <p className="mt-1 text-sm text-red-700">{errors.mode}</p>}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          {mode === 'study' ? (
            <SelectField
              label="Questions"
              name="questionCount"
              defaultValue={String(STUDY_MODE_QUESTIONS)}
              error={errors.questionCount}
            >
              {STUDY_QUESTION_COUNT_OPTIONS.map((count) => (
                <option key={count} value={count}>
                  {count} questions
                </option>
              ))}
            </SelectField>
          ) : (
            <>
              <div>
                <p className="text-sm font-medium text-slate-800">Questions</p>
                <p className="mt-3 text-slate-700">{EXAM_MODE_QUESTIONS}, as in the real exam</p>
                {errors.questionCount && (
                  <p className="mt-1 text-sm text-red-700">{errors.questionCount}</p>
                )}
              </div>
              <SelectField
                label="Time limit"
                name="timeLimit"
                defaultValue={String(EXAM_TIME_LIMIT_MINUTES)}
                error={errors.timeLimit}
              >
                {EXAM_TIME_LIMIT_OPTIONS_MINUTES.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {minutes} minutes
                    {minutes === EXAM_TIME_LIMIT_MINUTES ? ' (the official time)' : ' (harder)'}
                  </option>
                ))}
              </SelectField>
            </>
          )}
        </div>

        <fieldset aria-describedby={errors.categories ? 'categories-error' : undefined}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <legend className="text-sm font-medium text-slate-800">Categories</legend>
            <div className="flex gap-2 text-sm">
              <button
                type="button"
                className="font-medium text-sky-700 hover:underline"
                onClick={() =>
                  setChosen(QUESTION_CATEGORIES.filter((c) => categoryCounts?.[c] !== 0))
                }
              >
                Select all
              </button>
              <button
                type="button"
                className="font-medium text-sky-700 hover:underline"
                onClick={() => setChosen([])}
              >
                Clear
              </button>
            </div>
          </div>
          {mode === 'timed' && (
            <p className="mt-1 text-sm text-slate-600">
              Each chosen category gets its share of the questions, as in the bank.
            </p>
          )}
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {QUESTION_CATEGORIES.map((category) => {
              const count = categoryCounts?.[category];
              return (
                <label
                  key={category}
                  className={`flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 ${count === 0 ? 'opacity-50' : 'cursor-pointer hover:bg-slate-50'}`}
                >
                  <span className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      name="categories"
                      value={category}
                      checked={chosen.includes(category)}
                      disabled={count === 0}
                      onChange={() => toggle(category)}
                      aria-labelledby={`category-${category}`}
                      aria-describedby={
                        count === undefined ? undefined : `category-${category}-count`
                      }
                    />
                    <span id={`category-${category}`} className="text-sm text-slate-800">
                      {QUESTION_CATEGORY_LABELS[category]}
                    </span>
                  </span>
                  {count !== undefined && (
                    <span id={`category-${category}-count`} className="text-xs text-slate-500">
                      {count} {count === 1 ? 'question' : 'questions'}
                    </span>
                  )}
                </label>
              );
            })}
          </div>
          {errors.categories && (
            <p id="categories-error" className="mt-1 text-sm text-red-700">
              {errors.categories}
            </p>
          )}
        </fieldset>

        <Button type="submit" loading={busy} loadingText="Starting…">
          Start Quiz
        </Button>
      </Form>
    </Card>
  );
}

function UnfinishedAttempts({ list }: { list: AttemptList | null }) {
  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">Unfinished attempts</h2>
      {!list ? (
        <Alert tone="error" className="mt-4">
          Your unfinished attempts could not be loaded. Refresh the page to try again.
        </Alert>
      ) : list.attempts.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          Nothing to resume. An attempt you leave part-way waits here for 24 hours.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {list.attempts.map((attempt) => (
            <li key={attempt.id} className="flex items-center justify-between gap-3 py-3">
              <div className="text-sm">
                <p className="font-medium text-slate-900">{QUIZ_MODE_LABELS[attempt.mode]}</p>
                <p className="text-slate-600">
                  {attempt.answeredCount} of {attempt.questionCount} answered · started{' '}
                  <LocalDate value={attempt.startedAt} withTime />
                </p>
              </div>
              {attempt.expired ? (
                <Link
                  to={`/quiz/${attempt.id}/results`}
                  className="text-sm font-semibold text-sky-700 hover:underline"
                  aria-label={`Time is up: see the results of the ${QUIZ_MODE_LABELS[attempt.mode]} attempt`}
                >
                  Time is up · Results
                </Link>
              ) : (
                <LinkButton
                  to={`/quiz/${attempt.id}`}
                  variant="secondary"
                  aria-label={`Resume the ${QUIZ_MODE_LABELS[attempt.mode]} attempt, ${attempt.answeredCount} of ${attempt.questionCount} answered`}
                >
                  Resume
                </LinkButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function PastAttempts({ list, view }: { list: AttemptList | null; view: PastView }) {
  const pageLink = (page: number) => `?view=${view}&page=${page}#past-attempts`;
  return (
    <section id="past-attempts" className="mt-10" aria-labelledby="past-attempts-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="past-attempts-title" className="text-xl font-semibold text-slate-900">
          Past attempts
        </h2>
        <nav aria-label="Past attempts" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {PAST_VIEWS.map((value) => (
            <Link
              key={value}
              to={`?view=${value}#past-attempts`}
              aria-current={view === value ? 'page' : undefined}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${view === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
            >
              {value === 'completed' ? 'Completed' : 'Abandoned'}
            </Link>
          ))}
        </nav>
      </div>
      {!list ? (
        <Alert tone="error" className="mt-4">
          Your past attempts could not be loaded. Refresh the page to try again.
        </Alert>
      ) : list.attempts.length === 0 ? (
        <div className="mt-4">
          <EmptyState
            title={view === 'completed' ? 'No completed attempts yet' : 'No abandoned attempts'}
          >
            {view === 'completed'
              ? 'Your scores appear here once you finish a quiz.'
              : 'Attempts left untouched for 24 hours are closed and listed here.'}
          </EmptyState>
        </div>
      ) : (
        <>
          <div className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="min-w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Mode
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {view === 'completed' ? 'Score' : 'Answered'}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {view === 'completed' ? 'Result' : 'Questions'}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Time
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Review</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {list.attempts.map((attempt) => (
                  <tr key={attempt.id}>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <LocalDate value={attempt.completedAt ?? attempt.startedAt} withTime />
                    </td>
                    <td className="px-4 py-3">{QUIZ_MODE_LABELS[attempt.mode]}</td>
                    <td className="px-4 py-3">
                      {attempt.score !== null ? (
                        <ScoreBadge score={attempt.score} />
                      ) : (
                        `${attempt.answeredCount} of ${attempt.questionCount}`
                      )}
                    </td>
                    <td className="px-4 py-3">
                      {attempt.status === 'completed'
                        ? `${attempt.passed ? 'Passed' : 'Not passed'} · ${attempt.correctCount}/${attempt.questionCount}`
                        : attempt.questionCount}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {formatDuration(attempt.timeSpent)}
                    </td>
                    <td className="px-4 py-3 text-right">
                      <Link
                        to={`/quiz/${attempt.id}/results`}
                        className="font-semibold text-sky-700 hover:underline"
                      >
                        Review
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PageLinks
            pagination={list.pagination}
            label="Past attempts pages"
            href={pageLink}
            previous="← Newer"
            next="Older →"
          />
        </>
      )}
    </section>
  );
}
