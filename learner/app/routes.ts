import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('pricing', 'routes/pricing.tsx'),
  route('resources', 'routes/resources.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  // The pricing page's link for visitors; the same module sends it on to /register, keeping ?intent.
  route('auth/register', 'routes/register.tsx', { id: 'routes/auth-register' }),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password/:token', 'routes/reset-password.tsx'),
  route('verify-email', 'routes/verify-email.tsx'),
  route('account', 'routes/account.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('dashboard', 'routes/dashboard.tsx'),
  route('practice', 'routes/practice.tsx'),
  route('quiz/:attemptId', 'routes/quiz.tsx'),
  route('quiz/:attemptId/results', 'routes/quiz-results.tsx'),
  route('quiz-results/:attemptId', 'routes/quiz-results-redirect.tsx'),
  route('admin/*', 'routes/admin.tsx'),
  route('dev/emails', 'routes/dev.emails.tsx'),
  route('dev/checkout', 'routes/dev.checkout.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
