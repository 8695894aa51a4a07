import { useEffect, useRef, useState, type FormEvent } from 'react';
import { data, Form, Link, useNavigate, useNavigation } from 'react-router';
import type { Route } from './+types/study.search';
import type { StudySearchResult } from '@drone-exam/shared';
import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_LIMIT,
  SEARCH_MIN_CHARS,
  SEARCH_TOO_SHORT,
  SEARCH_TOPICS,
  TAGS_IN_SEARCH_RESULT,
} from '@drone-exam/shared/constants';
import {
  Alert,
  Button,
  Card,
  Container,
  EmptyState,
  PageHeader,
  TagList,
} from '@drone-exam/shared/ui/ui';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { readScope } from '../offline/db';
import { isUnreachable } from '../offline/navigation';
import { VISITOR_SCOPE } from '../offline/policy';
import { searchSaved } from '../offline/saved-modules';
import { moduleReadingTime } from '../components/study/format';
import { PendingNavigation } from '../components/study/pending';

export const SEARCH_FAILED = 'Search is unavailable right now. Please try again.';

const TOPIC_LABELS: Record<(typeof SEARCH_TOPICS)[number], string> = {
  regulations: 'Regulations',
  airspace: 'Airspace',
  weather: 'Weather',
  'rpas-theory': 'RPAS theory',
  operations: 'Operations',
  'human-factors': 'Human factors',
  'first-flights': 'First flights',
};

