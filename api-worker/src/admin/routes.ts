import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { overviewRoutes } from './overview.ts';
import { userRoutes } from './users.ts';
import { quizRoutes } from './quiz.ts';
import { analyticsRoutes } from './analytics.ts';
import { emailRoutes } from './email.ts';
import { questionReportAdminRoutes } from '../quality/admin-reports.ts';
import { itemAnalysisRoutes } from '../quality/item-analysis.ts';

/** Everything under /api/admin but content (app.ts guards it all with requireAdmin). */
export const adminRoutes = new Hono<AppEnv>()
  .route('/', overviewRoutes)
  .route('/', quizRoutes)
  .route('/users', userRoutes)
  .route('/analytics', analyticsRoutes)
  .route('/email', emailRoutes)
  .route('/question-reports', questionReportAdminRoutes)
  // /item-analysis and /questions/{id}/analysis (the question bank's own routes are in content/).
  .route('/', itemAnalysisRoutes);
