import { useEffect, useState } from 'react';

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

/**
 * Loads code once the page is idle (at once on the server, which renders with it): for a lazy
 * component the server renders whole, so the browser hydrates it after start-up, its code never
 * counted in the page's load.
 */
export function loadWhenIdle<T>(load: () => Promise<T>): Promise<T> {
  if (typeof window === 'undefined') return load();
  return new Promise<T>((resolve, reject) => whenIdle(() => void load().then(resolve, reject)));
}

/** False during the server render, hydration and start-up; true once the browser is idle. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