/** ?q=…&tags=a,b (a form without JavaScript sends tags=a&tags=b; both read the same). */
function readSearch(url: URL) {
  const q = url.searchParams.get('q') ?? '';
  const tags = [
    ...new Set(
      url.searchParams
        .getAll('tags')
        .flatMap((value) => value.split(','))
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  return { q, tags };
}

/** The shareable address of a search; tags stay readable, comma-joined as the API takes them. */
function searchHref(q: string, tags: string[]): string {
  const parts: string[] = [];
  if (q.trim()) parts.push(`q=${encodeURIComponent(q.trim())}`);
  if (tags.length) parts.push(`tags=${tags.map(encodeURIComponent).join(',')}`);
  return parts.length ? `/study/search?${parts.join('&')}` : '/study/search';
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { q, tags } = readSearch(url);
  // Result pages are one page to search engines: the search itself, without a query.
  const canonical = `${url.origin}/study/search`;
  const searched = q.trim().length >= SEARCH_MIN_CHARS;
  if (!searched) {
    return {
      q,
      tags,
      canonical,
      results: [],
      searched,
      tooShort: q !== '' || tags.length > 0,
      error: null,
    };
  }
  const { api } = serverApi(context, request);
  const result = await api<{ results: StudySearchResult[] }>('/study-materials/search', {
    query: { q: q.trim(), tags: tags.join(','), limit: SEARCH_LIMIT },
  });
  if (!result.success) {
    // learner-spec §8: a failed search shows empty results (and here, why).
    return data(
      { q, tags, canonical, results: [], searched, tooShort: false, error: SEARCH_FAILED },
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
  };
}

/** Without the API, the same search over the modules saved on this device. */
async function searchOffline(q: string, tags: string[], canonical: string) {
  const searched = q.trim().length >= SEARCH_MIN_CHARS;
  const base = {
    q,
    tags,
    canonical,
    searched,
    tooShort: !searched && (q !== '' || tags.length > 0),
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
  return searchOffline(q, tags, `${url.origin}/study/search`);
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const q = loaderData?.q.trim();
  const canonical = loaderData?.canonical;
  return [
    ...pageMeta(
      q ? `Search: ${q}` : 'Search Study Materials',
      'Search every study module for the RPA Pilot Certificate (Basic Operations) by word and topic.',
    ),
    ...(q && canonical ? [{ tagName: 'link', rel: 'canonical', href: canonical }] : []),
  ];
};

export default function StudySearch({ loaderData }: Route.ComponentProps) {
  const { q, tags, results, searched, tooShort, error } = loaderData;
  const offline = 'offline' in loaderData && loaderData.offline;
  const navigate = useNavigate();
  const searching = useNavigation().state !== 'idle';
  const [text, setText] = useState(q);
  const [shownQuery, setShownQuery] = useState(q);
  /** The query the learner's typing last searched for. */
  const [typedQuery, setTypedQuery] = useState(q.trim());
  // A new search from the URL (back, forward, a shared link) replaces what was typed; the answer
  // to the learner's own typing does not (they may have typed on while it loaded).
  if (shownQuery !== q) {
    setShownQuery(q);
    if (q !== typedQuery) setText(q);
  }
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  /** Search as they type: once typing pauses, the results follow, replacing the URL entry. */
  const type = (value: string) => {
    setText(value);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => {
      setTypedQuery(value.trim());
      void navigate(searchHref(value, tags), { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearTimeout(typing.current);
    void navigate(searchHref(text, tags));
  };
  const toggleTag = (tag: string) => {
    const next = tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag];
    void navigate(searchHref(text, next), { replace: true, preventScrollReset: true });
  };

  return (
    <Container className="max-w-4xl">
      <PendingNavigation label="Searching…" />
      <nav aria-label="Breadcrumb" className="mb-6 text-sm">
        <Link to="/study" className="font-medium text-sky-700 hover:underline">
          ← Back to Study Materials
        </Link>
      </nav>
      <PageHeader title="Search Study Materials" />

      <search>
        <Form method="get" onSubmit={submit} className="space-y-5">
          <div>
            <label htmlFor="search-q" className="block text-sm font-medium text-slate-800">
              Search
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id="search-q"
                name="q"
                type="search"
                value={text}
                onChange={(event) => type(event.target.value)}
                placeholder="e.g. night flying, Class G, 901.25"
                aria-invalid={tooShort || undefined}
                aria-describedby={tooShort ? 'search-q-error' : undefined}
                className={`block w-full rounded-lg border px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-sky-600 ${tooShort ? 'border-red-500' : 'border-slate-300'}`}
              />
              <Button type="submit" loading={searching} loadingText="Searching…">
                Search
              </Button>
            </div>
            {tooShort && (
              <p id="search-q-error" className="mt-1 text-sm text-red-700">
                {SEARCH_TOO_SHORT}
              </p>
            )}
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Topics</legend>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              {SEARCH_TOPICS.map((topic) => (
                <label key={topic} className="cursor-pointer">
                  <input
                    type="checkbox"
                    name="tags"
                    value={topic}
                    checked={tags.includes(topic)}
                    onChange={() => toggleTag(topic)}
                    className="peer sr-only"
                  />
                  <span className="block rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 peer-checked:border-sky-700 peer-checked:bg-sky-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-600 hover:border-sky-500">
                    {TOPIC_LABELS[topic]}
                  </span>
                </label>
              ))}
              {(q || tags.length > 0) && (
                <Link
                  to="/study/search"
                  className="ml-1 text-sm font-medium text-sky-700 hover:underline"
                >
                  Clear all
                </Link>
              )}
            </div>
          </fieldset>
        </Form>
      </search>

      <section aria-labelledby="search-results-title" className="mt-10">
        <h2 id="search-results-title" className="sr-only">
          Results
        </h2>
        {error && (
          <Alert tone="error" className="mb-6">
            {error}
          </Alert>
        )}
        {offline && (
          <Alert tone="info" className="mb-6">
            You are offline: searching the modules saved on this device.
          </Alert>
        )}
        {searched && (
          <p aria-live="polite" className="mb-4 text-sm text-slate-600">
            {results.length === 1 ? '1 result' : `${results.length} results`} for “{q.trim()}”
            {tags.length > 0 &&
              ` in ${tags.map((tag) => TOPIC_LABELS[tag as keyof typeof TOPIC_LABELS] ?? tag).join(', ')}`}
          </p>
        )}
        {searched && results.length === 0 ? (
          <EmptyState title="No results found">
            Try adjusting your search terms or removing filters.
          </EmptyState>
        ) : (
          <ol className="space-y-4">
            {results.map((result) => (
              <li key={result.id}>
                <Card className="!p-5">
                  <TagList tags={result.tags} max={TAGS_IN_SEARCH_RESULT} />
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
                    {result.description} · {moduleReadingTime(result.wordCount)}
                  </p>
                </Card>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Container>
  );
}
