import { useTranslation } from '../../i18n/react';
import type { StudySearchResult } from '@drone-exam/shared';
import { LOCALE_TAGS } from '@drone-exam/shared/i18n';
import { Alert, Card, EmptyState } from '@drone-exam/shared/ui/ui';
import { Link } from '../links';
import { useFormat } from '../../i18n/hooks';
import { useReadingTime } from './format';
import { ModuleTags } from './tags';
import { TAGS_IN_SEARCH_RESULT } from './constants';

/** The answer to a search: its count, the matching modules with their snippets, or none. */
export function SearchResults({
  q,
  tags,
  results,
  searched,
  error,
  offline,
  topicName,
}: {
  q: string;
  tags: string[];
  results: StudySearchResult[];
  searched: boolean;
  error: string | null;
  offline: boolean;
  topicName: (topic: string) => string;
}) {
  const { t } = useTranslation('study');
  const format = useFormat();
  const readingTime = useReadingTime();
  return (
    <section aria-labelledby="search-results-title" className="mt-10">
      <h2 id="search-results-title" className="sr-only">
        {t('search.results')}
      </h2>
      {error && (
        <Alert tone="error" className="mb-6">
          {error}
        </Alert>
      )}
      {offline && (
        <Alert tone="info" className="mb-6">
          {t('search.offline')}
        </Alert>
      )}
      {searched && (
        <p aria-live="polite" className="mb-4 text-sm text-slate-600">
          {tags.length > 0
            ? t('search.countIn', {
                count: results.length,
                q: q.trim(),
                topics: tags.map(topicName).join(', '),
              })
            : t('search.count', { count: results.length, q: q.trim() })}
        </p>
      )}
      {searched && results.length === 0 ? (
        <EmptyState title={t('search.none')}>{t('search.noneHint')}</EmptyState>
      ) : (
        <ol className="space-y-4">
          {results.map((result) => (
            <li
              key={result.id}
              lang={result.locale === format.locale ? undefined : LOCALE_TAGS[result.locale]}
            >
              <Card className="!p-5">
                <ModuleTags tags={result.tags} max={TAGS_IN_SEARCH_RESULT} />
                <h3 className="mt-2 text-lg font-semibold">
                  <Link to={`/study/${result.slug}`} className="text-sky-800 hover:underline">
                    {result.title}
                  </Link>
                </h3>
                <p
                  className="mt-2 text-sm text-slate-700 [&_mark]:rounded [&_mark]:bg-yellow-200 [&_mark]:px-0.5"
                  // Escaped by the API; only <mark> around the matched words.
                  dangerouslySetInnerHTML={{ __html: result.snippet }}
                />
                <p className="mt-2 text-xs text-slate-500">
                  {result.description} · {readingTime(result.wordCount)}
                </p>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
