import { useEffect } from 'react';
import { useUser } from '../../lib/use-user';
import { keepPage } from '../../offline/worker-client';

/**
 * Keeps the page on screen for offline reading, for the signed-in learner, unless a copy younger
 * than `maxAgeMs` is kept already. A page opened as a document is kept as it loads; this covers
 * pages reached by client-side navigation.
 */
export function useKeepPage(path: string | null, maxAgeMs: number): void {
  const owner = useUser()?.id ?? null;
  useEffect(() => {
    if (owner && path && navigator.onLine) {
      keepPage(owner, path, maxAgeMs);
    }
  }, [owner, path, maxAgeMs]);
}
