import { TOC_SCROLL_OFFSET_PX } from './constants';

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scrolls smoothly so the element sits 80 px below the top (under the sticky header). */
export function scrollToElement(element: HTMLElement) {
  const top = element.getBoundingClientRect().top + window.scrollY - TOC_SCROLL_OFFSET_PX;
  window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  // Move keyboard and screen-reader focus to the section without a second jump.
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/** Goes to a section by heading id, or to a saved scroll position when there is none. */
export function scrollToSection(sectionId: string | null, position: number) {
  const heading = sectionId ? document.getElementById(sectionId) : null;
  if (heading) {
    scrollToElement(heading);
    history.replaceState(history.state, '', `#${sectionId}`);
  } else {
    window.scrollTo({ top: position, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }
}
