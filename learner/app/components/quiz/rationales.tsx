import { useTranslation } from '../../i18n/react';
import type { LearnMore } from '@drone-exam/shared/schemas/exam';
import { optionLetter } from '@drone-exam/shared/text';
import { Link } from '../links';

/**
 * Why each option is right or wrong (issue 29), once the question is answered: the rationale of
 * the learner's choice and of the right answer in view, the others behind a disclosure (a native
 * details element, so the keyboard and screen readers work it without any script).
 */
export function OptionRationales({
  rationales,
  choices,
  selectedIndex,
  correctAnswer,
}: {
  rationales: string[];
  choices: Array<{ text: string }>;
  selectedIndex: number | null;
  correctAnswer: number;
}) {
  const { t } = useTranslation('quiz');
  if (rationales.length !== choices.length) return null;
  const chosen = selectedIndex !== null && selectedIndex !== correctAnswer ? selectedIndex : null;
  const others = rationales
    .map((text, index) => ({ text, index }))
    .filter(({ index }) => index !== correctAnswer && index !== chosen);
  const line = (index: number, label: string) => (
    <div key={index} className="mt-2">
      <p className="text-sm font-semibold text-slate-900">{label}</p>
      <p className="text-sm text-slate-800" data-testid={`rationale-${optionLetter(index)}`}>
        {rationales[index]}
      </p>
    </div>
  );
  return (
    <div className="mt-3" data-testid="option-rationales">
      {chosen !== null &&
        line(chosen, t('rationales.yourWrongChoice', { letter: optionLetter(chosen) }))}
      {line(
        correctAnswer,
        t(selectedIndex === correctAnswer ? 'rationales.yourRightChoice' : 'rationales.right', {
          letter: optionLetter(correctAnswer),
        }),
      )}
      {others.length > 0 && (
        <details className="group mt-3 rounded-lg border border-slate-200 bg-white/70">
          <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600">
            {t('rationales.others', { count: others.length })}
          </summary>
          <ul className="space-y-2 px-3 pb-3">
            {others.map(({ text, index }) => (
              <li key={index} className="text-sm text-slate-800">
                <span className="font-semibold">
                  {t('rationales.option', { letter: optionLetter(index) })}{' '}
                </span>
                <span className="text-slate-600">{choices[index]!.text}</span>
                <p data-testid={`rationale-${optionLetter(index)}`}>{text}</p>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/**
 * "Read it in the module": the section that teaches the question. Outside an exam it opens the
 * module at that heading; during an exam (onOpenInDrawer) it opens the section in the Reference
 * drawer instead, so the learner stays on the question while the timer runs.
 */
export function ReadInModule({
  learnMore,
  onOpenInDrawer,
}: {
  learnMore: LearnMore;
  onOpenInDrawer?: (learnMore: LearnMore) => void;
}) {
  const { t } = useTranslation('quiz');
  const className =
    'font-semibold text-sky-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600';
  return (
    <p className="mt-3 text-sm text-slate-700">
      {onOpenInDrawer ? (
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => onOpenInDrawer(learnMore)}
          className={className}
        >
          {t('rationales.readInModule')}
        </button>
      ) : (
        <Link to={`/study/${learnMore.moduleSlug}#${learnMore.sectionId}`} className={className}>
          {t('rationales.readInModule')}
        </Link>
      )}
      <span className="text-slate-600">
        {' · '}
        {t('rationales.section', { title: learnMore.title })}
      </span>
    </p>
  );
}
