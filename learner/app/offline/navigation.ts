import { useEffect } from 'react';

/** A fetch that never reached the server (Chromium, Firefox and Safari word it differently). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/**
 * A client-side navigation whose data could not be fetched is loaded again as a document, which
 * the service worker answers with this device's copy of the page or with the offline page. True
 * while that happens (the caller shows that instead of an error).
 */
export function useDeviceCopyFallback(error: unknown): boolean {
  const reload =
    isUnreachable(error) &&
    typeof navigator !== 'undefined' &&
    Boolean(navigator.serviceWorker?.controller);
  useEffect(() => {
    if (reload) window.location.reload();
  }, [reload]);
  return reload;
}
