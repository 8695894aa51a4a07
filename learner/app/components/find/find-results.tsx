import { useTranslation } from '../../i18n/react';
import type { AttemptDetail } from '@drone-exam/shared/schemas/quiz';
import { Card, Container, PageHeader } from '@drone-exam/shared/ui/ui';
import { LinkButton } from '../links';
import { useFormat } from '../../i18n/hooks';
import { SectionLink } from './section-link';

/**
 * A finished Find-it drill (issue 29): how many sections the learner found, the median time to
 * find one, the topics that took longest, and each item with the section picked and the one that
 * teaches it.
 */
export function FindResultsView({ attempt }: { attempt: AttemptDetail }) {
  const { t } = useTranslation(['quiz', 'common']);
  const format = useFormat();
  const results = attempt.findResults;
  return (
    <Container className="max-w-3xl">
      <PageHeader
        title={t('find.results.title')}
        intro={t('find.results.found', {
          found: attempt.correctCount,
          count: attempt.questionCount,
        })}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <Card>
          <h2 className="font-semibold text-slate-900">{t('find.results.median')}</h2>
          <p className="mt-2 text-3xl font-bold text-slate-900" data-testid="find-median">
            {results?.medianSeconds != null
              ? format.duration(results.medianSeconds)
              : t('find.results.noMedian')}
          </p>
        </Card>
        <Card>
          <h2 className="font-semibold text-slate-900">{t('find.results.slowest')}</h2>
          {results && results.slowestTopics.length > 0 ? (
            <ol className="mt-2 space-y-2 text-sm" data-testid="find-slowest">
              {results.slowestTopics.map((topic) => (
                <li key={topic.category}>
                  <span className="font-medium text-slate-900">
                    {t(`common:categories.${topic.category}`)}
                  </span>
                  <span className="block text-slate-600">
                    {t('find.results.topicTime', {
                      time: format.duration(topic.medianSeconds),
                      count: topic.items,
                    })}
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-2 text-slate-600">{t('find.results.noMedian')}</p>
          )}
        </Card>
      </div>
      <section aria-labelledby="find-items" className="mt-8">
        <h2 id="find-items" className="text-xl font-semibold text-slate-900">
          {t('find.results.items')}
        </h2>
        <ol className="mt-4 space-y-4">
          {attempt.questions.map((item) => (
            <li key={item.position}>
              <Card>
                <p
                  className={`text-sm font-semibold ${item.found?.correct ? 'text-emerald-800' : 'text-red-800'}`}
                >
                  {item.found?.correct ? t('find.right') : t('find.wrong')}
                </p>
                <h3 className="mt-1 font-semibold text-slate-900">{item.stem}</h3>
                <p className="mt-2 text-sm text-slate-700">
                  {item.found?.picked
                    ? t('find.youPicked', {
                        section: item.found.picked.title ?? item.found.picked.sectionId,
                      })
                    : t('find.results.notPicked')}
                </p>
                <p className="mt-1 text-sm text-slate-700">
                  {t('find.taughtIn')}{' '}
                  {item.found?.learnMore ? (
                    <SectionLink section={item.found.learnMore} />
                  ) : (
                    t('find.noSection')
                  )}
                </p>
              </Card>
            </li>
          ))}
        </ol>
      </section>
      <LinkButton to="/practice" className="mt-8">
        {t('find.results.again')}
      </LinkButton>
    </Container>
  );
}
