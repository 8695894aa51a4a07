import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button, Container } from '@drone-exam/shared/ui/ui';
import { dismissConflict, newLocalId } from '../../offline/outbox';
import { queueAndSync, useOnline, useSyncState, notifyChanged } from '../../offline/sync';
import type { SyncConflict } from '../../offline/types';
import { useDocumentCopyKeptAt } from '../../offline/worker-client';

export const SAVED_OFFLINE = 'Saved offline, will sync';
export const SYNCED = 'Synced';

const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;

const keptAtText = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' }).format(ms);

/** A write the API refused when it was replayed, with what the learner can do about it. */
function Conflict({ conflict }: { conflict: SyncConflict }) {
  const [busy, setBusy] = useState(false);
  const dismiss = async () => {
    await dismissConflict(conflict.id!);
    notifyChanged();
  };
  const keepAsNewNote = async () => {
    setBusy(true);
    await queueAndSync({
      kind: 'note.create',
      owner: conflict.owner,
      moduleId: conflict.moduleId,
      queuedAt: Date.now(),
      key: crypto.randomUUID(),
      localId: newLocalId(),
      body: { moduleId: conflict.moduleId, note: conflict.noteText! },
    });
    await dismiss();
  };
  return (
    <li className="rounded-lg border border-red-200 bg-white p-3">
      <p className="text-sm text-red-900">{conflict.message}</p>
      {conflict.noteText && (
        <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 text-sm whitespace-pre-line text-slate-700">
          {conflict.noteText}
        </blockquote>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {conflict.kind === 'note.update' && conflict.noteText && (
          <Button className="!py-1" loading={busy} onClick={() => void keepAsNewNote()}>
            Keep as a new note
          </Button>
        )}
        <Button variant="ghost" className="!py-1" onClick={() => void dismiss()}>
          Dismiss
        </Button>
      </div>
    </li>
  );
}

/**
 * The line under the header that says what offline means right now: offline, writes waiting to
 * sync, synced, a page shown from this device's copy, and any write the API refused.
 */
export function OfflineStatus({ owner }: { owner: string | null }) {
  const online = useOnline();
  const sync = useSyncState(owner);
  const location = useLocation();
  const [documentLocation] = useState(location);
  const copyKeptAt = useDocumentCopyKeptAt();

  const lines: string[] = [];
  // Only while the page the document rendered is on screen: later pages come from the network.
  if (copyKeptAt !== null && location === documentLocation)
    lines.push(`You are reading the copy saved on this device on ${keptAtText(copyKeptAt)}.`);
  if (sync.pending > 0) lines.push(`${SAVED_OFFLINE} (${changes(sync.pending)}).`);
  else if (!online)
    lines.push('You are offline. Saved modules, your notes and reading progress still work.');
  else if (sync.synced) lines.push(`${SYNCED}: your offline changes are saved.`);

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
        <section
          aria-labelledby="sync-conflicts-title"
          className="border-b border-red-200 bg-red-50"
        >
          <Container className="py-3">
            <h2 id="sync-conflicts-title" className="text-sm font-semibold text-red-900">
              {sync.conflicts.length === 1
                ? '1 change made offline could not be synced'
                : `${sync.conflicts.length} changes made offline could not be synced`}
            </h2>
            <ul className="mt-2 space-y-2">
              {sync.conflicts.map((conflict) => (
                <Conflict key={conflict.id} conflict={conflict} />
              ))}
            </ul>
          </Container>
        </section>
      )}
    </>
  );
}
