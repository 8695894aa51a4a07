/**
 * The browser the tests and the budgets drive: Debian's Chromium, never a downloaded one. Its
 * headless shell (Debian's `chromium-headless-shell`, the same Chromium build without the
 * desktop browser around it) when it is installed: the browser tests ran in 815 s of test time
 * with it against 935 s with the full browser, whose renderer, browser and GPU processes took
 * twice the CPU on this 2-core machine (docs/decisions/2026-11-30-tests-in-chromium-headless-shell.md).
 * Lighthouse keeps the full browser, whose scores are the ones users' phones are judged by.
 * Both start with the same switches.
 */
import { existsSync } from 'node:fs';

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
