/// <reference lib="webworker" />
/**
 * The learner site's service worker (ARCHITECTURE.md, "Offline"). Built by Serwist with the
 * precache list of the client build; the admin console is never precached nor cached.
 *
 * - Hashed build assets: the scripts the kept pages need are precached (offline-precache.ts); the
 *   others are kept as pages load them; cache-first.
 * - Study pages, past results: network first (4 s), then the signed-in learner's own copy, then
 *   the offline page. Quizzes and account pages: network only, then the offline page.
 * - Module data (the API's JSON of a module): stale-while-revalidate, for offline search.
 * - The modules' figures (public drawings): stale-while-revalidate, so a module read online shows
 *   its figures offline.
 * - Every page says whose it is; another learner signing in deletes the previous one's copies,
 *   and signing out deletes every personal copy and the offline data in IndexedDB.
 */
import {
  CacheableResponsePlugin,
  CacheFirst,
  Route,
  Serwist,
  StaleWhileRevalidate,
  type PrecacheEntry,
  type RouteHandlerCallbackOptions,
} from 'serwist';
import {
  LOCALE_TAGS,
  LOCALES,
  localeFromPath,
  localizedPath,
  pathWithoutLocale,
  type Locale,
} from '@drone-exam/shared/i18n';
import { forgetOwners, readScope, savedModules, writeScope } from '../app/offline/db';
import {
  ASSET_PATTERN,
  ASSETS_CACHE,
  cacheScope,
  dataRequestPage,
  FIGURE_PATTERN,
  FIGURES_CACHE,
  isCurrentCache,
  isOurCache,
  isStorageFull,
  KEPT_AT_HEADER,
  LOGOUT_PATH,
  MODULE_DATA_PATTERN,
  moduleDataCache,
  moduleDataPath,
  modulePath,
  NO_SAVED_MODULES,
  OFFLINE_COPY_META,
  OFFLINE_PAGE,
  OFFLINE_PRACTICE_PAGE,
  pageKind,
  pagesCache,
  SAVED_MODULES_LIST,
  SCOPE_HEADER,
  SHELL_CACHE,
  STUDY_SEARCH_PATH,
  VISITOR_SCOPE,
  type WorkerReply,
  type WorkerRequest,
} from '../app/offline/policy';
import { handleReminders } from './reminders';

declare const self: ServiceWorkerGlobalScope & {
  __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
};

/** How long a page waits for the network before the copy on this device is shown instead. */
const NETWORK_TIMEOUT_MS = 4000;

// ---- Whose pages ------------------------------------------------------------------------------

let scope: Promise<string | null> | null = null;
let switching: Promise<unknown> = Promise.resolve();

const currentScope = () => (scope ??= readScope().catch(() => null));
const isLearner = (owner: string | null): owner is string =>
  owner !== null && owner !== VISITOR_SCOPE;

/** Deletes the personal caches and offline data of everyone but `keep` (everyone: null). */
async function forgetAllBut(keep: string | null): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => {
        const owner = cacheScope(name);
        return owner !== null && owner !== keep;
      })
      .map((name) => caches.delete(name)),
  );
  await forgetOwners(keep);
}

/**
 * One change of scope, or one write into a learner's caches, at a time, in the order asked: a
 * sign-out asked before a copy is written finds nothing to delete and the copy is not written; one
 * asked after deletes it. No copy outlives its learner's session.
 */
function serially<T>(task: () => Promise<T>): Promise<T> {
  const next = switching.then(task);
  switching = next.catch((error: unknown) => console.error('Offline scope not changed', error));
  return next;
}

/**
 * Follows whose pages these are. A visitor's pages hide the learner's copies without deleting
 * them (a session that ran out, the same learner back later); another learner deletes them.
 */
function adoptScope(next: string): Promise<void> {
  return serially(async () => {
    if ((await currentScope()) === next) return;
    scope = Promise.resolve(next);
    await writeScope(next);
    if (isLearner(next)) await forgetAllBut(next);
  });
}

function signOut(): Promise<void> {
  return serially(async () => {
    scope = Promise.resolve(VISITOR_SCOPE);
    await writeScope(VISITOR_SCOPE);
    await forgetAllBut(null);
  });
}

// ---- Pages ------------------------------------------------------------------------------------

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const keepable = (response: Response) =>
  response.status === 200 &&
  response.type === 'basic' &&
  (response.headers.get('content-type') ?? '').includes('text/html');

