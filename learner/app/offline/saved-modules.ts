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
  // The study list and search over saved modules come along, so they open offline too.
  keepPage(owner, localizedPath(STUDY_LIST_PATH, locale), 60 * 60_000);
  keepPage(owner, localizedPath(STUDY_SEARCH_PATH, locale), 24 * 60 * 60_000);
  notifyChanged();
  return true;
}

/** Forgets a module's offline copy, and remembers not to keep it again when it is opened. */
export async function unsaveModule(owner: string, module: ModuleRef): Promise<void> {
  await (await offlineDb()).put('saved', record(owner, module, false));
  await askWorker({ type: 'forget-module', owner, slug: module.slug });
  notifyChanged();
}

/** A module just opened online is kept, unless the learner turned that off for it. */
export async function keepOpenedModule(
  owner: string,
  module: ModuleRef,
  locale: Locale,
): Promise<void> {
  const choice = await (await offlineDb()).get('saved', [owner, module.slug]);
  if (choice && !choice.saved) return;
  await saveModule(owner, module, { refresh: false, locale });
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
