import { useEffect, useState } from 'react';
import type { StudyModule } from '@drone-exam/shared';
import { localizedPath, type Locale } from '@drone-exam/shared/i18n';
import { offlineDb, savedModules } from './db';
import { STUDY_LIST_PATH, STUDY_SEARCH_PATH } from './policy';
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
 * Keeps a module for offline reading, in the language of the page it is saved from; false when
 * this browser cannot (no service worker).
 */
export async function saveModule(
  owner: string,
  module: ModuleRef,
  { refresh = true, locale }: { refresh?: boolean; locale: Locale },
): Promise<boolean> {
  const kept = await askWorker({ type: 'keep-module', owner, slug: module.slug, refresh, locale });
  if (!kept) return false;
  await (await offlineDb()).put('saved', record(owner, module, true));
  keptWithTheStudyList(owner, locale);
  return true;
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
 * A module just opened online is kept, unless the learner turned that off for it, before or while
 * its copy was being made: a switch turned off during the copy wins, and the copy is forgotten.
 */
export async function keepOpenedModule(
  owner: string,
  module: ModuleRef,
  locale: Locale,
): Promise<void> {
  const db = await offlineDb();
  if ((await db.get('saved', [owner, module.slug]))?.saved === false) return;
  const kept = await askWorker({
    type: 'keep-module',
    owner,
    slug: module.slug,
    refresh: false,
    locale,
  });
  if (!kept) return;
  // Read and written in one transaction, so an unsave cannot land between the two.
  const choice = db.transaction('saved', 'readwrite');
  const now = await choice.store.get([owner, module.slug]);
  if (now?.saved === false) {
    await choice.done;
    await askWorker({ type: 'forget-module', owner, slug: module.slug });
    return;
  }
  await choice.store.put(record(owner, module, true));
  await choice.done;
  keptWithTheStudyList(owner, locale);
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
