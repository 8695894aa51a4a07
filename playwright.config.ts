import { statfsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_BROWSER_PATH } from './scripts/lib/browser.ts';

/**
 * Browser tests in Debian's Chromium (never a downloaded browser; scripts/lib/browser.ts) against the product started by
 * tests/e2e/global-setup.ts on its own ports and a fresh database, so they never touch the data of
 * a running `npm start`.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/** Whether /dev/shm is a RAM disk with room for Chromium's shared memory (at least 1 GiB). */
function roomyDevShm(): boolean {
  try {
    const { bsize, blocks } = statfsSync('/dev/shm');
    return bsize * blocks >= 2 ** 30;
  } catch {
    return false;
  }
}

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
    launchOptions: {
      executablePath: TEST_BROWSER_PATH,
      args: CHROMIUM_ARGS,
      // Playwright's default switch moves Chromium's shared memory from /dev/shm (a RAM disk) to
      // files in /tmp, on disk here: the browser tests took 5-8 % more CPU with it. It is kept
      // where /dev/shm is too small for Chromium, as in many containers
      // (docs/decisions/2026-12-02-browser-shared-memory-in-ram.md).
      ignoreDefaultArgs: roomyDevShm() ? ['--disable-dev-shm-usage'] : [],
    },
  },
});
