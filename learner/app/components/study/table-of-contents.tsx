import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from '../../i18n/react';
import type { TocEntry } from '@drone-exam/shared/markdown';
import { scrollToSection } from './scroll';

/** The nearest ancestor that scrolls on its own (the sticky sidebar on large screens). */
function scrollingAncestor(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (
      (overflowY === 'auto' || overflowY === 'scroll') &&
      parent.scrollHeight > parent.clientHeight
    )
      return parent;
  }
  return null;
}

/** Keeps the highlighted entry in sight inside a scrolling sidebar, without moving the page. */
function useKeepInSight(list: RefObject<HTMLOListElement | null>, active: string | null) {
  useEffect(() => {
    const link = active
      ? list.current?.querySelector<HTMLElement>(`a[href="#${CSS.escape(active)}"]`)
      : null;
    const box = link ? scrollingAncestor(link) : null;
    if (!link || !box) return;
    const item = link.getBoundingClientRect();
    const frame = box.getBoundingClientRect();
    if (item.top < frame.top) box.scrollTop -= frame.top - item.top;
    else if (item.bottom > frame.bottom) box.scrollTop += item.bottom - frame.bottom;
  }, [list, active]);
}

const INDENT: Record<number, string> = { 1: 'pl-0', 2: 'pl-3', 3: 'pl-6', 4: 'pl-9' };

/** learner-spec §2: headings 1–4 indented by level, the current one highlighted; nothing without headings. */
export function TableOfContents({
  toc,
  active,
  onNavigate,
}: {
  toc: TocEntry[];
  active: string | null;
  onNavigate: (id: string) => void;
}) {
  const { t } = useTranslation('study');
  const list = useRef<HTMLOListElement>(null);
  useKeepInSight(list, active);
  if (toc.length === 0) return null;
  return (
    <nav aria-labelledby="toc-title" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="toc-title" className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
        {t('toc')}
      </h2>
      <ol ref={list} className="mt-3 space-y-1 text-sm">
        {toc.map((entry) => {
          const current = entry.id === active;
          return (
            <li key={entry.id} className={INDENT[entry.level] ?? 'pl-9'}>
              <a
                href={`#${entry.id}`}
                aria-current={current ? 'location' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  scrollToSection(entry.id, 0);
                  onNavigate(entry.id);
                }}
                className={`block rounded-md border-l-2 px-2 py-1 ${
                  current
                    ? 'border-sky-600 bg-sky-50 font-semibold text-sky-900'
                    : 'border-transparent text-slate-600 hover:bg-slate-50 hover:text-slate-900'
                }`}
              >
                {entry.title}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