function pageKey(url: string): string {
  const key = new URL(url, self.location.origin);
  key.hash = '';
  return key.href;
}

/** Writes into a learner's cache while they are still the one signed in; false once they are not. */
function whileOwner(owner: string, write: () => Promise<void>): Promise<boolean> {
  return serially(async () => {
    if ((await currentScope()) !== owner) return false;
    await write();
    return true;
  });
}

/** A learner's cache if it exists: opening one creates it, which a signed-out device must not. */
async function existingCache(name: string): Promise<Cache | undefined> {
  return (await caches.has(name)) ? caches.open(name) : undefined;
}

async function keepCopy(owner: string, url: string, response: Response): Promise<boolean> {
  const headers = new Headers(response.headers);
  headers.set(KEPT_AT_HEADER, String(Date.now()));
  const copy = new Response(await response.blob(), { status: response.status, headers });
  return whileOwner(owner, async () => {
    await (await caches.open(pagesCache(owner))).put(pageKey(url), copy);
  });
}

/** A kept page, marked as this device's copy so the page knows its data may be older. */
async function keptCopy(url: string): Promise<Response | undefined> {
  const owner = await currentScope();
  if (!owner) return undefined;
  const cache = await existingCache(pagesCache(owner));
  if (!cache) return undefined;
  const key = new URL(pageKey(url));
  const found =
    (await cache.match(key.href, { ignoreVary: true })) ??
    // A search page hydrates for any query: its own clientLoader searches the saved modules.
    (pathWithoutLocale(key.pathname) === STUDY_SEARCH_PATH
      ? await cache.match(new URL(key.pathname, key).href, { ignoreVary: true })
      : undefined);
  if (!found) return undefined;
  const keptAt = found.headers.get(KEPT_AT_HEADER) ?? '0';
  const html = (await found.text()).replace(
    '<head>',
    `<head><meta name="${OFFLINE_COPY_META}" content="${escapeHtml(keptAt)}">`,
  );
  return new Response(html, { status: 200, headers: found.headers });
}

