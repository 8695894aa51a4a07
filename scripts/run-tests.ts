/**
 * `npm test`: every test runner in turn — Vitest (shared unit tests, content checks, and the API's
 * integration tests inside workerd) and Playwright (browser tests against the started product) —
 * then one line summing them: "N passed, N failed". Exits non-zero if anything failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/content.ts';

const reports = path.join(ROOT, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

type Tally = { passed: number; failed: number; ran: boolean };

function vitest(): Tally {
  const output = path.join(reports, 'vitest.json');
  const run = spawnSync(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (!existsSync(output)) return { passed: 0, failed: 1, ran: false };
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTestSuites: number;
    success: boolean;
  };
  // A suite that fails to load has no failed tests but fails the run: count it.
  const failed = report.numFailedTests + (run.status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  return { passed: report.numPassedTests, failed, ran: true };
}

function playwright(): Tally {
  const output = path.join(reports, 'playwright.json');
  const run = spawnSync(bin('playwright'), ['test'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: output },
  });
  if (!existsSync(output)) return { passed: 0, failed: 1, ran: false };
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
    errors?: unknown[];
  };
  const errors = report.errors?.length ?? 0;
  const failed =
    report.stats.unexpected +
    (run.status !== 0 && report.stats.unexpected === 0 ? Math.max(1, errors) : 0);
  return { passed: report.stats.expected + report.stats.flaky, failed, ran: true };
}

const only = process.argv[2];
const tallies = [...(only === 'e2e' ? [] : [vitest()]), ...(only === 'unit' ? [] : [playwright()])];
const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
const failed = tallies.reduce((sum, t) => sum + t.failed, 0);
writeFileSync(path.join(reports, 'summary.json'), JSON.stringify({ passed, failed }));
console.info(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
