import { localizedPath, pathWithoutLocale, type Locale } from '@drone-exam/shared/i18n';

/**
 * What the service worker keeps, for whom, and under which names. Shared by the worker
 * (learner/sw/sw.ts) and the pages, so both agree on cache names and on which pages may be kept.
 */

/**
 * Every page the learner worker renders says whose page it is (the signed-in learner's id, or
 * `visitor`): the service worker keeps each learner's pages apart and forgets another learner's
 * as soon as a different one signs in.
 */
export const SCOPE_HEADER = 'X-Offline-Scope';
export const VISITOR_SCOPE = 'visitor';

/** Bumped when what the caches hold changes shape: the worker deletes older caches on activate. */
export const CACHE_VERSION = 'v1';
const PREFIX = 'dronecert-';
/** The offline pages, kept without cookies: nothing personal. */
export const SHELL_CACHE = `${PREFIX}shell-${CACHE_VERSION}`;
/** The modules' figures (public drawings), kept as they are seen so a saved module shows them offline. */
export const FIGURES_CACHE = `${PREFIX}figures-${CACHE_VERSION}`;
export const FIGURE_PATTERN = /^\/figures\/[\w/-]+\.svg$/;
/**
 * The build's scripts a page loaded that the precache does not hold (a quiz's, the account's),
 * kept as they are used; a new version's scripts have new names, so it starts empty each version.
 */
export const ASSETS_CACHE = `${PREFIX}assets-${CACHE_VERSION}`;
/** The learner site's hashed scripts and styles; never the admin console's, nor the local tools'. */
export const ASSET_PATTERN = /^\/assets\/(?!admin-|mf\.client-|dev\.)[\w.-]+\.(?:js|css)$/;
const PAGES = `${PREFIX}pages-${CACHE_VERSION}:`;
const MODULES = `${PREFIX}modules-${CACHE_VERSION}:`;
/** One learner's pages (network-first). */
export const pagesCache = (scope: string) => `${PAGES}${scope}`;
/** One learner's saved module data, the API's JSON (stale-while-revalidate). */
export const moduleDataCache = (scope: string) => `${MODULES}${scope}`;

export const isOurCache = (name: string) => name.startsWith(PREFIX);
/** The caches a new version of the worker keeps (the others of ours it deletes on activate). */
export const isCurrentCache = (name: string) =>
  name === SHELL_CACHE ||
  name === FIGURES_CACHE ||
  name.startsWith(PAGES) ||
  name.startsWith(MODULES);
/** The scope a personal cache belongs to, or null for a cache that holds nothing personal. */
export function cacheScope(name: string): string | null {
  if (name.startsWith(PAGES)) return name.slice(PAGES.length);
  if (name.startsWith(MODULES)) return name.slice(MODULES.length);
  return null;
}

/**
 * The page the worker answers with when a page was never kept, and the one for quizzes; each in
 * both languages (/fr/offline…), and the worker answers in the language of the page asked for.
 */
export const OFFLINE_PAGE = '/offline';
export const OFFLINE_PRACTICE_PAGE = '/offline/practice';
/** The offline pages' list of saved modules (the worker fills it in) and its empty state. */
export const SAVED_MODULES_LIST = 'saved-modules';
export const NO_SAVED_MODULES = 'no-saved-modules';
/** Set by the worker on a page it answers from the cache, with when it was kept. */
export const OFFLINE_COPY_META = 'offline-copy';
/** The header a kept page carries with when it was kept (ms since the epoch). */
export const KEPT_AT_HEADER = 'X-Kept-At';

export const STUDY_LIST_PATH = '/study';
export const STUDY_SEARCH_PATH = '/study/search';
export const modulePath = (slug: string, locale: Locale = 'en') =>
  localizedPath(`/study/${encodeURIComponent(slug)}`, locale);
/** The module as the API answers it, the same for everyone: what offline search reads. */
export const moduleDataPath = (slug: string) => `/api/study/slug/${encodeURIComponent(slug)}`;
export const MODULE_DATA_PATTERN = /^\/api\/study\/slug\/[^/]+$/;

export const LOGOUT_PATH = /^(\/fr)?\/logout(\.data)?$/;

/**
 * - `kept`: network first, and a copy for offline (the learner's study pages, past results);
 * - `quiz`: needs the server (it judges answers); offline, the practice offline page;
 * - `online`: needs the server (accounts, payments, forms); offline, the offline page;
 * - `never`: the worker stays out of the way: the admin console, the API, local tools.
 */
export type PageKind = 'kept' | 'quiz' | 'online' | 'never';

const NEVER = /^\/(admin|admin-remote|api|dev|cdn-cgi)(\/|$)|^\/sw\.js$/;
const KEPT = [
  /^\/$/,
  /^\/(study|dashboard|flight-review|faq|resources|terms|privacy)\/?$/,
  /^\/study\/[^/]+\/?$/,
  /^\/quiz\/[^/]+\/results\/?$/,
];
const QUIZ = [/^\/practice\/?$/, /^\/quiz\/[^/]+\/?$/];

/** What a page is, whichever its language (/fr/study is kept as /study is). */
export function pageKind(localizedPathname: string): PageKind {
  const pathname = pathWithoutLocale(localizedPathname);
  if (NEVER.test(pathname)) return 'never';
  if (KEPT.some((pattern) => pattern.test(pathname))) return 'kept';
  if (QUIZ.some((pattern) => pattern.test(pathname))) return 'quiz';
  return 'online';
}

/** The page a client-side data request (`/study/x.data`, `/_root.data` for `/`) is for. */
export function dataRequestPage(pathname: string): string | null {
  if (pathname === '/_root.data') return '/';
  if (pathname === '/fr.data') return '/fr';
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : null;
}

/** Messages the pages send the worker; each is answered on its port. */
export type WorkerRequest = { owner: string } & (
  | { type: 'keep-module'; slug: string; refresh: boolean; locale: Locale }
  | { type: 'keep-page'; path: string; maxAgeMs: number }
  | { type: 'forget-module'; slug: string }
);
/** Whether the worker did what it was asked; when not, whether this device's storage was full. */
export type WorkerReply = { ok: boolean; storageFull?: boolean };

/**
 * A write refused because the device has no room left (Cache Storage and IndexedDB both throw
 * this), which the learner can act on by freeing space, unlike a dropped download.
 */
export const isStorageFull = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'QuotaExceededError';
