import { useEffect, useState, type RefObject } from 'react';
import type { TocEntry } from '@drone-exam/shared/markdown';
import { currentSection } from '@drone-exam/shared/reading';
import type { Selection } from './study-tools-parts';

/**
 * The text the learner last selected inside the article, kept while they reach for the panel:
 * read when the panel first mounts (the text may have been selected before it was opened), then
 * followed as the selection changes.
 */
export function useArticleSelection(article: RefObject<HTMLElement | null>, toc: TocEntry[]) {
  const [selection, setSelection] = useState<Selection | null>(null);
  useEffect(() => {
    const onChange = () => {
      const current = document.getSelection();
      const element = article.current;
      if (!current || !element || !current.anchorNode) return;
      if (!element.contains(current.anchorNode)) return;
      const text = current.toString().replace(/\s+/g, ' ').trim();
      if (current.isCollapsed || !text) {
        setSelection(null);
        return;
      }
      const range = current.getRangeAt(0);
      const top = range.getBoundingClientRect().top;
      const headings = toc.flatMap((entry) => {
        const heading = document.getElementById(entry.id);
        return heading ? [{ id: entry.id, top: heading.getBoundingClientRect().top }] : [];
      });
      setSelection({
        text,
        sectionId: currentSection(headings, top),
        position: Math.round(window.scrollY + top),
      });
    };
    onChange();
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [article, toc]);
  return [selection, () => setSelection(null)] as const;
}
