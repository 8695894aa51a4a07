import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Button, Container } from '@drone-exam/shared/ui/ui';
import { dismissConflict } from '../../offline/outbox';
import { newLocalId } from '../../offline/outbox-view';
import { queueAndSync, notifyChanged } from '../../offline/sync';
import type { SyncConflict } from '../../offline/types';
import { useMessage } from '../../i18n/hooks';

/** The catalog's sentence for each kind of refused write (common.json `offline.conflicts`). */
const REFUSED = {
  'note.create': 'noteCreate',
  'note.update': 'noteUpdate',
  'note.delete': 'noteDelete',
  'bookmark.create': 'bookmarkCreate',
  'bookmark.delete': 'bookmarkDelete',
  progress: 'progress',
} as const satisfies Record<SyncConflict['kind'], string>;

/** A write the API refused when it was replayed, with what the learner can do about it. */
function Conflict({ conflict }: { conflict: SyncConflict }) {
  const { t } = useTranslation();
  const message = useMessage();
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
      <p className="text-sm text-red-900">
        {conflict.reason === null
          ? t('offline.conflicts.noteDeleted')
          : t(`offline.conflicts.refused.${REFUSED[conflict.kind]}`, {
              reason: message(conflict.reason),
            })}
      </p>
      {conflict.noteText && (
        <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 text-sm whitespace-pre-line text-slate-700">
          {conflict.noteText}
        </blockquote>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {conflict.kind === 'note.update' && conflict.noteText && (
          <Button className="!py-1" loading={busy} onClick={() => void keepAsNewNote()}>
            {t('offline.conflicts.keepAsNote')}
          </Button>
        )}
        <Button variant="ghost" className="!py-1" onClick={() => void dismiss()}>
          {t('offline.conflicts.dismiss')}
        </Button>
      </div>
    </li>
  );
}

/**
 * The writes the API refused when they were replayed, each with what the learner can do; loaded
 * only when there is one (offline-status.tsx).
 */
export function SyncConflicts({ conflicts }: { conflicts: SyncConflict[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="sync-conflicts-title" className="border-b border-red-200 bg-red-50">
      <Container className="py-3">
        <h2 id="sync-conflicts-title" className="text-sm font-semibold text-red-900">
          {t('offline.conflicts.title', { count: conflicts.length })}
        </h2>
        <ul className="mt-2 space-y-2">
          {conflicts.map((conflict) => (
            <Conflict key={conflict.id} conflict={conflict} />
          ))}
        </ul>
      </Container>
    </section>
  );
}
