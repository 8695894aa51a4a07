import { defineConfig } from '@playwright/test';
import { testBrowserLaunchOptions } from './scripts/lib/browser.ts';

/**
 * Browser tests in Debian's Chromium (never a downloaded browser; scripts/lib/browser.ts) against the product started by
 * tests/e2e/global-setup.ts on its own ports and a fresh database, so they never touch the data of
 * a running `npm start`.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  // The bundle budgets, the runtime smoke suite (every API route in wrangler) and the browser
  // tests share one stack and one build.
  projects: [
    { name: 'budgets', testDir: 'tests/budgets' },
    { name: 'smoke', testDir: 'tests/smoke' },
    { name: 'e2e', testDir: 'tests/e2e' },
  ],
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // One worker: two sharing the stack took as long on this 2-core machine and made timing races
  // common (docs/decisions/2026-12-01-browser-tests-two-workers.md).
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME }]]
    : [['list']],
  use: {
    baseURL: process.env.BASE_URL ?? `http://127.0.0.1:${E2E_PORT}`,
    // A trace is recorded on a failed test's retry (CI retries once), not for every test: recording
    // screenshots and DOM snapshots of every passing test took about 15 % of the browser tests' time.
    trace: 'on-first-retry',
    // A production page registers the service worker once it has loaded, and the worker then
    // downloads about 780 KB of scripts to keep for offline reading: in every test's new context,
    // about a tenth of the browser tests' time. The tests of offline reading and of reminders
    // (offline.spec.ts, push.spec.ts) allow it (docs/decisions/2026-12-03-service-worker-where-tested.md).
    serviceWorkers: 'block',
    launchOptions: testBrowserLaunchOptions(),
  },
});
