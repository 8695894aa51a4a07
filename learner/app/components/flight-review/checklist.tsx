import { useState } from 'react';
import { useFetcher } from 'react-router';
import { Alert } from '@drone-exam/shared/ui/ui';
import {
  FLIGHT_REVIEW_EXERCISES,
  type FlightReviewExerciseId,
} from '@drone-exam/shared/schemas/flight-review-values';
import { useTranslation } from '../../i18n/react';
import { useMessage } from '../../i18n/hooks';
import type { FlightReviewResult } from './types';

type Exercise = { id: FlightReviewExerciseId; title: string; done: boolean };

/** One exercise: its clause, what the reviewer looks for, how to practise, and its "done" mark. */
function ExerciseItem({ exercise, clause }: { exercise: Exercise; clause: string }) {
  const { t } = useTranslation('flight');
  const message = useMessage();
  const mark = useFetcher<FlightReviewResult>();
  // The learner's latest choice shows at once (set in the change itself, so the controlled box
  // never flicks back); the page's data catches up when the save answers, and a refused save
  // shows the stored mark again.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const failed = mark.state === 'idle' && mark.data && !mark.data.ok ? mark.data : null;
  const done = failed ? exercise.done : (chosen ?? exercise.done);
  const titleId = `exercise-${exercise.id}`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start gap-3">
        <input
          id={`${titleId}-done`}
          type="checkbox"
          checked={done}
          aria-labelledby={`${titleId}-done-label ${titleId}`}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setChosen(checked);
            mark.submit(
              { intent: 'exercise', id: exercise.id, done: String(checked) },
              { method: 'post' },
            );
          }}
          className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 text-sky-700 focus:outline-2 focus:outline-sky-600"
        />
        <div className="min-w-0">
          <label
            id={`${titleId}-done-label`}
            htmlFor={`${titleId}-done`}
            className="text-sm font-semibold text-sky-800"
          >
            {t('checklist.done')}
          </label>
          <h3 id={titleId} className="text-base font-semibold text-slate-900">
            {exercise.title}{' '}
            <span className="text-sm font-normal text-slate-600">
              {t('checklist.clause', { clause })}
            </span>
          </h3>
        </div>
      </div>
      <dl className="mt-3 space-y-2 text-sm text-slate-700 sm:pl-8">
        <dt className="font-semibold text-slate-800">{t('checklist.lookFor')}</dt>
        <dd>{t(`exercises.${exercise.id}.lookFor`)}</dd>
        <dt className="font-semibold text-slate-800">{t('checklist.practise')}</dt>
        <dd>{t(`exercises.${exercise.id}.practise`)}</dd>
      </dl>
      {failed && (
        <Alert tone="error" className="mt-3">
          {failed.error ? message(failed.error) : t('checklist.failed')}
        </Alert>
      )}
    </li>
  );
}

/** The nine exercises of Standard 921.02(1)(b), in its order, each with its "done" mark. */
export function Checklist({ exercises }: { exercises: Exercise[] }) {
  const { t } = useTranslation('flight');
  const done = exercises.filter((exercise) => exercise.done).length;
  return (
    <section aria-labelledby="checklist-title" className="mt-10">
      <h2 id="checklist-title" className="text-2xl font-bold text-slate-900">
        {t('checklist.title')}
      </h2>
      <p className="mt-2 text-slate-700">{t('checklist.intro')}</p>
      <p className="mt-1 text-sm font-semibold text-slate-800" data-testid="exercises-done">
        {t('checklist.progress', { done, total: exercises.length })}
      </p>
      <ol className="mt-4 space-y-4">
        {exercises.map((exercise) => (
          <ExerciseItem
            key={exercise.id}
            exercise={exercise}
            clause={FLIGHT_REVIEW_EXERCISES.find((known) => known.id === exercise.id)?.clause ?? ''}
          />
        ))}
      </ol>
    </section>
  );
}
