/**
 * Lighthouse on every learner page, mobile (Lighthouse's default: a mid-range phone on a slow 4G
 * link, simulated), in Debian's Chromium against the built product in wrangler. Signed-in pages
 * are audited with the premium demo account's cookie. Each page is audited RUNS times (3) and its
 * median run counts (the run with the median performance score): prints each page's four scores
 * and its total blocking time, and exits non-zero when any score is under the budget (at least
 * 95) or the total blocking time over 200 ms.
 *
 * `npm run lighthouse` (ONLY=/dashboard,Quiz results audits some pages, by path or name; RUNS=1
 * for a quick look; BASE_URL to audit a running stack; each page's median report is written to
 * .tmp/lighthouse/). Performance is measured on this machine, so run it with the machine
 * otherwise idle: the load average is printed with the results.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { chromium, type APIRequestContext } from '@playwright/test';
import { startStack } from './lib/stack.ts';
import { CHROMIUM_ARGS, LIGHTHOUSE_BROWSER_PATH } from './lib/browser.ts';
import { DEMO_ACCOUNTS } from './lib/demo-accounts.ts';

const MIN_SCORE = 95;
const MAX_BLOCKING_MS = 200;
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const MODULE = '/study/canadian-drone-regulations';

type Audit = {
  path: string | ((api: APIRequestContext, baseUrl: string) => Promise<string>);
  name: string;
  signedIn?: boolean;
};

/** A five-question attempt of the premium account, answered and finished when `finish` is set. */
async function attemptPath(api: APIRequestContext, baseUrl: string, finish: boolean) {
  const headers = { origin: baseUrl };
  const created = await api.post('/api/quiz/attempt', {
    data: { mode: 'study', questionCount: 5 },
    headers,
  });
  if (!created.ok()) throw new Error(`Creating a quiz attempt failed: ${created.status()}`);
  const { id } = ((await created.json()) as { data: { attempt: { id: string } } }).data.attempt;
  if (!finish) return `/quiz/${id}`;
  const detail = await api.get(`/api/quiz/attempt/${id}`, { headers });
  const { questions } = (
    (await detail.json()) as {
      data: { attempt: { questions: Array<{ questionId: string }> } };
    }
  ).data.attempt;
  for (const { questionId } of questions) {
    await api.post(`/api/quiz/attempt/${id}/answer`, {
      data: { questionId, selectedIndex: 0 },
      headers,
    });
  }
  await api.post(`/api/quiz/attempt/${id}/finish`, { data: {}, headers });
  return `/quiz/${id}/results`;
}

const AUDITS: Audit[] = [
  { name: 'Landing', path: '/' },
  { name: 'Pricing', path: '/pricing' },
  { name: 'Resources', path: '/resources' },
  { name: 'FAQ', path: '/faq' },
  { name: 'Advanced', path: '/advanced' },
  { name: 'Contact', path: '/contact' },
  { name: 'Terms', path: '/terms' },
  { name: 'Privacy', path: '/privacy' },
  { name: 'Log in', path: '/login' },
  { name: 'Register', path: '/register' },
  { name: 'Forgot password', path: '/forgot-password' },
  { name: 'Study modules', path: '/study' },
  { name: 'Study search', path: '/study/search?q=airspace' },
  { name: 'Module (visitor)', path: MODULE },
  { name: 'Module (signed in)', path: MODULE, signedIn: true },
  { name: 'Dashboard', path: '/dashboard', signedIn: true },
  { name: 'Practice', path: '/practice', signedIn: true },
  { name: 'Quiz', path: (api, url) => attemptPath(api, url, false), signedIn: true },
  { name: 'Quiz results', path: (api, url) => attemptPath(api, url, true), signedIn: true },
  { name: 'Account', path: '/account', signedIn: true },
  { name: 'Recency review', path: '/recency', signedIn: true },
  { name: 'Landing (French)', path: '/fr' },
  { name: 'Study modules (French)', path: '/fr/study' },
  { name: 'Module (French)', path: `/fr${MODULE}`, signedIn: true },
  { name: 'Dashboard (French)', path: '/fr/dashboard', signedIn: true },
  { name: 'Practice (French)', path: '/fr/practice', signedIn: true },
];

