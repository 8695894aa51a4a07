import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { adminModuleRoutes, modulePublishRoutes, moduleWriteRoutes } from './modules.ts';
import { adminQuestionRoutes } from './questions.ts';
import { contentStatisticsRoutes } from './statistics.ts';

/**
 * The content feature, mounted once at /api: module writes at the learner-spec paths (/study,
 * beside the study feature's reads, /study-modules/:id/publish), and the admin's modules,
 * question bank and content figures under /admin (app.ts guards /api/admin for admins). Each write
 * makes the cached public answers stale itself (contentChanged), once it succeeded.
 */
export const contentRoutes = new Hono<AppEnv>()
  .route('/study', moduleWriteRoutes)
  .route('/study-modules', modulePublishRoutes)
  .route('/admin/modules', adminModuleRoutes)
  .route('/admin/questions', adminQuestionRoutes)
  .route('/admin/content', contentStatisticsRoutes);
