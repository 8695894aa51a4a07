import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { bookmarkRoutes } from './bookmarks.ts';
import { noteRoutes } from './notes.ts';
import { progressRoutes } from './progress.ts';
import { searchRoutes } from './search.ts';
import { statsRoutes } from './stats.ts';

import { studyModuleRoutes } from './modules.ts';

/**
 * The study feature, mounted once at /api: the modules to read (/study, public; the content
 * feature writes them at the same paths with other methods) and the learner's study materials
 * (/study-materials: search is open to visitors, everything else is the signed-in learner's own).
 */
export const studyRoutes = new Hono<AppEnv>()
  .route('/study', studyModuleRoutes)
  .route('/study-materials/search', searchRoutes)
  .route('/study-materials/progress', progressRoutes)
  .route('/study-materials/bookmarks', bookmarkRoutes)
  .route('/study-materials/notes', noteRoutes)
  .route('/study-materials/stats', statsRoutes);
