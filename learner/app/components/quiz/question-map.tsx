import { useTranslation } from '../../i18n/react';
import type { CurrentQuestion } from '@drone-exam/shared/schemas/quiz';

/** Every question of the attempt as a button: answered, flagged, and the one shown. */
export function QuestionMap({
  current,
  disabled,
  onGo,
}: {
  current: CurrentQuestion;
  disabled: boolean;
  onGo: (index: number) => void;
}) {
  const { t } = useTranslation('quiz');
  const { questionIndex } = current;
  return (
    <nav aria-label={t('questions')} className="mt-8">
      <p className="text-sm font-medium text-slate-700">{t('questions')}</p>
      <ol className="mt-2 flex flex-wrap gap-2">
        {current.progress.map((state, index) => {
          const here = index === questionIndex;
          return (
            <li key={index}>
              <button
                type="button"
                onClick={() => onGo(index)}
                disabled={disabled || here}
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
  );
}
