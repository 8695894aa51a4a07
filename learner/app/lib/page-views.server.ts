import { isbot } from 'isbot';

/**
 * Paths that are not part of the learner's journey: the admin console, local dev tools, and the
 * offline pages the service worker fetches when it installs.
 */
const NOT_COUNTED = /^\/(admin|dev|offline)(\/|$)/;

/**
 * A page a person loaded: a successful HTML document, not a prefetch, not a crawler, not the
 * admin console. Client-side navigations fetch data, not documents, so each visit counts its
 * first page; unique visitors per day, which the conversion funnel needs, are exact either way.
 */
export function isPageView(request: Request, response: Response): boolean {
  if (request.method !== 'GET' || response.status !== 200) return false;
  if (!response.headers.get('content-type')?.includes('text/html')) return false;
  if (NOT_COUNTED.test(new URL(request.url).pathname)) return false;
  const purpose = request.headers.get('sec-purpose') ?? request.headers.get('purpose') ?? '';
  if (purpose.includes('prefetch')) return false;
  return !isbot(request.headers.get('user-agent') ?? '');
}

/**
 * Tells the API about a page view, for the admin's funnel. Runs after the page is sent
 * (waitUntil); the API hashes the address and browser with a daily salt and never stores them.
 */
export async function recordPageView(api: Fetcher, request: Request): Promise<void> {
  const ip =
    request.headers.get('cf-connecting-ip') ??
    request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ??
    'local';
  try {
    await api.fetch(new URL('/api/internal/page-view', request.url), {
      method: 'POST',
      headers: { 'cf-connecting-ip': ip, 'user-agent': request.headers.get('user-agent') ?? '' },
    });
  } catch (error) {
    console.error('Page view not recorded', error);
  }
}
