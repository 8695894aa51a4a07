import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { AttemptQuestion, QuestionHistory } from '@drone-exam/shared/schemas/quiz';
import { optionLetter } from '@drone-exam/shared/text';
import { QuestionFigureView } from '@drone-exam/shared/ui/figure';
import { useFormat } from '../../i18n/hooks';
import { OptionRationales, ReadInModule } from './rationales';
import { ReportProblem } from './report-problem';

type Filter = 'all' | 'wrong' | 'flagged';

/**
 * Each question as this attempt showed it (its kept version), in the page's language: the API
 * gives the version's French on a French page, the same options and key in the same order.
 */
export function Review({ questions }: { questions: AttemptQuestion[] }) {
  const { t } = useTranslation('quiz');
  const [filter, setFilter] = useState<Filter>('all');
  const wrong = questions.filter((q) => q.isCorrect !== true);
  const flagged = questions.filter((q) => q.flagged);
  const shown = filter === 'wrong' ? wrong : filter === 'flagged' ? flagged : questions;
  const filters: Array<[Filter, string, number]> = [
    ['all', t('review.all'), questions.length],
    ['wrong', t('review.incorrect'), wrong.length],
    ['flagged', t('review.flagged'), flagged.length],
  ];
  return (
    <section aria-labelledby="review" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="review" className="text-xl font-semibold text-slate-900">
          {t('review.title')}
        </h2>
        <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1">
          <legend className="sr-only">{t('review.show')}</legend>
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
          {filter === 'wrong' ? t('review.noIncorrect') : t('review.noFlagged')}
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
  const { t } = useTranslation(['quiz', 'common']);
  const format = useFormat();
  const answered = question.userAnswer !== null;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2 text-xs font-semibold tracking-wide uppercase">
        <span className="text-slate-500">
          {t('questionNumber', { number: question.position + 1 })}
        </span>
        <span className="text-slate-400">·</span>
        <span className="text-slate-500">{t(`common:categories.${question.category}`)}</span>
        <span
          className={`rounded-full px-2 py-0.5 normal-case ${question.isCorrect ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'}`}
        >
          {question.isCorrect
            ? t('review.correct')
            : answered
              ? t('review.incorrect')
              : t('review.notAnswered')}
        </span>
        {question.flagged && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-800 normal-case">
            {t('flagged')}
          </span>
        )}
      </div>
      <p className="mt-2 font-semibold text-slate-900">{question.stem}</p>
      {question.imageUrl && (
        <img
          src={question.imageUrl}
          alt={t('illustration', { number: question.position + 1 })}
          className="mt-3 max-h-64 rounded-lg border border-slate-200"
        />
      )}
      {question.figure && (
        <QuestionFigureView
          figure={question.figure}
          labels={{ enlarge: t('figure.enlarge'), close: t('figure.close') }}
          className="mt-3"
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
                <span className={isRight ? 'text-emerald-700' : 'text-red-700'}>
                  {t('yourAnswer')}
                </span>
              )}
              {isRight && !isChosen && (
                <span className="text-emerald-700">{t('correctAnswer')}</span>
              )}
            </li>
          );
        })}
      </ul>
      {question.explanation && (
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-semibold">{t('review.why')} </span>
          {question.explanation}
        </p>
      )}
      {question.optionExplanations && question.correctAnswer !== null && (
        <OptionRationales
          rationales={question.optionExplanations}
          choices={question.choices}
          selectedIndex={question.userAnswer}
          correctAnswer={question.correctAnswer}
        />
      )}
      {question.learnMore && <ReadInModule learnMore={question.learnMore} />}
      <p className="mt-2 text-xs text-slate-500">
        {question.regulationReference && (
          <>{t('referenceLine', { reference: question.regulationReference })} · </>
        )}
        {answered
          ? t('review.answeredIn', { time: format.duration(question.timeSpent) })
          : t('review.notAnswered')}
      </p>
      {question.history && <History history={question.history} />}
      {answered && (
        <div className="mt-2 flex justify-end">
          <ReportProblem questionId={question.questionId} questionNumber={question.position + 1} />
        </div>
      )}
    </li>
  );
}

/** "Answered 3 times: ✗ ✓ ✓", oldest first, with the words for screen readers. */
function History({ history }: { history: QuestionHistory }) {
  const { t } = useTranslation('quiz');
  const latest = history.outcomes.length < history.answered;
  return (
    <p className="mt-2 text-xs text-slate-600" data-testid="question-history">
      {t(latest ? 'review.historyLatest' : 'review.history', { count: history.answered })}{' '}
      <span aria-hidden="true">
        {history.outcomes.map((right, i) => (
          <span key={i} className={`ml-1 font-bold ${right ? 'text-emerald-700' : 'text-red-700'}`}>
            {right ? '✓' : '✗'}
          </span>
        ))}
      </span>
      <span className="sr-only">
        {history.outcomes
          .map((right) => (right ? t('review.right') : t('review.wrong')))
          .join(', ')}
      </span>
    </p>
  );
}
