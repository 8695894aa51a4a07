import type { RefObject } from 'react';
import { useTranslation } from '../../i18n/react';
import type { LearnMore } from '@drone-exam/shared/schemas/exam';
import type { CurrentQuestion } from '@drone-exam/shared/schemas/quiz';
import { optionLetter } from '@drone-exam/shared/text';
import { QuestionFigureView } from '@drone-exam/shared/ui/figure';
import { Card } from '@drone-exam/shared/ui/ui';
import { OptionRationales, ReadInModule } from './rationales';
import { ReportProblem } from './report-problem';
import type { Pending } from './use-quiz-runner';

/** The question being asked: its stem and figure, the choices, and once answered, why. */
export function QuestionCard({
  current,
  pending,
  heading,
  onChoose,
  onReportOpenChange,
  onReadInDrawer,
}: {
  current: CurrentQuestion;
  pending: Pending;
  heading: RefObject<HTMLHeadingElement | null>;
  onChoose: (index: number) => void;
  onReportOpenChange: (open: boolean) => void;
  /** During an exam, "Read it in the module" opens the Reference drawer at the section. */
  onReadInDrawer?: (learnMore: LearnMore) => void;
}) {
  const { t } = useTranslation(['quiz', 'common']);
  const { question, answer } = current;
  return (
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
                onClick={() => onChoose(index)}
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
            <p className={`font-semibold ${answer.correct ? 'text-emerald-800' : 'text-red-800'}`}>
              {answer.correct
                ? t('correct')
                : t('incorrect', { letter: optionLetter(answer.correctAnswer) })}
            </p>
            {answer.explanation && <p className="mt-2 text-slate-800">{answer.explanation}</p>}
            <OptionRationales
              rationales={answer.optionExplanations}
              choices={question.choices}
              selectedIndex={answer.selectedIndex}
              correctAnswer={answer.correctAnswer}
            />
            {answer.regulationReference && (
              <p className="mt-2 text-sm text-slate-600">
                {t('referenceLine', { reference: answer.regulationReference })}
              </p>
            )}
            {answer.learnMore && (
              <ReadInModule learnMore={answer.learnMore} onOpenInDrawer={onReadInDrawer} />
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
            onOpenChange={onReportOpenChange}
          />
        </div>
      )}
    </Card>
  );
}
