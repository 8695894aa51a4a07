import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { LearnMore } from '@drone-exam/shared/schemas/exam';
import { useLocalizedPath } from '../../i18n/hooks';
import { api } from '../../lib/api';

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'done'; html: string };

/**
 * The part of a module's rendered HTML under one heading: the heading's following siblings up to
 * the next heading of the same or a higher level. The HTML is the module's own, rendered and
 * sanitised once when the module was saved, as the module page shows it.
 */
function sectionHtml(moduleHtml: string, sectionId: string): string | null {
  const page = new DOMParser().parseFromString(moduleHtml, 'text/html');
  const heading = page.getElementById(sectionId);
  if (!heading || !/^H[1-6]$/.test(heading.tagName)) return null;
  const level = Number(heading.tagName[1]);
  const parts: string[] = [];
  for (let node = heading.nextElementSibling; node; node = node.nextElementSibling) {
    if (/^H[1-6]$/.test(node.tagName) && Number(node.tagName[1]) <= level) break;
    // Headings inside the section keep their text but not their ids, which the page may hold too.
    node.querySelectorAll('[id]').forEach((inner) => inner.removeAttribute('id'));
    node.removeAttribute('id');
    parts.push(node.outerHTML);
  }
  return parts.join('');
}

/**
 * A question's "Read it in the module" during an exam (issue 29): the section it names, read in
 * the Reference drawer while the timer runs, with the whole module a new tab away. Its heading
 * takes the focus, so a screen reader starts reading there. Keyed by the section, so another
 * section starts afresh.
 */
export function ReferenceSection({ section }: { section: LearnMore }) {
  const { t } = useTranslation('quiz');
  const localized = useLocalizedPath();
  const heading = useRef<HTMLHeadingElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const { moduleSlug, sectionId } = section;

  useEffect(() => {
    const controller = new AbortController();
    heading.current?.focus();
    void api(`/study/slug/${encodeURIComponent(moduleSlug)}`, {
      signal: controller.signal,
    })
      .then((result) => {
        const html = result.success ? sectionHtml(result.data.module.contentHtml, sectionId) : null;
        setLoaded(html === null ? { state: 'failed' } : { state: 'done', html });
      })
      // The drawer moved to another section or closed: this answer is not wanted.
      .catch(() => undefined);
    return () => controller.abort();
  }, [moduleSlug, sectionId]);

  return (
    <section aria-labelledby="reference-section-title" data-testid="reference-section">
      <h3
        id="reference-section-title"
        ref={heading}
        tabIndex={-1}
        className="font-semibold text-slate-900 outline-none"
      >
        {section.title}
      </h3>
      <div aria-live="polite" className="mt-2 text-sm">
        {loaded.state === 'loading' && <p className="text-slate-600">{t('reference.opening')}</p>}
        {loaded.state === 'failed' && (
          <p className="text-red-700">{t('reference.sectionFailed')}</p>
        )}
      </div>
      {loaded.state === 'done' && (
        <div
          className="prose-module text-sm"
          // The module's own HTML, sanitised when it was saved (see sectionHtml).
          dangerouslySetInnerHTML={{ __html: loaded.html }}
        />
      )}
      <a
        href={localized(`/study/${moduleSlug}#${sectionId}`)}
        target="_blank"
        rel="noopener"
        className="mt-3 inline-block text-sm font-semibold text-sky-800 hover:underline"
      >
        {t('reference.wholeModule')} <span className="sr-only">{t('reference.newTab')}</span>
      </a>
    </section>
  );
}
