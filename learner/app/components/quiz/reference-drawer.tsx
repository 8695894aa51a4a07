import { useEffect, useId, useRef, useState } from 'react';
import type { LearnMore } from '@drone-exam/shared/schemas/exam';
import { useTranslation } from '../../i18n/react';
import type { StudySearchResult } from '@drone-exam/shared';
import { Button } from '@drone-exam/shared/ui/ui';
import { api } from '../../lib/api';
import { useLocalizedPath } from '../../i18n/hooks';
import { ReferenceSection } from './reference-section';
import { SEARCH_DEBOUNCE_MS } from '../study/constants';
import { SEARCH_MIN_CHARS } from '@drone-exam/shared/schemas/study-values';

/**
 * The exam's key numbers (issue 16), in the quiz catalog of each language ("reference.numbers"):
 * each line comes from the team's sourced fact sheet (../shared/domain/rpas-basic-facts.md, facts
 * marked confirmed) and names the rule it states, so a learner can check it in the CARs; the
 * translation check holds the two languages to the same figures and sections.
 */
type QuickReferenceItem = { topic: string; fact: string; source: string };

/** A module section a Find-it learner picks from the search results. */
export type PickedSection = { moduleSlug: string; sectionId: string; title: string };

type Search = { state: 'idle' | 'searching' | 'done' | 'failed'; results: StudySearchResult[] };

/** The study modules' full-text search, as the learner types (results open in a new tab). */
const IDLE: Search = { state: 'idle', results: [] };

