import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useIdle } from '../../lib/idle';

const OfflineSupport = lazy(() =>
  import('./offline-support').then((module) => ({ default: module.OfflineSupport })),
);

/**
 * The offline support (service worker, syncing, status line, install offer) loads once the page
 * is idle: none of it is needed to read or use a page as it opens, and its code (IndexedDB, the
 * outbox, the worker's client) was about 5 KiB of every page's start-up. Until then the status
 * line's empty live region holds its place, so nothing moves when it arrives.
 */
export function OfflineSupportWhenIdle({ owner }: { owner: string | null }) {
  const idle = useIdle();
  const admin = useLocation().pathname.startsWith('/admin');
  const placeholder = admin ? null : (
    <output aria-live="polite" data-testid="offline-status" className="block" />
  );
  if (!idle) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <OfflineSupport owner={owner} />
    </Suspense>
  );
}
