/**
 * `npm test`: both test runners — Vitest (shared unit tests, content checks, and the API's
 * integration tests inside workerd) and Playwright (browser tests against the started product) —
 * then one line summing them: "N passed, N failed". Exits non-zero if anything failed.
 *
 * They run side by side, Vitest at the lowest CPU priority with its output kept until the end: the
 * browser tests leave about a third of two cores idle while they wait on pages, timers and the
 * queue, and Vitest's work fits in that time instead of running before them
 * (docs/decisions/2026-11-30-vitest-beside-the-browser-tests.md).
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdirSync, readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/content.ts';
import type { TestOutcome } from './lib/outcome-reporter.ts';

const reports = path.join(ROOT, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

type Tally = { passed: number; failed: number; flaky: string[]; failures: string[] };

/** Runs a command to its end; its output goes to `log` when given, else to this terminal. */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  log?: string,
): Promise<{ status: number | null }> {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (log) {
    const file = createWriteStream(log);
    child.stdout?.pipe(file);
    child.stderr?.pipe(file);
  }
  return new Promise((resolve) => child.on('close', (status) => resolve({ status })));
}

const VITEST_LOG = path.join(reports, 'vitest.log');

async function vitest(beside: boolean): Promise<Tally> {
  const output = path.join(reports, 'vitest.json');
  const args = [
    'run',
    '--reporter=default',
    `--reporter=${path.join(ROOT, 'scripts/lib/outcome-reporter.ts')}`,
  ];
  const finished = await (beside
    ? run('nice', ['-n', '19', bin('vitest'), ...args], { VITEST_OUTCOME_FILE: output }, VITEST_LOG)
    : run(bin('vitest'), args, { VITEST_OUTCOME_FILE: output }));
  if (!existsSync(output))
    return { passed: 0, failed: 1, flaky: [], failures: ['Vitest wrote no report'] };
  const outcome = JSON.parse(readFileSync(output, 'utf8')) as TestOutcome;
  const failures = [...outcome.failed, ...outcome.errors];
  // A run that fails with nothing to name (a crash) still fails.
  if (finished.status !== 0 && failures.length === 0)
    failures.push(`Vitest exited with ${finished.status}`);
  return { passed: outcome.passed, failed: failures.length, flaky: outcome.flaky, failures };
}

type PlaywrightSuite = {
  title: string;
  file: string;
  suites?: PlaywrightSuite[];
  specs: {
    title: string;
    line: number;
    tests: {
      projectName: string;
      status: 'expected' | 'unexpected' | 'flaky' | 'skipped';
      results: { errors: { message?: string }[] }[];
    }[];
  }[];
};

type PlaywrightTest = PlaywrightSuite['specs'][number]['tests'][number];

/** Every test of the report, with the name it is listed by. */
function playwrightTests(suites: PlaywrightSuite[]): Array<PlaywrightTest & { name: string }> {
  return suites.flatMap((suite) => [
    ...suite.specs.flatMap((spec) =>
      spec.tests.map((test) => ({
        ...test,
        name: `[${test.projectName}] ${suite.file}:${spec.line} › ${spec.title}`,
      })),
    ),
    ...playwrightTests(suite.suites ?? []),
  ]);
}

async function playwright(): Promise<Tally> {
  const output = path.join(reports, 'playwright.json');
  const finished = await run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: output });
  if (!existsSync(output))
    return { passed: 0, failed: 1, flaky: [], failures: ['Playwright wrote no report'] };
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
    suites: PlaywrightSuite[];
    errors?: { message?: string }[];
  };
  const tests = playwrightTests(report.suites);
  const failures = [
    ...tests
      .filter((test) => test.status === 'unexpected')
      .map((test) => {
        const message = test.results.at(-1)?.errors[0]?.message?.split('\n')[0];
        return message ? `${test.name}: ${message}` : test.name;
      }),
    ...(report.errors ?? []).map((error) => (error.message ?? '').split('\n')[0]!),
  ];
  if (finished.status !== 0 && failures.length === 0)
    failures.push(`Playwright exited with ${finished.status}`);
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: Math.max(report.stats.unexpected, failures.length),
    flaky: tests.filter((test) => test.status === 'flaky').map((test) => test.name),
    failures,
  };
}

/** How long each runner took, in seconds: printed, and kept in the summary for the CI log. */
const phases: Array<{ name: string; seconds: number }> = [];
async function timed(name: string, runner: () => Promise<Tally>): Promise<Tally> {
  const start = performance.now();
  const tally = await runner();
  const seconds = Math.round((performance.now() - start) / 1000);
  phases.push({ name, seconds });
  console.info(`phase time: ${seconds}s  ${name}`);
  return tally;
}

const only = process.argv[2];
const both = only !== 'e2e' && only !== 'unit';
const tallies = await Promise.all([
  ...(only === 'e2e'
    ? []
    : [timed(both ? 'Vitest (beside Playwright)' : 'Vitest', () => vitest(both))]),
  ...(only === 'unit' ? [] : [timed('Playwright', playwright)]),
]);
if (both) {
  console.info('\n=== Vitest (run beside Playwright; its output) ===');
  console.info(readFileSync(VITEST_LOG, 'utf8'));
}
const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
const failed = tallies.reduce((sum, t) => sum + t.failed, 0);
// Named last, where a CI log cut to its tail still shows them.
for (const name of tallies.flatMap((t) => t.flaky)) console.info(`passed on retry: ${name}`);
for (const failure of tallies.flatMap((t) => t.failures)) console.info(`FAILED: ${failure}`);
writeFileSync(path.join(reports, 'summary.json'), JSON.stringify({ passed, failed, phases }));
console.info(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
