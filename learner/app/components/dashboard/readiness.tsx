import { Form, useNavigation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { dayOf, shortDay } from '@drone-exam/shared/calendar-words';
import type { Readiness } from '@drone-exam/shared/schemas/learning';
import { MeterList, TrendChart } from '@drone-exam/shared/ui/charts';
import { Alert, Button, Card, Skeleton } from '@drone-exam/shared/ui/ui';
import { useFormat, useLocalizedPath } from '../../i18n/hooks';
import { Link, LinkButton } from '../links';
import type { Loaded } from './stats';
import type { QuestionCategory } from '@drone-exam/shared/schemas/quiz-values';

/** A quiz the dashboard shows on the score chart. */
export type ScorePoint = { id: string; completedAt: string; score: number };

/** "Answer 18 more questions across at least 5 topics to see your readiness." */
function StillNeeded({ readiness }: { readiness: Readiness }) {
  const { t } = useTranslation('dashboard');
  const questions = Math.max(0, readiness.minimumAnswered - readiness.answered);
  const topics = Math.max(0, readiness.minimumCategories - readiness.categoriesAnswered);
  return questions > 0
    ? t('readiness.needQuestions', { count: questions, topics: readiness.minimumCategories })
    : t('readiness.needTopics', { count: topics });
}

function ReadinessCard({ readiness }: { readiness: Readiness }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const percent = (probability: number) => format.percent(Math.round(probability * 100));
  if (readiness.passProbability === null || readiness.range === null) {
    return (
      <Card className="p-5" data-testid="readiness-card">
        <h3 className="text-lg font-semibold text-slate-900">{t('readiness.title')}</h3>
        <p className="mt-2 text-slate-700">
          <StillNeeded readiness={readiness} />
        </p>
        <p className="mt-2 text-sm text-slate-500">
          {t('readiness.soFar', {
            questions: t('readiness.questions', { count: readiness.answered }),
            topics: t('readiness.topics', { count: readiness.categoriesAnswered }),
          })}
        </p>
      </Card>
    );
  }
  const [lo, hi] = readiness.range;
  return (
    <Card className="p-5" data-testid="readiness-card">
      <h3 className="text-lg font-semibold text-slate-900">{t('readiness.title')}</h3>
      <p className="mt-2 text-4xl font-bold text-slate-900">
        {percent(readiness.passProbability)}
        <span className="ml-2 text-base font-normal text-slate-600">{t('readiness.chance')}</span>
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {t('readiness.range', {
          low: percent(lo),
          high: percent(hi),
          expected: format.percent(Math.round(readiness.expectedScore ?? 0)),
        })}
      </p>
      <p className="mt-3 text-sm text-slate-600">
        {t('readiness.explain', {
          mark: format.percent(readiness.passMark),
          questions: readiness.questionCount,
          count: readiness.answered,
        })}
      </p>
    </Card>
  );
}

function WeakestArea({ category, premium }: { category: QuestionCategory; premium: boolean }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const localized = useLocalizedPath();
  const busy = useNavigation().state === 'submitting';
  return (
    <Card className="p-5">
      <h3 className="text-lg font-semibold text-slate-900">{t('weakest.title')}</h3>
      <p className="mt-2 text-slate-700">
        {t('weakest.before')}
        <strong>{t(`common:categories.${category}`)}</strong>
        {t('weakest.after')}
      </p>
      {premium ? (
        <Form method="post" action={localized('/practice')} className="mt-4">
          <input type="hidden" name="mode" value="study" />
          <input type="hidden" name="questionCount" value="10" />
          <input type="hidden" name="categories" value={category} />
          <Button type="submit" loading={busy} loadingText={t('weakest.starting')}>
            {t('weakest.practise')}
          </Button>
        </Form>
      ) : (
        <LinkButton to="/pricing" className="mt-4">
          {t('weakest.unlock')}
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
  const { t } = useTranslation(['dashboard', 'common']);
  const format = useFormat();
  // The same day on the server and in the browser (the chart's labels are part of the page).
  const day = (at: string | number) => shortDay(dayOf(new Date(at), 'UTC'), format.locale);
  const readiness = loaded.value;
  if (!readiness) {
    return <Alert tone="warning">{t('readiness.failed')}</Alert>;
  }
  const weakest = readiness.weakest[0];
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="space-y-4">
        <ReadinessCard readiness={readiness} />
        {weakest && <WeakestArea category={weakest} premium={premium} />}
      </div>
      <Card className="p-5 lg:col-span-2">
        <h3 className="text-lg font-semibold text-slate-900">{t('mastery.title')}</h3>
        <p className="mt-1 mb-4 text-sm text-slate-600">{t('mastery.intro')}</p>
        <div data-testid="mastery-chart">
          <MeterList
            label={t('mastery.title')}
            notAnswered={t('mastery.notAnswered')}
            formatPercent={(value) => format.percent(Math.round(value))}
            items={readiness.areas.map((area) => ({
              key: area.category,
              label: t(`common:categories.${area.category}`),
              percent: area.mastery === null ? null : area.mastery * 100,
              detail: area.answered
                ? t('mastery.right', { correct: area.correct, count: area.answered })
                : undefined,
            }))}
          />
        </div>
      </Card>
      <Card className="p-5 lg:col-span-3">
        <h3 className="text-lg font-semibold text-slate-900">{t('scores.title')}</h3>
        {scores.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">
            {premium ? (
              <>
                {t('scores.finishOne')}{' '}
                <Link to="/practice" className="font-semibold text-sky-700 hover:underline">
                  {t('scores.startOne')}
                </Link>
              </>
            ) : (
              t('scores.premiumOnly')
            )}
          </p>
        ) : (
          <TrendChart
            title={t('scores.chartTitle')}
            points={scores.map((point) => ({
              key: point.id,
              label: day(point.completedAt),
              value: point.score,
            }))}
            mark={readiness.passMark}
            markLabel={t('scores.officialMark', { mark: format.percent(readiness.passMark) })}
            formatValue={(value) => format.percent(Math.round(value))}
          />
        )}
      </Card>
    </div>
  );
}

export function ReadinessSkeleton() {
  const { t } = useTranslation('dashboard');
  return (
    <div aria-busy="true" className="grid gap-4 lg:grid-cols-3">
      <span className="sr-only">{t('readiness.loading')}</span>
      <Skeleton className="h-48 rounded-xl" />
      <Skeleton className="h-48 rounded-xl lg:col-span-2" />
    </div>
  );
}
