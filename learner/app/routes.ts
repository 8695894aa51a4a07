import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('pricing', 'routes/pricing.tsx'),
  route('resources', 'routes/resources.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('dashboard', 'routes/dashboard.tsx'),
  route('practice', 'routes/practice.tsx'),
  route('quiz/:attemptId', 'routes/quiz.tsx'),
  route('quiz/:attemptId/results', 'routes/quiz-results.tsx'),
  route('quiz-results/:attemptId', 'routes/quiz-results-redirect.tsx'),
  route('admin/*', 'routes/admin.tsx'),
  route('dev/emails', 'routes/dev.emails.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
