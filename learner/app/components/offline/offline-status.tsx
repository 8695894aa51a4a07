import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { Container } from '@drone-exam/shared/ui/ui';
import { useOnline, useSyncState } from '../../offline/sync';
import { useDocumentCopyKeptAt } from '../../offline/document-copy';
import { useFormat } from '../../i18n/hooks';

const SyncConflicts = lazy(() =>
  import('./sync-conflicts').then((module) => ({ default: module.SyncConflicts })),
);

/**
 * The line under the header that says what offline means right now: offline, writes waiting to
 * sync, synced, a page shown from this device's copy, and any write the API refused.
 */
export function OfflineStatus({ owner }: { owner: string | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const online = useOnline();
  const sync = useSyncState(owner);
  const location = useLocation();
  const [documentLocation] = useState(location);
  const copyKeptAt = useDocumentCopyKeptAt();

  const lines: string[] = [];
  // Only while the page the document rendered is on screen: later pages come from the network.
  if (copyKeptAt !== null && location === documentLocation)
    lines.push(t('offline.status.copy', { date: format.date(copyKeptAt, { withTime: true }) }));
  if (sync.pending > 0) lines.push(t('offline.status.pending', { count: sync.pending }));
  else if (!online) lines.push(t('offline.status.offline'));
  else if (sync.synced) lines.push(t('offline.status.synced'));

  return (
    <>
      <output aria-live="polite" data-testid="offline-status" className="block">
        {lines.length > 0 && (
          <div className="border-b border-sky-200 bg-sky-50 text-sm text-sky-950">
            <Container className="space-y-1 py-2">
              {lines.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </Container>
          </div>
        )}
      </output>
      {sync.conflicts.length > 0 && (
        <Suspense fallback={null}>
          <SyncConflicts conflicts={sync.conflicts} />
        </Suspense>
      )}
    </>
  );
}
