import { useEffect } from 'react';

/**
 * Opens the module at the heading its address names (a question's "Read it in the module", issue
 * 29): once the page is hydrated, and on every later change of the hash, the heading scrolls into
 * view and takes the focus, so keyboard and screen-reader users start reading there too. The
 * browser's own jump to a fragment happens before hydration and can be undone by the page's
 * scroll restoration; this settles it afterwards.
 */
export function useSectionInView(hash: string) {
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    const heading = id ? document.getElementById(id) : null;
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [hash]);
}
