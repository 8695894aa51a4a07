import { type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Every learner page answers at its English path and under /fr (issue 19): the optional segment
 * "fr?" gives each route both paths with one id, so loaders, actions and links are the same in
 * both languages and only the language differs. The admin console and the local dev tools stay
 * English and have no /fr path.
 */
export default [
  route('fr?', 'routes/home.tsx'),
  route('fr?/pricing', 'routes/pricing.tsx'),
  route('fr?/advanced', 'routes/advanced.tsx'),
  route('fr?/resources', 'routes/resources.tsx'),
  route('fr?/faq', 'routes/faq.tsx'),
  route('fr?/contact', 'routes/contact.tsx'),
  route('fr?/terms', 'routes/terms.tsx'),
  route('fr?/privacy', 'routes/privacy.tsx'),
  route('fr?/login', 'routes/login.tsx'),
  route('fr?/register', 'routes/register.tsx'),
  // The pricing page's link for visitors; the same module sends it on to /register, keeping ?intent.
  route('fr?/auth/register', 'routes/register.tsx', { id: 'routes/auth-register' }),
  route('fr?/forgot-password', 'routes/forgot-password.tsx'),
  route('fr?/reset-password/:token', 'routes/reset-password.tsx'),
  route('fr?/verify-email', 'routes/verify-email.tsx'),
  route('fr?/account', 'routes/account.tsx'),
  route('fr?/logout', 'routes/logout.tsx'),
  route('fr?/dashboard', 'routes/dashboard.tsx'),
  route('fr?/practice', 'routes/practice.tsx'),
  route('fr?/learning', 'routes/learning.tsx'),
  route('fr?/recency', 'routes/recency.tsx'),
  route('fr?/flight-review', 'routes/flight-review.tsx'),
  route('fr?/classes', 'routes/classes.tsx'),
  route('fr?/classes/:id', 'routes/classes.$id.tsx'),
  route('fr?/unsubscribe', 'routes/unsubscribe.tsx'),
  route('fr?/quiz/:attemptId', 'routes/quiz.tsx'),
  route('fr?/quiz/:attemptId/results', 'routes/quiz-results.tsx'),
  route('fr?/quiz-results/:attemptId', 'routes/quiz-results-redirect.tsx'),
  route('fr?/find/:attemptId', 'routes/find.tsx'),
  route('fr?/study', 'routes/study.tsx'),
  route('fr?/study/search', 'routes/study.search.tsx'),
  route('fr?/study/:slug', 'routes/study.$slug.tsx'),
  route('sitemap.xml', 'routes/sitemap.tsx'),
  // What the service worker shows when a page needs the network (learner/sw/sw.ts).
  route('fr?/offline', 'routes/offline.tsx'),
  route('fr?/offline/practice', 'routes/offline.tsx', { id: 'routes/offline-practice' }),
  route('admin/*', 'routes/admin.tsx'),
  route('dev/emails', 'routes/dev.emails.tsx'),
  route('dev/checkout', 'routes/dev.checkout.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
