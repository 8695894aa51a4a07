import { useEffect, useRef, useState, type RefObject } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { AttemptDetail, FindAnswerResult } from '@drone-exam/shared/schemas/quiz';
import { QuestionFigureView } from '@drone-exam/shared/ui/figure';
import { Alert, Button, Card, Container } from '@drone-exam/shared/ui/ui';
import { api } from '../../lib/api';
import { useFormat, useMessage } from '../../i18n/hooks';
import { ReferenceDrawer, type PickedSection } from '../quiz/reference-drawer';
import { SectionLink } from './section-link';

type Outcome = FindAnswerResult & { picked: PickedSection };

/**
 * A Find-it drill (issue 29), one item at a time: the question without its options, the reference
 * drawer to search the modules, and a pick of the section that answers it. After each pick the
 * learner hears whether it was right and where the question is taught, then moves on; the last
 * item leads to the results.
 */
export function FindDrill({ attempt }: { attempt: AttemptDetail }) {
  const { t } = useTranslation(['quiz', 'common']);
  const message = useMessage();
  const format = useFormat();
  const revalidator = useRevalidator();
  const [answered, setAnswered] = useState(
    () => new Set(attempt.questions.filter((q) => q.found).map((q) => q.questionId)),
  );
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      attempt.questions.findIndex((q) => !q.found),
    ),
  );
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shownAt = useRef(0);
  const feedback = useRef<HTMLDivElement>(null);
  const item = attempt.questions[index]!;
  const total = attempt.questions.length;
  const remaining = attempt.questions.findIndex((q, i) => i > index && !answered.has(q.questionId));

  useEffect(() => {
    if (outcome) feedback.current?.focus();
  }, [outcome]);

  const pick = async (section: PickedSection) => {
    setSending(true);
    setError(null);
    const result = await api(`/quiz/attempt/${attempt.id}/answer`, {
      method: 'POST',
      body: {
        questionId: item.questionId,
        moduleSlug: section.moduleSlug,
        sectionId: section.sectionId,
        timeSpent: Math.round((Date.now() - shownAt.current) / 1000),
      },
    });
    setSending(false);
    if (!result.success) {
      setError(t('find.failed', { reason: message(result.error) }));
      return;
    }
    // The answer route answers a pick with a find result, a choice with the choice's result.
    if ('selectedIndex' in result.data) throw new Error('A Find-it pick was answered as a choice');
    setAnswered((all) => new Set(all).add(item.questionId));
    setOutcome({ ...result.data, picked: section });
  };

  const next = async () => {
    setOutcome(null);
    if (remaining !== -1) {
      setIndex(remaining);
      return;
    }
    setSending(true);
    const finished = await api(`/quiz/attempt/${attempt.id}/finish`, { method: 'POST', body: {} });
    setSending(false);
    if (!finished.success) {
      setError(t('find.failed', { reason: message(finished.error) }));
      return;
    }
    await revalidator.revalidate();
  };

  return (
    <Container className="max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-sky-700">{t('common:modes.find')}</p>
          <p className="text-lg font-semibold text-slate-900">
            {t('find.itemOf', { number: index + 1, count: total })}
          </p>
        </div>
        {!outcome && (
          <ReferenceDrawer
            onOpenChange={() => undefined}
            onPick={(section) => void pick(section)}
          />
        )}
      </div>
      <progress
        className="mt-3 block h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-sky-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-sky-600"
        aria-label={t('progressLabel')}
        value={answered.size}
        max={total}
      />
      <Card className="mt-6">
        <p className="text-sm text-slate-600">{t(`common:categories.${item.category}`)}</p>
        <ItemHeading key={item.questionId} stem={item.stem} shownAtRef={shownAt} />
        {item.figure && (
          <QuestionFigureView
            figure={item.figure}
            labels={{ enlarge: t('figure.enlarge'), close: t('figure.close') }}
            className="mt-4"
          />
        )}
        {!outcome && <p className="mt-4 text-slate-700">{t('find.intro')}</p>}
        {sending && <output className="mt-4 block text-slate-600">{t('find.sending')}</output>}
        {error && (
          <Alert tone="error" className="mt-4">
            {error}
          </Alert>
        )}
        {outcome && (
          <div ref={feedback} tabIndex={-1} className="mt-5 space-y-3 outline-none">
            <Alert tone={outcome.correct ? 'success' : 'error'}>
              <p className="font-semibold">{outcome.correct ? t('find.right') : t('find.wrong')}</p>
              <p className="mt-1">{t('find.youPicked', { section: outcome.picked.title })}</p>
              <p className="mt-1">
                {t('find.timeTaken', { time: format.duration(outcome.timeSpent) })}
              </p>
            </Alert>
            <p className="text-slate-800">
              {t('find.taughtIn')}{' '}
              {outcome.learnMore ? (
                <SectionLink section={outcome.learnMore} />
              ) : (
                t('find.noSection')
              )}
            </p>
            <Button onClick={() => void next()} loading={sending}>
              {remaining === -1 ? t('find.seeResults') : t('find.next')}
            </Button>
          </div>
        )}
      </Card>
    </Container>
  );
}

/**
 * An item's question, mounted afresh for each item: its time counts from here, and it takes the
 * focus so a screen reader reads the new question.
 */
function ItemHeading({ stem, shownAtRef }: { stem: string; shownAtRef: RefObject<number> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    shownAtRef.current = Date.now();
    heading.current?.focus();
  }, [shownAtRef]);
  return (
    <h1
      ref={heading}
      tabIndex={-1}
      className="mt-2 text-xl font-semibold text-slate-900 outline-none"
    >
      {stem}
    </h1>
  );
}
