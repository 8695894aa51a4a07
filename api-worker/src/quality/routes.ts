import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { questionReportAdminRoutes } from './admin-reports.ts';
import { itemAnalysisRoutes } from './item-analysis.ts';
import { questionReportRoutes } from './reports.ts';

/**
 * Question quality, mounted once at /api: a learner's report of a question (/questions/:id/reports),
 * and the admin's reports queue and item analysis under /admin (app.ts guards /api/admin).
 */
export const qualityRoutes = new Hono<AppEnv>()
  .route('/questions', questionReportRoutes)
  .route('/admin/question-reports', questionReportAdminRoutes)
  // /admin/item-analysis and /admin/questions/{id}/analysis (the bank's own routes are content's).
  .route('/admin', itemAnalysisRoutes);
