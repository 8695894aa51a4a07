/**
 * The browser the tests and the budgets drive: Debian's Chromium, never a downloaded one. Its
 * headless shell (Debian's `chromium-headless-shell`, the same Chromium build without the
 * desktop browser around it) when it is installed: the browser tests ran in 815 s of test time
 * with it against 935 s with the full browser, whose renderer, browser and GPU processes took
 * twice the CPU on this 2-core machine (docs/decisions/2026-11-30-tests-in-chromium-headless-shell.md).
 * Lighthouse keeps the full browser, whose scores are the ones users' phones are judged by.
 * Both start with the same switches.
 */
import { existsSync, statfsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_BROWSER = '/usr/bin/chromium';

export const TEST_BROWSER_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);

export const LIGHTHOUSE_BROWSER_PATH = process.env.CHROMIUM_PATH ?? FULL_BROWSER;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Whether /dev/shm is a RAM disk with room for Chromium's shared memory (at least 1 GiB). */
function roomyDevShm(): boolean {
  try {
    const { bsize, blocks } = statfsSync('/dev/shm');
    return bsize * blocks >= 2 ** 30;
  } catch {
    return false;
  }
}

/**
 * How the browser tests and the budgets launch the test browser. Playwright's default
 * `--disable-dev-shm-usage` moves Chromium's shared memory from /dev/shm (a RAM disk) to files in
 * /tmp, on disk here: the browser tests took 5-8 % more CPU with it. It is kept where /dev/shm is
 * too small for Chromium, as in many containers
 * (docs/decisions/2026-12-02-browser-shared-memory-in-ram.md).
 * The GPU process's work (software compositing, as the GPU is off) runs inside the browser
 * process: about 4 % less CPU for the same tests, one process fewer per browser
 * (docs/decisions/2026-12-03-test-browser-gpu-in-process.md). Lighthouse keeps the separate
 * process a phone's browser has.
 */
export function testBrowserLaunchOptions() {
  return {
    executablePath: TEST_BROWSER_PATH,
    args: [...CHROMIUM_ARGS, '--in-process-gpu'],
    ignoreDefaultArgs: roomyDevShm() ? ['--disable-dev-shm-usage'] : [],
  };
}
