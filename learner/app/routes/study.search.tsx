import { data, Form, useNavigation } from 'react-router';
import type { TFunction } from 'i18next';
import { clientTranslator } from '../i18n/client';
import { fixedT, useTranslation } from '../i18n/react';
import type { Route } from './+types/study.search';

import { localizedPath } from '@drone-exam/shared/i18n';
import { Button, Container, PageHeader } from '@drone-exam/shared/ui/ui';
import { serverApi } from '../lib/api.server';
import { pageMeta, type PageMetaText } from '../lib/meta';
import { readScope } from '../offline/db';
import { isUnreachable } from '../offline/navigation';
import { VISITOR_SCOPE } from '../offline/policy';
import { searchSaved } from '../offline/saved-search';
import { Link } from '../components/links';
import { PendingNavigation } from '../components/study/pending';
import { readSearch } from '../components/study/search-address';
import { SearchResults } from '../components/study/search-results';
import { useSearchForm } from '../components/study/use-search-form';
import { useMessage } from '../i18n/hooks';
import { localeOf, pageMessages, serverT } from '../i18n/i18n.server';
import {
  SEARCH_LIMIT,
  SEARCH_MIN_CHARS,
  SEARCH_TOO_SHORT,
  SEARCH_TOPICS,
} from '@drone-exam/shared/schemas/study-values';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { q, tags } = readSearch(url);
  // Result pages are one page to search engines: the search itself, without a query.
  const canonical = `${url.origin}${localizedPath('/study/search', localeOf(context))}`;
  const searched = q.trim().length >= SEARCH_MIN_CHARS;
  const t = serverT(context, 'study');
  const page = { meta: searchMeta(q, t), i18n: pageMessages(context, ['study']) };
  if (!searched) {
    return {
      q,
      tags,
      canonical,
      results: [],
      searched,
      tooShort: q !== '' || tags.length > 0,
      error: null,
      ...page,
    };
  }
  const { api } = serverApi(context, request);
  const result = await api('/study-materials/search', {
    query: { q: q.trim(), tags: tags.join(','), limit: SEARCH_LIMIT },
  });
  if (!result.success) {
    // learner-spec §8: a failed search shows empty results (and here, why).
    return data(
      {
        q,
        tags,
        canonical,
        results: [],
        searched,
        tooShort: false,
        error: t('search.failed'),
        ...page,
      },
      { status: 503 },
    );
  }
  return {
    q,
    tags,
    canonical,
    results: result.data.results,
    searched,
    tooShort: false,
    error: null,
    ...page,
  };
}

/** The page's title and description: a search's title names its query. */
function searchMeta(q: string, t: TFunction<'study'>): PageMetaText {
  return {
    title: q.trim() ? t('search.metaQuery', { q: q.trim() }) : t('search.title'),
    description: t('search.description'),
  };
}

/**
 * Without the API, the same search over the modules saved on this device; its text comes from
 * the catalogs the page already has (the kept copy of this page brought them).
 */
async function searchOffline(q: string, tags: string[], canonical: string) {
  const searched = q.trim().length >= SEARCH_MIN_CHARS;
  const base = {
    q,
    tags,
    canonical,
    searched,
    tooShort: !searched && (q !== '' || tags.length > 0),
    meta: searchMeta(q, fixedT(clientTranslator(), 'study')),
  };
  const owner = await readScope().catch(() => null);
  if (!searched || !owner || owner === VISITOR_SCOPE) {
    return { ...base, results: [], error: null, offline: true };
  }
  const results = await searchSaved(owner, q.trim(), tags).catch(() => []);
  return { ...base, results, error: null, offline: true };
}

/**
 * Runs on hydration too: a copy of this page kept on the device answers any query offline, so
 * the query in the address, not the one the copy was made for, is searched for.
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const { q, tags } = readSearch(url);
  try {
    const loaded = await serverLoader();
    if (loaded.q === q && loaded.tags.join(',') === tags.join(',')) {
      return { ...loaded, offline: false };
    }
  } catch (error) {
    if (!isUnreachable(error)) throw error;
  }
  return searchOffline(q, tags, `${url.origin}${url.pathname}`);
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const q = loaderData.q.trim();
  return [
    ...pageMeta(loaderData.meta.title, loaderData.meta.description),
    ...(q ? [{ tagName: 'link', rel: 'canonical', href: loaderData.canonical }] : []),
  ];
};

export default function StudySearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('study');
  const message = useMessage();
  const searching = useNavigation().state !== 'idle';
  const topicName = (topic: string) =>
    (t('search.topicNames', { returnObjects: true }) as Record<string, string>)[topic] ?? topic;
  const { q, tags, results, searched, tooShort, error } = loaderData;
  const offline = 'offline' in loaderData && loaderData.offline;
  const { text, chosen, type, submit, toggleTag } = useSearchForm(q, tags);
  return (
    <Container className="max-w-4xl">
      <PendingNavigation label={t('search.searching')} />
      <nav aria-label={t('breadcrumb')} className="mb-6 text-sm">
        <Link to="/study" className="font-medium text-sky-700 hover:underline">
          ← {t('backToStudy')}
        </Link>
      </nav>
      <PageHeader title={t('search.title')} />

      <search>
        <Form method="get" onSubmit={submit} className="space-y-5">
          <div>
            <label htmlFor="search-q" className="block text-sm font-medium text-slate-800">
              {t('search.label')}
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id="search-q"
                name="q"
                type="search"
                value={text}
                onChange={(event) => type(event.target.value)}
                placeholder={t('search.example')}
                aria-invalid={tooShort || undefined}
                aria-describedby={tooShort ? 'search-q-error' : undefined}
                className={`block w-full rounded-lg border px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-sky-600 ${tooShort ? 'border-red-500' : 'border-slate-300'}`}
              />
              <Button type="submit" loading={searching} loadingText={t('search.searching')}>
                {t('search.submit')}
              </Button>
            </div>
            {tooShort && (
              <p id="search-q-error" className="mt-1 text-sm text-red-700">
                {message(SEARCH_TOO_SHORT)}
              </p>
            )}
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t('search.topics')}</legend>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              {SEARCH_TOPICS.map((topic) => (
                <label key={topic} className="cursor-pointer">
                  <input
                    type="checkbox"
                    name="tags"
                    value={topic}
                    checked={chosen.includes(topic)}
                    onChange={() => toggleTag(topic)}
                    className="peer sr-only"
                  />
                  <span className="block rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 peer-checked:border-sky-700 peer-checked:bg-sky-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-600 hover:border-sky-500">
                    {topicName(topic)}
                  </span>
                </label>
              ))}
              {(q || tags.length > 0) && (
                <Link
                  to="/study/search"
                  className="ml-1 text-sm font-medium text-sky-700 hover:underline"
                >
                  {t('search.clear')}
                </Link>
              )}
            </div>
          </fieldset>
        </Form>
      </search>

      <SearchResults
        q={q}
        tags={tags}
        results={results}
        searched={searched}
        error={error}
        offline={offline}
        topicName={topicName}
      />
    </Container>
  );
}
