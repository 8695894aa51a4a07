/**
 * Bundle budgets (DEVELOPERS.md), measured on the built product in real Chromium: every
 * JavaScript file a page loads (including chunks imported after start-up) is gzipped and summed.
 * Also finds admin code or a whole message catalog in the learner's bundles. Used by
 * `npm run budgets` (scripts/check-bundle-budgets.ts) and by the browser tests' budgets project
 * (tests/budgets/), which measures the stack and build the other browser tests use.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Browser } from '@playwright/test';
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

export const PAGE_BUDGETS: PageBudget[] = [
  { name: 'Landing page', path: '/', budgetKiB: 100 },
  { name: 'Pricing page, signed in', path: '/pricing', budgetKiB: 160, signIn: 'learner' },
  { name: 'Dashboard, premium', path: '/dashboard', budgetKiB: 160, signIn: 'premium' },
  { name: 'Practice page, premium', path: '/practice', budgetKiB: 160, signIn: 'premium' },
  { name: 'Quiz page', path: newAttemptPath, budgetKiB: 160, signIn: 'premium' },
  {
    name: 'Study module page, signed in',
    path: '/study/canadian-drone-regulations',
    budgetKiB: 160,
    signIn: 'learner',
  },
  // French pages carry the same code; their catalogs come with the page's data, not its scripts.
  { name: 'Landing page, French', path: '/fr', budgetKiB: 100 },
  { name: 'Dashboard, premium, French', path: '/fr/dashboard', budgetKiB: 160, signIn: 'premium' },
  {
    name: 'Study module page, signed in, French',
    path: '/fr/study/canadian-drone-regulations',
    budgetKiB: 160,
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
 * own reasons (a fallback), a bundled catalog matches most of them.
 */
export function catalogsInScripts(): string[] {
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

/** A page's JavaScript, gzipped: its total in KiB and its files with their sizes in bytes. */
export async function measurePage(browser: Browser, baseUrl: string, page: PageBudget) {
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
    const sizes = await Promise.all(scripts.values());
    const files = [...scripts.keys()].map((file, i) => ({
      path: new URL(file).pathname,
      bytes: sizes[i]!,
    }));
    return { kib: sizes.reduce((a, b) => a + b, 0) / 1024, files };
  } finally {
    await context.close();
  }
}
