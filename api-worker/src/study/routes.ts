import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { bookmarkRoutes } from './bookmarks.ts';
import { noteRoutes } from './notes.ts';
import { progressRoutes } from './progress.ts';
import { searchRoutes } from './search.ts';
import { statsRoutes } from './stats.ts';

export { studyModuleRoutes } from './modules.ts';

/** /api/study-materials: search is open to visitors; everything else is the signed-in learner's own. */
export const studyMaterialsRoutes = new Hono<AppEnv>()
  .route('/search', searchRoutes)
  .route('/progress', progressRoutes)
  .route('/bookmarks', bookmarkRoutes)
  .route('/notes', noteRoutes)
  .route('/stats', statsRoutes);
