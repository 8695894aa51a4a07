import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ModuleRef } from './save-offline-switches';
import { OfflineSwitch } from './offline-switch';
import { loadWhenIdle } from '../../lib/idle';

/**
 * The "Save for offline" switches load their code (the device's list of kept modules, the service
 * worker's client) once the page is idle: the server renders them busy, as they are until the
 * device's list is read, and the browser hydrates them when their code comes, keeping about 2 KiB
 * out of the study pages' start-up. On a page opened by a link before then, the same busy switch
 * holds the place.
 */
const switches = () => loadWhenIdle(() => import('./save-offline-switches'));
const LazySaveModule = lazy(() =>
  switches().then((module) => ({ default: module.SaveModuleOffline })),
);
const LazySaveAll = lazy(() => switches().then((module) => ({ default: module.SaveAllOffline })));

const noChange = () => {};

/** "Save for offline" on a module: its page and text are kept on this device, or forgotten. */
export function SaveModuleOffline(props: { owner: string; module: ModuleRef }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <OfflineSwitch
          checked={false}
          busy
          disabled
          label={t('offline.save.module')}
          onChange={noChange}
        />
      }
    >
      <LazySaveModule {...props} />
    </Suspense>
  );
}

/** "Save all for offline" on the study list: every module on it, kept or forgotten together. */
export function SaveAllOffline(props: { owner: string; modules: ModuleRef[] }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div className="flex flex-col gap-1">
          <OfflineSwitch
            checked={false}
            busy
            disabled
            label={t('offline.save.all', { count: props.modules.length })}
            onChange={noChange}
          />
        </div>
      }
    >
      <LazySaveAll {...props} />
    </Suspense>
  );
}
