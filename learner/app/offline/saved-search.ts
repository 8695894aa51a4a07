import type { StudyModule } from '@drone-exam/shared';
import { savedModules } from './db';
import { searchModules } from './local-search';
import { moduleDataCache, moduleDataPath } from './policy';

/**
 * Offline search over the saved modules, apart from saved-modules.ts so the module page, which
 * only saves, never loads it.
 */

/** The saved modules' data, as the worker kept it. */
async function savedModuleData(owner: string): Promise<StudyModule[]> {
  if (!('caches' in globalThis)) return [];
  const cache = await caches.open(moduleDataCache(owner));
  const modules = await Promise.all(
    (await savedModules(owner)).map(async ({ slug }) => {
      const response = await cache.match(moduleDataPath(slug), { ignoreVary: true });
      if (!response) return null;
      const body = (await response.json()) as { data?: { module?: StudyModule } };
      return body.data?.module ?? null;
    }),
  );
  return modules.filter((module): module is StudyModule => module !== null);
}

/** Search over the learner's saved modules, for when the API cannot be reached. */
export async function searchSaved(owner: string, q: string, tags: string[]) {
  return searchModules(await savedModuleData(owner), q, tags);
}
