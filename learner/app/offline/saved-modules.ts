import { useEffect, useState } from 'react';
import type { StudyModule } from '@drone-exam/shared';
import { localizedPath, type Locale } from '@drone-exam/shared/i18n';
import { offlineDb, savedModules } from './db';
import { warnOfflineDataUnavailable } from './unavailable';
import { STUDY_LIST_PATH, STUDY_SEARCH_PATH, type WorkerReply } from './policy';
import { notifyChanged, onChanged } from './sync';
import type { SavedModule } from './types';
import { askWorker, keepPage } from './worker-client';

/**
 * The modules a learner keeps on this device: every module they open, unless they turned saving
 * off for it, and any they save from the study list. The service worker keeps each one's page
 * and data; IndexedDB remembers the learner's choice.
 */

type ModuleRef = Pick<StudyModule, 'id' | 'slug' | 'title'>;

const record = (owner: string, module: ModuleRef, saved: boolean): SavedModule => ({
  owner,
  slug: module.slug,
  moduleId: module.id,
  title: module.title,
  saved,
  savedAt: Date.now(),
});

/**
 * Keeps a module for offline reading, in the language of the page it is saved from; not ok when
 * this browser cannot (no service worker, a failed download, a device out of storage).
 */
export function saveModule(
  owner: string,
  module: ModuleRef,
  { refresh = true, locale }: { refresh?: boolean; locale: Locale },
): Promise<WorkerReply> {
  return keep(owner, module, { refresh, locale, unlessTurnedOff: false });
}

/**
 * Asks the service worker for the module's copy and remembers it as saved. With `unlessTurnedOff`
 * the learner's "off" wins, whether set before or while the copy was being made (then the copy is
 * forgotten); the choice is read and written in one transaction, so an unsave cannot land between.
 */
async function keep(
  owner: string,
  module: ModuleRef,
  {
    refresh,
    locale,
    unlessTurnedOff,
  }: { refresh: boolean; locale: Locale; unlessTurnedOff: boolean },
): Promise<WorkerReply> {
  const db = await offlineDb();
  const turnedOff = async (read: () => Promise<SavedModule | undefined>) =>
    unlessTurnedOff && (await read())?.saved === false;
  if (await turnedOff(() => db.get('saved', [owner, module.slug]))) return { ok: false };
  const kept = await askWorker({ type: 'keep-module', owner, slug: module.slug, refresh, locale });
  if (!kept.ok) return kept;
  const choice = db.transaction('saved', 'readwrite');
  if (await turnedOff(() => choice.store.get([owner, module.slug]))) {
    await choice.done;
    await askWorker({ type: 'forget-module', owner, slug: module.slug });
    return { ok: false };
  }
  await choice.store.put(record(owner, module, true));
  await choice.done;
  keptWithTheStudyList(owner, locale);
  return kept;
}

/** The study list and search over saved modules come along, so they open offline too. */
function keptWithTheStudyList(owner: string, locale: Locale) {
  keepPage(owner, localizedPath(STUDY_LIST_PATH, locale), 60 * 60_000);
  keepPage(owner, localizedPath(STUDY_SEARCH_PATH, locale), 24 * 60 * 60_000);
  notifyChanged();
}

/** Forgets a module's offline copy, and remembers not to keep it again when it is opened. */
export async function unsaveModule(owner: string, module: ModuleRef): Promise<void> {
  await (await offlineDb()).put('saved', record(owner, module, false));
  await askWorker({ type: 'forget-module', owner, slug: module.slug });
  notifyChanged();
}

/**
 * A module just opened online is kept, unless the learner turned that off for it. Best effort:
 * where the device's storage fails, the switch says so when the learner uses it.
 */
export async function keepOpenedModule(
  owner: string,
  module: ModuleRef,
  locale: Locale,
): Promise<void> {
  await keep(owner, module, { refresh: false, locale, unlessTurnedOff: true }).catch(
    warnOfflineDataUnavailable,
  );
}

/** The learner's saved modules, kept current as they change (empty until loaded). */
export function useSavedModules(owner: string | null): { modules: SavedModule[]; loaded: boolean } {
  const [state, setState] = useState<{ modules: SavedModule[]; loaded: boolean }>({
    modules: [],
    loaded: false,
  });
  useEffect(() => {
    if (!owner) return;
    let live = true;
    const read = () =>
      savedModules(owner)
        .then((modules) => live && setState({ modules, loaded: true }))
        .catch(() => live && setState({ modules: [], loaded: true }));
    void read();
    const stop = onChanged(() => void read());
    return () => {
      live = false;
      stop();
    };
  }, [owner]);
  return state;
}
