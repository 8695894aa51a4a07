import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { overviewRoutes } from './overview.ts';
import { userRoutes } from './users.ts';
import { quizRoutes } from './quiz.ts';
import { analyticsRoutes } from './analytics.ts';
import { emailRoutes } from './email.ts';
import { adminClassRoutes } from './classes.ts';
import { adminExamRoutes } from '../exams/routes.ts';

/**
 * The admin console's own feature, mounted once at /api/admin (app.ts guards it all with
 * requireAdmin); the content and quality features declare their admin paths themselves.
 */
export const adminRoutes = new Hono<AppEnv>()
  .route('/', overviewRoutes)
  .route('/', quizRoutes)
  .route('/users', userRoutes)
  .route('/analytics', analyticsRoutes)
  .route('/email', emailRoutes)
  .route('/classes', adminClassRoutes)
  .route('/exams', adminExamRoutes);
