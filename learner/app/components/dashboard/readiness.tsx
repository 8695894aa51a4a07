import { Form, Link, useNavigation } from 'react-router';
import {
  OFFICIAL_EXAM_QUESTIONS,
  OFFICIAL_PASS_MARK,
  QUESTION_CATEGORY_LABELS,
  type QuestionCategory,
} from '@drone-exam/shared/constants';
import type { Readiness } from '@drone-exam/shared/schemas/learning';
import { MeterList, TrendChart } from '@drone-exam/shared/ui/charts';
import { Alert, Button, Card, LinkButton, Skeleton } from '@drone-exam/shared/ui/ui';
import type { Loaded } from './stats';

/** A quiz the dashboard shows on the score chart. */
export type ScorePoint = { id: string; completedAt: string; score: number };

/** The same day on the server and in the browser (the chart's labels are part of the page). */
const DAY = new Intl.DateTimeFormat('en-CA', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const percent = (probability: number) => `${Math.round(probability * 100)}%`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Answer 18 more questions across at least 5 topics to see your readiness." */
export function stillNeeded(readiness: Readiness): string {
  const questions = Math.max(0, readiness.minimumAnswered - readiness.answered);
  const topics = Math.max(0, readiness.minimumCategories - readiness.categoriesAnswered);
  if (questions > 0)
    return `Answer ${plural(questions, 'more question')} across at least ${readiness.minimumCategories} topics to see your readiness.`;
  return `Answer questions in ${plural(topics, 'more topic')} to see your readiness.`;
}

function ReadinessCard({ readiness }: { readiness: Readiness }) {
  if (readiness.passProbability === null || readiness.range === null) {
    return (
      <Card className="p-5" data-testid="readiness-card">
        <h3 className="text-lg font-semibold text-slate-900">Am I ready?</h3>
        <p className="mt-2 text-slate-700">{stillNeeded(readiness)}</p>
        <p className="mt-2 text-sm text-slate-500">
          So far: {plural(readiness.answered, 'question')} in{' '}
          {plural(readiness.categoriesAnswered, 'topic')}. Every answer counts, in study and exam
          mode.
        </p>
      </Card>
    );
  }
  const [lo, hi] = readiness.range;
  return (
    <Card className="p-5" data-testid="readiness-card">
      <h3 className="text-lg font-semibold text-slate-900">Am I ready?</h3>
      <p className="mt-2 text-4xl font-bold text-slate-900">
        {percent(readiness.passProbability)}
        <span className="ml-2 text-base font-normal text-slate-600">chance of passing today</span>
      </p>
      <p className="mt-1 text-sm text-slate-700">
        Likely between {percent(lo)} and {percent(hi)} · expected score{' '}
        {Math.round(readiness.expectedScore ?? 0)}%
      </p>
      <p className="mt-3 text-sm text-slate-600">
        The chance of scoring at least {OFFICIAL_PASS_MARK}% on a {OFFICIAL_EXAM_QUESTIONS}
        -question exam drawn across the topics in the bank&apos;s proportions, estimated from your{' '}
        {readiness.answered} questions answered. Recent answers count more; the range narrows as you
        answer more.
      </p>
    </Card>
  );
}

function WeakestArea({ category, premium }: { category: QuestionCategory; premium: boolean }) {
  const busy = useNavigation().state === 'submitting';
  const label = QUESTION_CATEGORY_LABELS[category];
  return (
    <Card className="p-5">
      <h3 className="text-lg font-semibold text-slate-900">Study next</h3>
      <p className="mt-2 text-slate-700">
        Your weakest topic is <strong>{label}</strong>.
      </p>
      {premium ? (
        <Form method="post" action="/practice" className="mt-4">
          <input type="hidden" name="mode" value="study" />
          <input type="hidden" name="questionCount" value="10" />
          <input type="hidden" name="categories" value={category} />
          <Button type="submit" loading={busy} loadingText="Starting…">
            Practise it now
          </Button>
        </Form>
      ) : (
        <LinkButton to="/pricing" className="mt-4">
          Unlock practice quizzes
        </LinkButton>
      )}
    </Card>
  );
}

/**
 * Readiness (issue 16): the chance of passing with its range, mastery per topic, the weakest topic
 * with a one-click quiz, and the scores over time.
 */
export function ReadinessSection({
  loaded,
  scores,
  premium,
}: {
  loaded: Loaded<Readiness | null>;
  scores: ScorePoint[];
  premium: boolean;
}) {
  const readiness = loaded.value;
  if (!readiness) {
    return (
      <Alert tone="warning">
        Your readiness could not be loaded just now. Refresh to try again.
      </Alert>
    );
  }
  const weakest = readiness.weakest[0];
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="space-y-4">
        <ReadinessCard readiness={readiness} />
        {weakest && <WeakestArea category={weakest} premium={premium} />}
      </div>
      <Card className="p-5 lg:col-span-2">
        <h3 className="text-lg font-semibold text-slate-900">Mastery by topic</h3>
        <p className="mt-1 mb-4 text-sm text-slate-600">
          Your estimated chance of answering a question right in each topic.
        </p>
        <div data-testid="mastery-chart">
          <MeterList
            label="Mastery by topic"
            items={readiness.areas.map((area) => ({
              key: area.category,
              label: QUESTION_CATEGORY_LABELS[area.category],
              percent: area.mastery === null ? null : area.mastery * 100,
              detail: area.answered ? `${area.correct} of ${area.answered} right` : undefined,
            }))}
          />
        </div>
      </Card>
      <Card className="p-5 lg:col-span-3">
        <h3 className="text-lg font-semibold text-slate-900">Scores over time</h3>
        {scores.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">
            {premium ? (
              <>
                Finish a quiz to start your chart.{' '}
                <Link to="/practice" className="font-semibold text-sky-700 hover:underline">
                  Start one
                </Link>
              </>
            ) : (
              'Your quiz scores will show here once you have premium practice.'
            )}
          </p>
        ) : (
          <TrendChart
            title="Quiz scores over time"
            points={scores.map((point) => ({
              key: point.id,
              label: DAY.format(new Date(point.completedAt)),
              value: point.score,
            }))}
            mark={OFFICIAL_PASS_MARK}
            markLabel={`Official pass mark ${OFFICIAL_PASS_MARK}%`}
          />
        )}
      </Card>
    </div>
  );
}

export function ReadinessSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading your readiness" className="grid gap-4 lg:grid-cols-3">
      <Skeleton className="h-48 rounded-xl" />
      <Skeleton className="h-48 rounded-xl lg:col-span-2" />
    </div>
  );
}
