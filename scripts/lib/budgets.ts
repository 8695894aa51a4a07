/**
 * Bundle budgets (docs/decisions/2026-11-29-page-javascript-budgets.md), measured on the built
 * product in real Chromium: every JavaScript file a page requests before its load event is
 * gzipped and summed against the page's budget; what it fetches after that without any
 * interaction (code prefetched when idle) is reported beside it. Each page's scripts are broken
 * down by what they are made of (packages, shared modules, app folders; from
 * learner/build/bundle-report.json, written by the build). Also finds admin code or a whole message
 * catalog in the learner's bundles. Used by `npm run budgets` (scripts/check-bundle-budgets.ts)
 * and by the browser tests' budgets project (tests/budgets/), which measures the stack and build
 * the other browser tests use.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Browser, Response } from '@playwright/test';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { ROOT } from './content.ts';

export type PageBudget = {
  name: string;
  /** A fixed path, or one made for the run through the API as the signed-in account. */
  path: string | ((api: APIRequestContext, baseUrl: string) => Promise<string>);
  budgetKiB: number;
  signIn?: keyof typeof DEMO_ACCOUNTS;
};

/** A fresh five-question attempt of the signed-in (premium) account. */
async function newAttemptPath(api: APIRequestContext, baseUrl: string): Promise<string> {
  const response = await api.post('/api/quiz/attempt', {
    data: { mode: 'study', questionCount: 5 },
    headers: { origin: baseUrl },
  });
  if (!response.ok()) throw new Error(`Creating a quiz attempt failed: ${response.status()}`);
  const body = (await response.json()) as { data: { attempt: { id: string } } };
  return `/quiz/${body.data.attempt.id}`;
}

/**
 * Every page at load (docs/decisions/2026-11-29-page-javascript-budgets.md, lowered to what was
 * reached in docs/decisions/2026-11-29-light-pages.md and
 * 2026-12-01-interaction-code-after-idle.md, with its addition of 2026-12-02): a page that
 * hydrates carries React DOM and React Router (about 118 KiB of the figure), a visitor's page that
 * needs no script ships none (pricing, contact, log in and forgot password too: their forms are
 * plain posts; and the module page read by a visitor).
 */
const HYDRATING_KIB = 140;
const VISITOR_KIB = 60;

/** A five-question attempt of the signed-in (premium) account, answered and finished. */
async function resultsPath(api: APIRequestContext, baseUrl: string): Promise<string> {
  const attempt = await newAttemptPath(api, baseUrl);
  const id = attempt.split('/').at(-1)!;
  const headers = { origin: baseUrl };
  const detail = await api.get(`/api/quiz/attempt/${id}`, { headers });
  const { questions } = (
    (await detail.json()) as { data: { attempt: { questions: Array<{ questionId: string }> } } }
  ).data.attempt;
  for (const { questionId } of questions)
    await api.post(`/api/quiz/attempt/${id}/answer`, {
      data: { questionId, selectedIndex: 0 },
      headers,
    });
  await api.post(`/api/quiz/attempt/${id}/finish`, { data: {}, headers });
  return `${attempt}/results`;
}

const MODULE = '/study/canadian-drone-regulations';