function useModuleSearch(query: string): Search {
  const [search, setSearch] = useState<Search>(IDLE);
  const q = query.trim();
  const searchable = q.length >= SEARCH_MIN_CHARS;
  useEffect(() => {
    if (!searchable) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setSearch((s) => ({ ...s, state: 'searching' }));
      void api('/study-materials/search', {
        query: { q, limit: 5 },
        signal: controller.signal,
      })
        .then((result) =>
          setSearch(
            result.success
              ? { state: 'done', results: result.data.results }
              : { state: 'failed', results: [] },
          ),
        )
        // A newer query aborted this one: its answer is not wanted.
        .catch(() => undefined);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [q, searchable]);
  return searchable ? search : IDLE;
}

/** A request to open the drawer at a module section: each request is a new object. */
export type OpenAtSection = { section: LearnMore };

/**
 * Open book, as the real exam is (issue 16): in exam mode a Reference drawer searches the study
 * modules and lists the key numbers, while the timer keeps running. A modal dialog, so focus stays
 * inside it and Escape closes it, returning to the button that opened it. A question's "Read it in
 * the module" (issue 29) opens it at that section (`openAt`), shown above the search.
 */
export function ReferenceDrawer({
  onOpenChange,
  openAt = null,
  onPick,
}: {
  onOpenChange: (open: boolean) => void;
  openAt?: OpenAtSection | null;
  /** Find it (issue 29): each result lists its sections, and picking one answers the item. */
  onPick?: (section: PickedSection) => void;
}) {
  const { t } = useTranslation('quiz');
  const localized = useLocalizedPath();
  const numbers: QuickReferenceItem[] = t('reference.numbers', { returnObjects: true });
  const dialog = useRef<HTMLDialogElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const search = useModuleSearch(open ? query : '');
  const [section, setSection] = useState<LearnMore | null>(null);
  const titleId = useId();
  const searchId = useId();

  const show = (next: boolean, at: LearnMore | null = null) => {
    setOpen(next);
    setSection(at);
    onOpenChange(next);
    if (next) {
      dialog.current?.showModal();
      // showModal focuses the first control, Close; the learner opened the drawer to search (or
      // to read a section, whose heading takes the focus as it mounts).
      if (!at) searchBox.current?.focus();
    } else dialog.current?.close();
  };

  // Only a new request opens the drawer: the learner may have closed it since the last one.
  const requested = useRef<OpenAtSection | null>(null);
  useEffect(() => {
    if (!openAt || openAt === requested.current) return;
    requested.current = openAt;
    show(true, openAt.section);
  });

  return (
    <>
      <Button variant="secondary" onClick={() => show(true)} aria-haspopup="dialog">
        {t('reference.title')}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => {
          setOpen(false);
          onOpenChange(false);
        }}
        className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-[min(32rem,100vw)] max-w-none overflow-y-auto bg-white p-0 shadow-2xl backdrop:bg-slate-900/30"
      >
        <div className="sticky top-0 flex items-center justify-between border-b border-slate-200 bg-white px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {t('reference.title')}
          </h2>
          <Button variant="secondary" onClick={() => show(false)}>
            {t('reference.close')}
          </Button>
        </div>
        <div className="space-y-6 px-5 py-4">
          <p className="text-sm text-slate-600">{t('reference.openBook')}</p>
          {open && section && (
            <ReferenceSection
              key={`${section.moduleSlug}#${section.sectionId}`}
              section={section}
            />
          )}
          <section aria-labelledby={`${searchId}-title`}>
            <h3 id={`${searchId}-title`} className="font-semibold text-slate-900">
              {t('reference.search')}
            </h3>
            <label htmlFor={searchId} className="sr-only">
              {t('reference.search')}
            </label>
            <input
              ref={searchBox}
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                // A search box eats the first Escape to clear itself; here Escape closes the drawer.
                if (event.key === 'Escape') {
                  event.preventDefault();
                  show(false);
                }
              }}
              placeholder={t('reference.example')}
              className="mt-2 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:outline-2 focus:outline-sky-600"
            />
            <div aria-live="polite" className="mt-3 text-sm">
              {search.state === 'searching' && (
                <p className="text-slate-600">{t('reference.searching')}</p>
              )}
              {search.state === 'failed' && <p className="text-red-700">{t('reference.failed')}</p>}
              {search.state === 'done' && search.results.length === 0 && (
                <p className="text-slate-600">{t('reference.none')}</p>
              )}
              {search.results.length > 0 && (
                <ol className="space-y-3">
                  {search.results.map((result) => (
                    <li key={result.id}>
                      <a
                        href={localized(`/study/${result.slug}`)}
                        target="_blank"
                        rel="noopener"
                        className="font-semibold text-sky-800 hover:underline"
                      >
                        {result.title} <span className="sr-only">{t('reference.newTab')}</span>
                      </a>
                      <p
                        className="text-slate-700 [&_mark]:rounded [&_mark]:bg-yellow-200"
                        // Escaped by the API; only <mark> around the matched words.
                        dangerouslySetInnerHTML={{ __html: result.snippet }}
                      />
                      {onPick && result.sections.length > 0 && (
                        <ul
                          className="mt-2 space-y-1 border-l-2 border-slate-200 pl-3"
                          aria-label={t('reference.sectionsOf', { module: result.title })}
                        >
                          {result.sections.map((heading) => (
                            <li
                              key={heading.id}
                              className="flex flex-wrap items-center justify-between gap-2"
                            >
                              <span className="text-slate-800">{heading.title}</span>
                              <Button
                                variant="secondary"
                                aria-label={t('reference.pickSection', { section: heading.title })}
                                onClick={() => {
                                  show(false);
                                  onPick({
                                    moduleSlug: result.slug,
                                    sectionId: heading.id,
                                    title: heading.title,
                                  });
                                }}
                              >
                                {t('reference.pick')}
                              </Button>
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </section>
          <section aria-labelledby={`${searchId}-numbers`}>
            <h3 id={`${searchId}-numbers`} className="font-semibold text-slate-900">
              {t('reference.keyNumbers')}
            </h3>
            <dl className="mt-2 divide-y divide-slate-100 text-sm">
              {numbers.map((item) => (
                <div key={item.topic} className="py-2">
                  <dt className="font-medium text-slate-900">{item.topic}</dt>
                  <dd className="text-slate-700">
                    {item.fact} <span className="text-slate-500">({item.source})</span>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      </dialog>
    </>
  );
}