const performance = (lhr: RunnerResult['lhr']) => lhr.categories.performance?.score ?? 0;

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

type Row = { scores: Record<string, number>; blockingMs: number };

const failing = (row: Row) =>
  CATEGORIES.some((id) => row.scores[id]! < MIN_SCORE) || row.blockingMs > MAX_BLOCKING_MS;

const reports = path.join(import.meta.dirname, '..', '.tmp', 'lighthouse');
const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

async function audit(baseUrl: string) {
  mkdirSync(reports, { recursive: true });
  const only = process.env.ONLY?.split(',').filter(Boolean);
  const audits = only
    ? AUDITS.filter(
        (a) => only.includes(a.name) || (typeof a.path === 'string' && only.includes(a.path)),
      )
    : AUDITS;
  const port = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 9380);
  const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
  // One persistent profile, so the cookie of the sign-in below is the browser's for every audit.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: LIGHTHOUSE_BROWSER_PATH,
    baseURL: baseUrl,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const rows: Array<Row & { name: string; url: string }> = [];
  try {
    const signIn = async () => {
      const account = DEMO_ACCOUNTS.premium;
      const response = await browser.request.post('/api/auth/login', {
        data: { email: account.email, password: account.password },
        headers: { origin: baseUrl },
      });
      if (!response.ok()) throw new Error(`Sign-in failed: ${response.status()}`);
    };
    const signOut = () => browser.clearCookies();
    for (const item of audits) {
      if (item.signedIn) await signIn();
      else await signOut();
      const pagePath =
        typeof item.path === 'string' ? item.path : await item.path(browser.request, baseUrl);
      const url = new URL(pagePath, baseUrl).href;
      const runs: RunnerResult['lhr'][] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(url, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          // Keep the sign-in cookie: Lighthouse clears the origin's storage otherwise.
          disableStorageReset: true,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
        runs.push(result.lhr);
      }
      const lhr = runs.sort((a, b) => performance(a) - performance(b))[
        Math.floor(runs.length / 2)
      ]!;
      writeFileSync(path.join(reports, `${slugOf(item.name)}.json`), JSON.stringify(lhr));
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
      );
      const blockingMs = Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0);
      rows.push({ name: item.name, url: pagePath, scores, blockingMs });
      const low = Object.entries(lhr.audits)
        .filter(
          ([, a]) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative',
        )
        .map(([id, a]) => `${id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      const line = CATEGORIES.map((id) => String(scores[id]).padStart(4)).join('');
      const over = failing({ scores, blockingMs });
      const all = runs.map((run) => Math.round(performance(run) * 100)).join('/');
      console.info(
        `${over ? 'LOW ' : 'ok  '}  ${item.name.padEnd(24)}${line}${String(blockingMs).padStart(6)}  ${all.padEnd(9)}${over && low.length ? `   ${low.join(', ')}` : ''}`,
      );
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return rows;
}

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3200);
const stack = process.env.BASE_URL
  ? null
  : await startStack({
      port,
      adminPort: port + 1,
      apiPort: port + 2,
      inspectorPort: Number(process.env.LIGHTHOUSE_INSPECTOR_PORT ?? 9370),
      stateDir: '.wrangler/lighthouse-state',
      build: process.env.SKIP_BUILD !== '1',
    });
let failed = false;
try {
  console.info(`Load average before: ${loadAverage()}`);
  console.info(
    `      ${'page'.padEnd(24)}perf a11y best  seo   TBT  runs (mobile, median of ${RUNS}; budget ${MIN_SCORE}, TBT ${MAX_BLOCKING_MS} ms)`,
  );
  const rows = await audit(process.env.BASE_URL ?? stack!.learnerUrl);
  failed = rows.some(failing);
  console.info(`Load average after: ${loadAverage()}`);
} finally {
  await stack?.stop();
}
process.exit(failed ? 1 : 0);