export const PAGE_BUDGETS: PageBudget[] = [
  { name: 'Landing page', path: '/', budgetKiB: VISITOR_KIB },
  { name: 'FAQ', path: '/faq', budgetKiB: VISITOR_KIB },
  { name: 'Advanced page', path: '/advanced', budgetKiB: VISITOR_KIB },
  { name: 'Pricing page', path: '/pricing', budgetKiB: VISITOR_KIB },
  { name: 'Contact page', path: '/contact', budgetKiB: VISITOR_KIB },
  { name: 'Log in', path: '/login', budgetKiB: VISITOR_KIB },
  { name: 'Forgot password', path: '/forgot-password', budgetKiB: VISITOR_KIB },
  { name: 'Study modules', path: '/study', budgetKiB: HYDRATING_KIB },
  { name: 'Study module page, visitor', path: MODULE, budgetKiB: VISITOR_KIB },
  {
    name: 'Pricing page, signed in',
    path: '/pricing',
    budgetKiB: VISITOR_KIB,
    signIn: 'learner',
  },
  { name: 'Dashboard, premium', path: '/dashboard', budgetKiB: HYDRATING_KIB, signIn: 'premium' },
  {
    name: 'Practice page, premium',
    path: '/practice',
    budgetKiB: HYDRATING_KIB,
    signIn: 'premium',
  },
  { name: 'Quiz page', path: newAttemptPath, budgetKiB: HYDRATING_KIB, signIn: 'premium' },
  { name: 'Quiz results', path: resultsPath, budgetKiB: HYDRATING_KIB, signIn: 'premium' },
  { name: 'Account', path: '/account', budgetKiB: HYDRATING_KIB, signIn: 'premium' },
  {
    name: 'Study module page, signed in',
    path: MODULE,
    budgetKiB: HYDRATING_KIB,
    signIn: 'learner',
  },
  {
    name: 'Flight review kit',
    path: '/flight-review',
    budgetKiB: HYDRATING_KIB,
    signIn: 'learner',
  },
  // French pages carry the same code; their catalogs come with the page's data, not its scripts.
  { name: 'Landing page, French', path: '/fr', budgetKiB: VISITOR_KIB },
  { name: 'Advanced page, French', path: '/fr/advanced', budgetKiB: VISITOR_KIB },
  {
    name: 'Dashboard, premium, French',
    path: '/fr/dashboard',
    budgetKiB: HYDRATING_KIB,
    signIn: 'premium',
  },
  {
    name: 'Practice page, premium, French',
    path: '/fr/practice',
    budgetKiB: HYDRATING_KIB,
    signIn: 'premium',
  },
  {
    name: 'Study module page, signed in, French',
    path: `/fr${MODULE}`,
    budgetKiB: HYDRATING_KIB,
    signIn: 'learner',
  },
];

/**
 * Strings that exist only in the admin console's code. (Its access-denied sentence is also an API
 * message the learner's French catalog translates, so it no longer marks admin code.)
 */
const ADMIN_MARKERS = ['Quiz Management', 'Email Management', 'QueryClientProvider', 'papaparse'];

export function adminLeaks(): string[] {
  const leaks: string[] = [];
  for (const dir of [
    'learner/build/client/assets',
    'learner/build/server',
    'learner/build/server/assets',
  ]) {
    const full = path.join(ROOT, dir);
    for (const file of readdirSync(full).filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(path.join(full, file), 'utf8');
      for (const marker of ADMIN_MARKERS)
        if (text.includes(marker)) leaks.push(`${dir}/${file} contains "${marker}"`);
    }
  }
  return leaks;
}

/**
 * A language's messages reach a page with its loader data, for that page and language only; a
 * catalog imported by browser code would ship every message of it in a script. Its longer
 * sentences are looked for in the client's scripts: a few may match text the code has for its
 * own reasons (a fallback), a bundled catalog matches most of them. The one exception is the
 * catalog of API and validation messages in a file of its own (`messages-<hash>.js`), which a
 * French page loads once the browser is idle (learner/app/i18n/client.ts).
 */
