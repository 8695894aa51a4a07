import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './env.ts';
import { ApiError, failure, ok } from './lib/http.ts';
import { listRoutes } from './lib/routes.ts';
import { apiSecurityHeaders, requestContext } from './middleware/request-context.ts';
import { csrfProtection } from './middleware/csrf.ts';
import { requestBodyLimit } from './middleware/body-limit.ts';
import { boundedPathSegments } from './middleware/path-params.ts';
import { loadAuth, requireAdmin } from './middleware/auth.ts';
import { healthRoutes } from './health/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { contactRoutes } from './contact/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { publicRoutes } from './public/routes.ts';
import { devOnly, devRoutes } from './dev/routes.ts';
import { quizRoutes } from './quiz/routes.ts';
import { learningRoutes } from './learning/routes.ts';
import { pushRoutes } from './push/routes.ts';
import { qualityRoutes } from './quality/routes.ts';
import { studyRoutes } from './study/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { flightReviewRoutes } from './flight-review/routes.ts';
import { examRoutes } from './exams/routes.ts';
import { classRoutes } from './classes/routes.ts';
import { internalRoutes } from './admin/page-views.ts';
import { requestMetrics } from './middleware/request-metrics.ts';
import { trackActivity } from './middleware/activity.ts';

export const app = new Hono<AppEnv>();

app.use('*', apiSecurityHeaders, requestContext);
app.use(
  '/api/*',
  requestMetrics,
  boundedPathSegments,
  requestBodyLimit,
  csrfProtection,
  loadAuth,
  trackActivity,
);
// One guard for the whole admin API: every /api/admin route refuses visitors (401) and non-admins (403).
app.use('/api/admin/*', requireAdmin);

/**
 * Each feature's sub-app, mounted once. A feature whose URLs (the specs') span several prefixes
 * is mounted at /api and declares its paths in full: the dashboard at /auth/me/…, study and
 * content both at /study (reads and writes, by method), quality at /questions and /admin/….
 */
app.route('/api/health', healthRoutes);
app.route('/api/auth', authRoutes);
app.route('/api/contact', contactRoutes);
app.route('/api/payments', paymentRoutes);
app.route('/api/dev', devRoutes);
app.route('/api/quiz', quizRoutes);
app.route('/api/learning', learningRoutes);
app.route('/api/flight-review', flightReviewRoutes);
app.route('/api/push', pushRoutes);
app.route('/api/classes', classRoutes);
app.route('/api/admin', adminRoutes);
app.route('/api/internal', internalRoutes);
app.route('/api/exams', examRoutes);
app.route('/api', publicRoutes);
app.route('/api', dashboardRoutes);
app.route('/api', studyRoutes);
app.route('/api', contentRoutes);
app.route('/api', qualityRoutes);
// The smoke suite (tests/smoke) reads the routes from here, so a route without a smoke case fails it.
app.get('/api/dev/routes', devOnly, (c) => ok(c, { routes: listRoutes(app) }));

app.notFound((c) =>
  failure(c, 404, `No API route for ${c.req.method} ${new URL(c.req.url).pathname}`, 'NOT_FOUND'),
);

app.onError((error, c) => {
  if (error instanceof ApiError)
    return failure(c, error.status, error.message, error.code, error.fields);
  if (error instanceof HTTPException) {
    const message =
      error.status === 400 ? 'Malformed request body' : error.message || 'Request failed';
    return failure(c, error.status, message, 'BAD_REQUEST');
  }
  // Internals stay in the log, keyed by the request id the caller can quote.
  console.error(`[${c.get('requestId') ?? '-'}] ${c.req.method} ${c.req.path}`, error);
  return failure(c, 500, 'Something went wrong on our side. Please try again.', 'INTERNAL_ERROR');
});
