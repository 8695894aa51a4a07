import { useEffect } from 'react';
import { whenIdle } from '../../lib/idle';
import { useUser } from '../../lib/use-user';

/**
 * Keeps the page on screen for offline reading, for the signed-in learner, unless a copy younger
 * than `maxAgeMs` is kept already. A page opened as a document is kept as it loads; this covers
 * pages reached by client-side navigation.
 */
export function useKeepPage(path: string | null, maxAgeMs: number): void {
  const owner = useUser()?.id ?? null;
  useEffect(() => {
    if (!owner || !path || !navigator.onLine) return;
    // The worker's client (with IndexedDB) loads when the page is idle, not during its start-up.
    return whenIdle(
      () =>
        void import('../../offline/worker-client').then(({ keepPage }) =>
          keepPage(owner, path, maxAgeMs),
        ),
    );
  }, [owner, path, maxAgeMs]);
}
