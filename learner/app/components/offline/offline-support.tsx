import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSyncRunner } from '../../offline/sync';
import { registerServiceWorker } from '../../offline/worker-client';
import { InstallPrompt } from './install-prompt';
import { OfflineStatus } from './offline-status';

/**
 * What every page that runs JavaScript adds for offline use: the service worker, registered
 * after the page has loaded; syncing the learner's offline writes; the status line; the install
 * offer. Pages that ship no JavaScript (the landing page) add nothing to their scripts.
 */
export function OfflineSupport({ owner }: { owner: string | null }) {
  useEffect(() => registerServiceWorker(), []);
  useSyncRunner(owner);
  // The admin console is never kept offline, so it offers neither.
  if (useLocation().pathname.startsWith('/admin')) return null;
  return (
    <>
      <OfflineStatus owner={owner} />
      <InstallPrompt />
    </>
  );
}