export function catalogsInScripts(): string[] {
  const assets = path.join(ROOT, 'learner/build/client/assets');
  const scriptsOf = (files: string[]) =>
    files.map((f) => readFileSync(path.join(assets, f), 'utf8')).join('\n');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const scripts = scriptsOf(files);
  const pageScripts = scriptsOf(files.filter((f) => !/^messages-[\w-]+\.js$/.test(f)));
  const catalogs = ['en', 'fr'].flatMap((locale) => [
    ...readdirSync(path.join(ROOT, 'learner/app/locales', locale)).map((f) => ({
      catalog: path.join('learner/app/locales', locale, f),
      scripts,
    })),
    ...(locale === 'en'
      ? []
      : [
          {
            catalog: path.join('shared/src/locales', locale, 'messages.json'),
            scripts: pageScripts,
          },
        ]),
  ]);
  const sentences = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : typeof value === 'object' && value !== null
        ? Object.values(value).flatMap(sentences)
        : [];
  const bundled: string[] = [];
  for (const { catalog, scripts: searched } of catalogs) {
    const long = sentences(JSON.parse(readFileSync(path.join(ROOT, catalog), 'utf8'))).filter(
      (text) => text.length > 25 && !text.includes('{{'),
    );
    const found = long.filter((text) => searched.includes(text)).length;
    if (found > Math.max(2, long.length / 4))
      bundled.push(`${catalog}: ${found} of its ${long.length} sentences`);
  }
  return bundled;
}

export type PageScript = { path: string; bytes: number; atLoad: boolean };
export type MeasuredPage = {
  /** Gzipped KiB the page requested before its load event: what its budget holds. */
  kib: number;
  /**
   * Gzipped KiB it fetched after its load event without any interaction, once the network was
   * idle; undefined when the measure stopped at the load event.
   */
  laterKiB?: number;
  files: PageScript[];
};

const isScriptUrl = (address: string) => /\.m?js$/.test(new URL(address).pathname);

/**
 * A page's JavaScript, gzipped, split at its load event. `untilIdle: false` stops at the load
 * event: the budget is the same, without the half second of quiet network that tells what the
 * page loads later (the browser tests' budgets, 22 pages, print only what each loads at load).
 */
export async function measurePage(
  browser: Browser,
  baseUrl: string,
  page: PageBudget,
  { untilIdle = true } = {},
): Promise<MeasuredPage> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    if (page.signIn) {
      const account = DEMO_ACCOUNTS[page.signIn];
      const response = await context.request.post('/api/auth/login', {
        data: { email: account.email, password: account.password },
        headers: { origin: baseUrl },
      });
      if (!response.ok()) throw new Error(`Sign-in for ${page.name} failed: ${response.status()}`);
    }
    const tab = await context.newPage();
    const scripts = new Map<string, Promise<number>>();
    const measure = (response: Response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() === 'script' || type.includes('javascript')) {
        scripts.set(
          response.url(),
          response.body().then((body) => gzipSync(body).length),
        );
      }
    };
    tab.on('response', measure);
    const url =
      typeof page.path === 'string' ? page.path : await page.path(context.request, baseUrl);
    const response = await tab.goto(url, { waitUntil: untilIdle ? 'networkidle' : 'load' });
    if (!response?.ok()) throw new Error(`${page.name} (${url}) answered ${response?.status()}`);
    // Which scripts the page asked for before its load event (the resource timing's start), read
    // once the document in the tab has had its load event: a document that is not yet loaded has a
    // loadEventStart of 0, which would count every script as "later".
    const beforeLoad = new Set(
      await tab.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const navigation = performance.getEntriesByType('navigation')[0] as
              PerformanceNavigationTiming | undefined;
            const read = () =>
              resolve(
                (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
                  .filter((entry) => entry.startTime < (navigation?.loadEventStart ?? Infinity))
                  .map((entry) => entry.name),
              );
            if (!navigation || navigation.loadEventStart > 0) read();
            else addEventListener('load', () => setTimeout(read), { once: true });
          }),
      ),
    );
    // At the load event a script asked for before it may not have had its response event yet.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const waiting = [...beforeLoad].filter((file) => isScriptUrl(file) && !scripts.has(file));
      if (waiting.length === 0) break;
      if (Date.now() > deadline)
        throw new Error(`${page.name}: no response seen for ${waiting.join(', ')}`);
      await tab.waitForTimeout(20);
    }
    // A script that arrives after this is not counted: its body would still be read as the
    // context closes, and fail the page's measurement.
    tab.off('response', measure);
    const files: PageScript[] = [];
    for (const [file, bytes] of scripts)
      files.push({
        path: new URL(file).pathname,
        bytes: await bytes,
        atLoad: beforeLoad.has(file),
      });
    // Every script of a page is requested before its load event (what comes later is prefetched
    // from those): scripts with none at load mean the reading above missed the page's load, and a
    // budget held that way would pass whatever the page weighs.
    if (files.length > 0 && !files.some((file) => file.atLoad))
      throw new Error(
        `${page.name}: ${files.length} scripts loaded but none before the load event as read; the measurement missed the page's load`,
      );
    const sum = (list: PageScript[]) => list.reduce((total, file) => total + file.bytes, 0) / 1024;
    const atLoad = files.filter((file) => file.atLoad);
    // Stopped at the load event, what arrived after it is only part of what the page loads later.
    return untilIdle
      ? { kib: sum(atLoad), laterKiB: sum(files.filter((file) => !file.atLoad)), files }
      : { kib: sum(atLoad), files: atLoad };
  } finally {
    await context.close();
  }
}

