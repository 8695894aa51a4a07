import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { StudyModule } from '@drone-exam/shared';
import { saveModule, unsaveModule, useSavedModules } from '../../offline/saved-modules';
import { warnOfflineDataUnavailable } from '../../offline/unavailable';
import { isStorageFull, type WorkerReply } from '../../offline/policy';
import { workerUnavailable } from '../../offline/worker-client';
import { useOnline } from '../../offline/sync';
import { useLocale } from '../../i18n/hooks';
import { OfflineSwitch } from './offline-switch';

export type ModuleRef = Pick<StudyModule, 'id' | 'slug' | 'title'>;

type Failure =
  | 'offline.save.failed'
  | 'offline.save.failedSome'
  | 'offline.save.full'
  | 'offline.save.unavailable';

/**
 * Why saving failed, as the learner can act on it: the device is out of storage (free some),
 * this browser cannot keep modules here (retrying will not help), or a download failed (the
 * connection).
 */
async function failure(
  replies: readonly WorkerReply[],
  download: 'failed' | 'failedSome',
): Promise<Failure | null> {
  if (replies.every((reply) => reply.ok)) return null;
  if (replies.some((reply) => reply.storageFull)) return 'offline.save.full';
  return (await workerUnavailable()) ? 'offline.save.unavailable' : `offline.save.${download}`;
}

/**
 * A switch's change, busy while it runs and with its failure shown; the device's storage throwing
 * (Safari can lose its IndexedDB connection until the page is reloaded) is a failure too, never a
 * switch left busy.
 */
function useSwitchChange() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = async (run: () => Promise<Failure | null>) => {
    setBusy(true);
    setError(null);
    try {
      const failed = await run();
      if (failed) setError(t(failed));
    } catch (cause) {
      warnOfflineDataUnavailable(cause);
      setError(t(isStorageFull(cause) ? 'offline.save.full' : 'offline.save.unavailable'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, change };
}

/** "Save for offline" on a module: its page and text are kept on this device, or forgotten. */
export function SaveModuleOffline({ owner, module }: { owner: string; module: ModuleRef }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // Busy until the device's list is read: whether the module is kept is not known before.
  const { modules, loaded } = useSavedModules(owner);
  const online = useOnline();
  const { busy, error, change } = useSwitchChange();
  const saved = modules.some((kept) => kept.slug === module.slug);
  const toggle = () =>
    change(async () => {
      if (!saved) return failure([await saveModule(owner, module, { locale })], 'failed');
      await unsaveModule(owner, module);
      return null;
    });
  return (
    <div>
      <OfflineSwitch
        checked={saved}
        busy={busy || !loaded}
        // Saving fetches the page; forgetting works offline too.
        disabled={!saved && !online}
        label={t('offline.save.module')}
        onChange={() => void toggle()}
      />
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** "Save all for offline" on the study list: every module on it, kept or forgotten together. */
export function SaveAllOffline({ owner, modules }: { owner: string; modules: ModuleRef[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { modules: saved, loaded } = useSavedModules(owner);
  const online = useOnline();
  const { busy, error, change } = useSwitchChange();
  const savedSlugs = new Set(saved.map((module) => module.slug));
  const allSaved = modules.length > 0 && modules.every((module) => savedSlugs.has(module.slug));
  const toggle = () =>
    change(async () => {
      if (allSaved) {
        for (const module of modules) await unsaveModule(owner, module);
        return null;
      }
      const replies = await Promise.all(
        modules
          .filter((module) => !savedSlugs.has(module.slug))
          .map((module) => saveModule(owner, module, { locale })),
      );
      return failure(replies, 'failedSome');
    });
  return (
    <div className="flex flex-col gap-1">
      <OfflineSwitch
        checked={allSaved}
        busy={busy || !loaded}
        disabled={!allSaved && !online}
        label={t('offline.save.all', { count: modules.length })}
        onChange={() => void toggle()}
      />
      <p className="text-sm text-slate-600" aria-live="polite">
        {busy
          ? t('offline.save.saving')
          : t('offline.save.count', {
              saved: modules.filter((module) => savedSlugs.has(module.slug)).length,
              total: modules.length,
            })}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
