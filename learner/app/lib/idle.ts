import { lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * How long code held back until the browser is idle may wait at most: on a busy phone idle time
 * can be long in coming, and what waits (the offline status, syncing) should not wait forever.
 */
const IDLE_TIMEOUT_MS = 2_000;

const nothing = () => {};

/**
 * Runs `run` once the page has loaded (its load event) and the browser is idle, so code that no
 * learner needs at first sight is neither fetched nor run during start-up. Returns a cancel.
 */
export function whenIdle(run: () => void): () => void {
  let cancel = nothing;
  const idle = () => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(run, 0);
      cancel = () => clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}

/** False during the server render, hydration and start-up; true once the browser is idle. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}

/**
 * A component whose code loads once the page is idle. The server renders it in full; in the
 * browser its Suspense boundary keeps that HTML on screen, not yet hydrated, until the code has
 * come (React replays a click made on it meanwhile), so it neither moves the page nor weighs on
 * start-up. For parts used only after an interaction: a dialog's button, a drawer, a form.
 */
export function lazyWhenIdle<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  const loadWhenIdle = () =>
    typeof window === 'undefined'
      ? load()
      : new Promise<void>((resolve) => whenIdle(resolve)).then(load);
  return lazy(() => loadWhenIdle().then((component) => ({ default: component })));
}
