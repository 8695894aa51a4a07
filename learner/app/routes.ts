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
  route('study', 'routes/study.tsx'),
  route('study/search', 'routes/study.search.tsx'),
  route('study/:slug', 'routes/study.$slug.tsx'),
  route('sitemap.xml', 'routes/sitemap.tsx'),
  route('admin/*', 'routes/admin.tsx'),
  route('dev/emails', 'routes/dev.emails.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
