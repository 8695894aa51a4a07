import { useEffect, useState } from 'react';
import type { TocEntry } from '@drone-exam/shared/markdown';
import { TOC_OBSERVER_ROOT_MARGIN, TOC_OBSERVER_THRESHOLD } from './constants';

/**
 * The heading to highlight in the table of contents: the first one in view (80 px margins top
 * and bottom, 10 % visible), kept while the reader is between headings.
 */
export function useActiveHeading(toc: TocEntry[]): [string | null, (id: string) => void] {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    const headings = toc
      .map((entry) => document.getElementById(entry.id))
      .filter((element): element is HTMLElement => element !== null);
    if (headings.length === 0) return;
    const visible = new Set<Element>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target);
          else visible.delete(entry.target);
        }
        const first = headings.find((heading) => visible.has(heading));
        if (first) setActive(first.id);
      },
      { rootMargin: TOC_OBSERVER_ROOT_MARGIN, threshold: TOC_OBSERVER_THRESHOLD },
    );
    for (const heading of headings) observer.observe(heading);
    return () => observer.disconnect();
  }, [toc]);
  return [active, setActive];
}
