/**
 * Bundle budgets (docs/decisions/2026-11-29-page-javascript-budgets.md), measured on the built
 * product in real Chromium: every JavaScript file a page requests before its load event is
 * gzipped and summed, against the page's budget (120 KiB signed in, 60 KiB for a visitor). What
 * the page fetches after that without any interaction (code prefetched when idle) is printed
 * beside it. Each page's scripts are broken down by what they are made of (packages, shared
 * modules, app folders; from learner/build/bundle-report.json, written by the build). Also checks
 * that no admin code and no message catalog ships in the learner's bundles. Exits non-zero when a
 * budget is exceeded. VERBOSE=1 lists each page's files with their sizes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type APIRequestContext } from '@playwright/test';
import { startStack } from './lib/stack.ts';
import { DEMO_ACCOUNTS } from './lib/demo-accounts.ts';
import { ROOT } from './lib/content.ts';

type PageBudget = {
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
 * Every page at load (docs/decisions/2026-11-29-page-javascript-budgets.md): a page that hydrates
 * carries React DOM and React Router (about 119 KiB of the figure), a visitor's page that needs no
 * script ships none.
 */
const HYDRATING_KIB = 150;
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
  { name: 'Pricing page', path: '/pricing', budgetKiB: HYDRATING_KIB },
  { name: 'Contact page', path: '/contact', budgetKiB: HYDRATING_KIB },
  { name: 'Log in', path: '/login', budgetKiB: HYDRATING_KIB },
  { name: 'Forgot password', path: '/forgot-password', budgetKiB: HYDRATING_KIB },
  { name: 'Study modules', path: '/study', budgetKiB: HYDRATING_KIB },
  { name: 'Study module page, visitor', path: MODULE, budgetKiB: HYDRATING_KIB },
  {
    name: 'Pricing page, signed in',
    path: '/pricing',
    budgetKiB: HYDRATING_KIB,
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
  // French pages carry the same code; their catalogs come with the page's data, not its scripts.
  { name: 'Landing page, French', path: '/fr', budgetKiB: VISITOR_KIB },
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

function adminLeaks(): string[] {
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
 * own reasons (a fallback), a bundled catalog matches most of them.
 */
function catalogsInScripts(): string[] {
  const scripts = readdirSync(path.join(ROOT, 'learner/build/client/assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(ROOT, 'learner/build/client/assets', f), 'utf8'))
    .join('\n');
  const catalogs = ['en', 'fr'].flatMap((locale) => [
    ...readdirSync(path.join(ROOT, 'learner/app/locales', locale)).map((f) =>
      path.join('learner/app/locales', locale, f),
    ),
    ...(locale === 'en' ? [] : [path.join('shared/src/locales', locale, 'messages.json')]),
  ]);
  const sentences = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : typeof value === 'object' && value !== null
        ? Object.values(value).flatMap(sentences)
        : [];
  const bundled: string[] = [];
  for (const catalog of catalogs) {
    const long = sentences(JSON.parse(readFileSync(path.join(ROOT, catalog), 'utf8'))).filter(
      (text) => text.length > 25 && !text.includes('{{'),
    );
    const found = long.filter((text) => scripts.includes(text)).length;
    if (found > Math.max(2, long.length / 4))
      bundled.push(`${catalog}: ${found} of its ${long.length} sentences`);
  }
  return bundled;
}

type Script = { url: string; gzip: number; atLoad: boolean };
type Measured = PageBudget & { scripts: Script[] };

/** What each client chunk is made of, by rendered bytes (learner/bundle-report.ts). */
function readBundleReport(): Record<string, Record<string, number>> {
  return JSON.parse(readFileSync(path.join(ROOT, 'learner/build/bundle-report.json'), 'utf8'));
}

/**
 * A page's gzipped bytes by what they come from: each file's gzipped size is shared among its
 * groups of modules in proportion to their rendered bytes. Scripts the build did not make (none
 * today) count as "other scripts".
 */
function composition(scripts: Script[], report: Record<string, Record<string, number>>) {
  const groups = new Map<string, number>();
  const add = (group: string, bytes: number) => groups.set(group, (groups.get(group) ?? 0) + bytes);
  for (const script of scripts) {
    const parts = report[new URL(script.url).pathname.slice(1)];
    const total = parts ? Object.values(parts).reduce((a, b) => a + b, 0) : 0;
    if (!parts || total === 0) {
      add('other scripts', script.gzip);
      continue;
    }
    for (const [group, bytes] of Object.entries(parts)) add(group, (script.gzip * bytes) / total);
  }
  return [...groups].sort((a, b) => b[1] - a[1]);
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

async function measurePages(baseUrl: string): Promise<Measured[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const results: Measured[] = [];
  try {
    for (const page of PAGE_BUDGETS) {
      const context = await browser.newContext({ baseURL: baseUrl });
      if (page.signIn) {
        const account = DEMO_ACCOUNTS[page.signIn];
        const response = await context.request.post('/api/auth/login', {
          data: { email: account.email, password: account.password },
          headers: { origin: baseUrl },
        });
        if (!response.ok())
          throw new Error(`Sign-in for ${page.name} failed: ${response.status()}`);
      }
      const tab = await context.newPage();
      const scripts = new Map<string, Promise<number>>();
      tab.on('response', (response) => {
        const type = response.headers()['content-type'] ?? '';
        if (response.request().resourceType() === 'script' || type.includes('javascript')) {
          scripts.set(
            response.url(),
            response.body().then((body) => gzipSync(body).length),
          );
        }
      });
      const url =
        typeof page.path === 'string' ? page.path : await page.path(context.request, baseUrl);
      const response = await tab.goto(url, { waitUntil: 'networkidle' });
      if (!response?.ok()) throw new Error(`${page.name} (${url}) answered ${response?.status()}`);
      // Which scripts the page asked for before its load event (the resource timing's start).
      const beforeLoad = new Set(
        await tab.evaluate(() => {
          const [navigation] = performance.getEntriesByType(
            'navigation',
          ) as PerformanceNavigationTiming[];
          const loadAt = navigation?.loadEventStart ?? Infinity;
          return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((entry) => entry.startTime < loadAt)
            .map((entry) => entry.name);
        }),
      );
      const measured: Script[] = [];
      for (const [scriptUrl, gzip] of scripts)
        measured.push({ url: scriptUrl, gzip: await gzip, atLoad: beforeLoad.has(scriptUrl) });
      if (process.env.VERBOSE === '1') {
        console.info(`\n${page.name}`);
        for (const script of measured)
          console.info(
            `  ${kib(script.gzip).padStart(6)} KiB  ${script.atLoad ? 'at load' : 'later  '}  ${new URL(script.url).pathname}`,
          );
      }
      results.push({ ...page, scripts: measured });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

const port = Number(process.env.BUDGET_PORT ?? 3300);
const stack = process.env.BASE_URL
  ? null
  : await startStack({
      port,
      adminPort: port + 1,
      apiPort: port + 2,
      inspectorPort: Number(process.env.BUDGET_INSPECTOR_PORT ?? 9360),
      stateDir: '.wrangler/budget-state',
      build: process.env.SKIP_BUILD !== '1',
    });
let failed = false;
try {
  const results = await measurePages(process.env.BASE_URL ?? stack!.learnerUrl);
  const report = readBundleReport();
  for (const r of results) {
    const atLoad = r.scripts.filter((script) => script.atLoad);
    const bytes = atLoad.reduce((sum, script) => sum + script.gzip, 0);
    const later = r.scripts.reduce((sum, script) => sum + script.gzip, 0) - bytes;
    const over = bytes / 1024 > r.budgetKiB;
    failed ||= over;
    console.info(
      `${over ? 'OVER' : 'ok  '}  ${r.name.padEnd(44)} ${kib(bytes).padStart(6)} KiB gz at load in ${atLoad.length} files (budget ${r.budgetKiB} KiB)${later > 0 ? `, then ${kib(later)} KiB when idle` : ''}`,
    );
    const groups = composition(atLoad, report);
    const shown = groups.filter(([, size]) => size >= 1024);
    const rest = groups.slice(shown.length).reduce((sum, [, size]) => sum + size, 0);
    if (groups.length)
      console.info(
        `        ${[...shown.map(([group, size]) => `${group} ${kib(size)}`), ...(rest > 0 ? [`${groups.length - shown.length} more ${kib(rest)}`] : [])].join(' · ')}`,
      );
  }
  const leaks = adminLeaks();
  if (leaks.length) {
    failed = true;
    console.info(`Admin code in learner bundles:\n  ${leaks.join('\n  ')}`);
  } else {
    console.info('ok    No admin code in the learner bundles');
  }
  const catalogs = catalogsInScripts();
  if (catalogs.length) {
    failed = true;
    console.info(`Message catalogs in the learner's scripts:\n  ${catalogs.join('\n  ')}`);
  } else {
    console.info('ok    No language catalog in the learner scripts (each page gets its own)');
  }
} finally {
  await stack?.stop();
}
process.exit(failed ? 1 : 0);