/** The offline page in the language of the page asked for, listing the learner's saved modules. */
async function offlinePage(path: string, asked: URL): Promise<Response> {
  const locale = localeFromPath(asked.pathname);
  const page = await (await caches.open(SHELL_CACHE)).match(localizedPath(path, locale));
  if (!page) {
    return new Response('<!doctype html><title>Offline</title><h1>You are offline</h1>', {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  }
  const owner = await currentScope();
  const modules = isLearner(owner) ? await savedModules(owner).catch(() => []) : [];
  let html = await page.text();
  if (modules.length) {
    const items = modules
      .map((m) => `<li><a href="${modulePath(m.slug, locale)}">${escapeHtml(m.title)}</a></li>`)
      .join('');
    html = html
      .replace(
        new RegExp(`(<ul id="${SAVED_MODULES_LIST}"[^>]*>)(</ul>)`),
        (_, open: string, close: string) => `${open}${items}${close}`,
      )
      .replace(`<p id="${NO_SAVED_MODULES}"`, `<p id="${NO_SAVED_MODULES}" hidden`);
  }
  return new Response(html, { status: 200, headers: page.headers });
}

const timeout = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Learns whose page a response is, and keeps a copy of it for that learner. */
function followResponse(
  event: ExtendableEvent,
  request: Request,
  response: Response,
  keep: boolean,
) {
  const owner = response.headers.get(SCOPE_HEADER);
  if (!owner) return;
  const copy = keep && keepable(response) ? response.clone() : null;
  event.waitUntil(
    adoptScope(owner).then(() => (copy ? keepCopy(owner, request.url, copy) : undefined)),
  );
}

/** Network first; after NETWORK_TIMEOUT_MS or without a network, the copy on this device. */
async function keptPage({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  const network = fetch(request).then((response) => {
    followResponse(event, request, response, true);
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  try {
    return await Promise.race([
      network,
      timeout(NETWORK_TIMEOUT_MS).then(async () => (await keptCopy(request.url)) ?? network),
    ]);
  } catch {
    return (await keptCopy(request.url)) ?? offlinePage(OFFLINE_PAGE, new URL(request.url));
  }
}

/** Pages that need the server: network only, and offline the page that says so. */
async function serverPage({ request, event, url }: RouteHandlerCallbackOptions) {
  try {
    const response = await fetch(request);
    followResponse(event, request, response, false);
    return response;
  } catch {
    return offlinePage(
      pageKind(url.pathname) === 'quiz' ? OFFLINE_PRACTICE_PAGE : OFFLINE_PAGE,
      url,
    );
  }
}

/** A client-side navigation's data: straight to the network, learning whose it is. */
async function pageData({ request, event }: RouteHandlerCallbackOptions) {
  const response = await fetch(request);
  followResponse(event, request, response, false);
  return response;
}

/**
 * Module data, stale while it revalidates: the learner's kept copy answers at once and the network
 * refreshes it. Read only from a cache that exists and written only while the learner is still
 * the one signed in, so a sign-out meanwhile leaves no cache behind, not even an empty one.
 */
async function moduleData({ request, event }: RouteHandlerCallbackOptions) {
  const owner = await currentScope();
  if (!isLearner(owner)) return fetch(request);
  const cache = await existingCache(moduleDataCache(owner));
  const kept = await cache?.match(request);
  const fresh = fetch(request).then(async (response) => {
    if (response.status === 200) await putModuleData(owner, request.url, response.clone());
    return response;
  });
  if (!kept) return fresh;
  event.waitUntil(fresh.catch(() => undefined));
  return kept;
}

function putModuleData(owner: string, path: string, response: Response): Promise<boolean> {
  return whileOwner(owner, async () => {
    await (await caches.open(moduleDataCache(owner))).put(path, response);
  });
}

async function signingOut({ request, url }: RouteHandlerCallbackOptions) {
  await signOut();
  try {
    return await fetch(request);
  } catch {
    if (request.mode === 'navigate') return offlinePage(OFFLINE_PAGE, url);
    return Response.error();
  }
}

// ---- Keeping on request -------------------------------------------------------------------------

/**
 * Fetches a page as whoever is signed in (not counted as a page view) and keeps it, if that is
 * still the learner who asked: signed out or in as someone else meanwhile, nothing is kept.
 */
async function fetchAndKeep(owner: string, path: string): Promise<boolean> {
  const response = await fetch(
    new Request(path, {
      credentials: 'same-origin',
      headers: { accept: 'text/html', purpose: 'prefetch' },
    }),
  );
  const answeredFor = response.headers.get(SCOPE_HEADER);
  if (answeredFor) await adoptScope(answeredFor);
  if (answeredFor !== owner || !keepable(response)) return false;
  return keepCopy(owner, new URL(path, self.location.origin).href, response);
}

async function keptWithin(owner: string, path: string, maxAgeMs: number): Promise<boolean> {
  if ((await currentScope()) !== owner) return false;
  const cache = await existingCache(pagesCache(owner));
  const found = await cache?.match(new URL(path, self.location.origin).href, { ignoreVary: true });
  return found !== undefined && Date.now() - Number(found.headers.get(KEPT_AT_HEADER)) < maxAgeMs;
}

/** The module's data in the language its page was saved in (the last saved language wins). */
async function keepModuleData(
  owner: string,
  slug: string,
  refresh: boolean,
  locale: Locale,
): Promise<boolean> {
  const path = moduleDataPath(slug);
  const kept = await existingCache(moduleDataCache(owner));
  if (!refresh && (await kept?.match(path, { ignoreVary: true }))) return true;
  const response = await fetch(path, {
    credentials: 'same-origin',
    headers: { 'accept-language': LOCALE_TAGS[locale] },
  });
  if (response.status !== 200) return false;
  const copy = response.clone();
  const [stored] = await Promise.all([
    putModuleData(owner, path, copy),
    keepFigures(await response.text()),
  ]);
  return stored;
}

/**
 * The figures a module shows, kept beside it so it reads whole offline (they load lazily, so
 * reading online may not have fetched them all). Best effort: a figure that fails stays out.
 */
async function keepFigures(moduleJson: string): Promise<void> {
  const paths = new Set([...moduleJson.matchAll(/\/figures\/[\w/-]+\.svg/g)].map(([path]) => path));
  if (paths.size === 0) return;
  const cache = await caches.open(FIGURES_CACHE);
  await Promise.all([...paths].map((path) => cache.add(path).catch(() => undefined)));
}

async function answer(request: WorkerRequest): Promise<boolean> {
  const { owner } = request;
  if (!isLearner(owner)) return false;
  switch (request.type) {
    case 'keep-module': {
      const page = modulePath(request.slug, request.locale);
      const pageKept =
        (!request.refresh && (await keptWithin(owner, page, Infinity))) ||
        (await fetchAndKeep(owner, page));
      return pageKept && keepModuleData(owner, request.slug, request.refresh, request.locale);
    }
    case 'keep-page':
      if (pageKind(new URL(request.path, self.location.origin).pathname) !== 'kept') return false;
      return (
        (await keptWithin(owner, request.path, request.maxAgeMs)) ||
        fetchAndKeep(owner, request.path)
      );
    case 'forget-module': {
      const pages = LOCALES.map(
        (locale) => new URL(modulePath(request.slug, locale), self.location.origin).href,
      );
      await Promise.all([
        existingCache(pagesCache(owner)).then((cache) =>
          Promise.all(pages.map((page) => cache?.delete(page))),
        ),
        existingCache(moduleDataCache(owner)).then((cache) =>
          cache?.delete(moduleDataPath(request.slug)),
        ),
      ]);
      return true;
    }
  }
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const port = event.ports[0];
  const request = event.data as WorkerRequest | undefined;
  if (!port || !request?.type) return;
  const reply = (message: WorkerReply) => port.postMessage(message);
  event.waitUntil(
    answer(request).then(
      (ok) => reply({ ok }),
      (error: unknown) => {
        console.warn('Not kept for offline', error);
        reply({ ok: false, storageFull: isStorageFull(error) });
      },
    ),
  );
});

// ---- Install and activate -----------------------------------------------------------------------

/** The offline pages, fetched without cookies: the same for everyone, nothing personal in them. */
async function keepShell(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  await Promise.all(
    LOCALES.flatMap((locale) =>
      [OFFLINE_PAGE, OFFLINE_PRACTICE_PAGE].map((path) => localizedPath(path, locale)),
    ).map(async (path) => {
      const response = await fetch(path, { credentials: 'omit', cache: 'no-store' });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      await cache.put(path, response);
    }),
  );
}

/**
 * A new version's assets have new hashes and the old ones leave the precache, so the learner's
 * kept pages are fetched again (a worker is only updated online); one that fails keeps its copy.
 */
async function refreshKeptPages(): Promise<void> {
  const owner = await currentScope();
  if (!isLearner(owner)) return;
  const cache = await existingCache(pagesCache(owner));
  if (!cache) return;
  const pages = await cache.keys();
  await Promise.all(
    pages.map((request) => {
      const { pathname, search } = new URL(request.url);
      return fetchAndKeep(owner, `${pathname}${search}`).catch(() => false);
    }),
  );
}

async function activate(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names.filter((n) => isOurCache(n) && !isCurrentCache(n)).map((n) => caches.delete(n)),
  );
  await refreshKeptPages();
}

self.addEventListener('install', (event) => event.waitUntil(keepShell()));
handleReminders(self);
self.addEventListener('activate', (event) => event.waitUntil(activate()));

// ---- Routes -------------------------------------------------------------------------------------

const serwist = new Serwist({
  // oxlint-disable-next-line no-underscore-dangle -- the name Serwist replaces with the precache list
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    {
      matcher: ({ request, sameOrigin, url }) =>
        sameOrigin && request.mode === 'navigate' && pageKind(url.pathname) === 'kept',
      handler: keptPage,
    },
    {
      matcher: ({ request, sameOrigin, url }) =>
        sameOrigin && request.mode === 'navigate' && pageKind(url.pathname) !== 'never',
      handler: serverPage,
    },
    {
      matcher: ({ sameOrigin, url }) => {
        const page = sameOrigin ? dataRequestPage(url.pathname) : null;
        return page !== null && pageKind(page) !== 'never';
      },
      handler: pageData,
    },
    {
      matcher: ({ sameOrigin, url }) => sameOrigin && MODULE_DATA_PATTERN.test(url.pathname),
      handler: moduleData,
    },
    {
      matcher: ({ sameOrigin, url }) => sameOrigin && ASSET_PATTERN.test(url.pathname),
      handler: new CacheFirst({
        cacheName: ASSETS_CACHE,
        plugins: [new CacheableResponsePlugin({ statuses: [200] })],
      }),
    },
    {
      matcher: ({ sameOrigin, url }) => sameOrigin && FIGURE_PATTERN.test(url.pathname),
      handler: new StaleWhileRevalidate({
        cacheName: FIGURES_CACHE,
        plugins: [new CacheableResponsePlugin({ statuses: [200] })],
      }),
    },
  ],
});
serwist.registerRoute(
  new Route(
    ({ sameOrigin, url }) => sameOrigin && LOGOUT_PATH.test(url.pathname),
    signingOut,
    'POST',
  ),
);
serwist.addEventListeners();
