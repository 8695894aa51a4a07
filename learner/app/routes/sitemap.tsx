import type { Route } from './+types/sitemap';
import type { StudyModuleSummary } from '@drone-exam/shared';
import { LOCALE_TAGS, LOCALES, localizedPath } from '@drone-exam/shared/i18n';
import { escapeHtml } from '@drone-exam/shared/markdown';
import { serverApi } from '../lib/api.server';
import { MAX_PAGE_SIZE } from '@drone-exam/shared/schemas/common-values';

/** The public pages; study modules are added from the database. */
const PUBLIC_PATHS = [
  '/',
  '/study',
  '/study/search',
  '/pricing',
  '/advanced',
  '/resources',
  '/faq',
  '/contact',
  '/terms',
  '/privacy',
];

/**
 * /sitemap.xml: every public page and every published module, with its last update, in both
 * languages; each entry names its other language (hreflang), as Google reads it in sitemaps.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const { api } = serverApi(context, request);
  const modules: StudyModuleSummary[] = [];
  for (let page = 1; ; page += 1) {
    const result = await api('/study', {
      query: { page, limit: MAX_PAGE_SIZE },
    });
    if (!result.success) {
      return new Response('Sitemap temporarily unavailable', {
        status: 503,
        headers: { 'Retry-After': '60' },
      });
    }
    modules.push(...result.data.modules);
    if (!result.data.pagination.hasNextPage) break;
  }
  const url = (path: string) => escapeHtml(`${origin}${path}`);
  const entries = (path: string, lastmod?: string) =>
    LOCALES.map((locale) => {
      const alternates = LOCALES.map(
        (other) =>
          `<xhtml:link rel="alternate" hreflang="${LOCALE_TAGS[other]}" href="${url(localizedPath(path, other))}"/>`,
      ).join('');
      return `  <url><loc>${url(localizedPath(path, locale))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates}</url>`;
    });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...PUBLIC_PATHS.flatMap((path) => entries(path)),
    ...modules.flatMap((module) => entries(`/study/${module.slug}`, module.updatedAt.slice(0, 10))),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