/** What each client chunk is made of, by rendered bytes (learner/bundle-report.ts). */
export function readBundleReport(): Record<string, Record<string, number>> {
  return JSON.parse(readFileSync(path.join(ROOT, 'learner/build/bundle-report.json'), 'utf8'));
}

/**
 * A page's gzipped bytes by what they come from: each file's gzipped size is shared among its
 * groups of modules in proportion to their rendered bytes. Scripts the build did not make (none
 * today) count as "other scripts".
 */
export function composition(
  files: PageScript[],
  report: Record<string, Record<string, number>>,
): Array<[group: string, bytes: number]> {
  const groups = new Map<string, number>();
  const add = (group: string, bytes: number) => groups.set(group, (groups.get(group) ?? 0) + bytes);
  for (const file of files) {
    const parts = report[file.path.slice(1)];
    const total = parts ? Object.values(parts).reduce((a, b) => a + b, 0) : 0;
    if (!parts || total === 0) {
      add('other scripts', file.bytes);
      continue;
    }
    for (const [group, bytes] of Object.entries(parts)) add(group, (file.bytes * bytes) / total);
  }
  return [...groups].sort((a, b) => b[1] - a[1]);
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * One line per script a page loads: its gzipped size and the main groups of modules it is made of
 * (a tenth of its rendered bytes or more, at most four), largest script first, so a page's
 * report names the chunk that carries react-dom, react-router, zod or a component folder.
 */
export function describeScripts(
  files: PageScript[],
  report: Record<string, Record<string, number>>,
): string[] {
  return [...files]
    .sort((a, b) => b.bytes - a.bytes)
    .map((file) => {
      const parts = Object.entries(report[file.path.slice(1)] ?? {}).sort((a, b) => b[1] - a[1]);
      const total = parts.reduce((sum, [, bytes]) => sum + bytes, 0);
      const main = parts
        .filter(([, bytes]) => bytes >= total / 10)
        .slice(0, 4)
        .map(([group]) => group);
      const name = path.basename(file.path);
      const made = main.join(', ') || (name.startsWith('manifest-') ? 'route manifest' : 'other');
      return `${kib(file.bytes).padStart(6)} KiB  ${name.padEnd(36)} ${made}`;
    });
}

/** One line naming what a page's scripts are made of, the groups of 1 KiB or more first. */
export function describeComposition(groups: Array<[string, number]>): string {
  const shown = groups.filter(([, size]) => size >= 1024);
  const rest = groups.slice(shown.length).reduce((sum, [, size]) => sum + size, 0);
  return [
    ...shown.map(([group, size]) => `${group} ${kib(size)}`),
    ...(rest > 0 ? [`${groups.length - shown.length} more ${kib(rest)}`] : []),
  ].join(' · ');
}
