/**
 * `npm test`: every test runner in turn — Vitest (shared unit tests, content checks, and the API's
 * integration tests inside workerd) and Playwright (browser tests against the started product) —
 * then one line summing them: "N passed, N failed". Exits non-zero if anything failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/content.ts';
import type { TestOutcome } from './lib/outcome-reporter.ts';

const reports = path.join(ROOT, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

type Tally = { passed: number; failed: number; flaky: string[]; failures: string[] };

function vitest(): Tally {
  const output = path.join(reports, 'vitest.json');
  const run = spawnSync(
    bin('vitest'),
    [
      'run',
      '--reporter=default',
      `--reporter=${path.join(ROOT, 'scripts/lib/outcome-reporter.ts')}`,
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, VITEST_OUTCOME_FILE: output } },
  );
  if (!existsSync(output))
    return { passed: 0, failed: 1, flaky: [], failures: ['Vitest wrote no report'] };
  const outcome = JSON.parse(readFileSync(output, 'utf8')) as TestOutcome;
  const failures = [...outcome.failed, ...outcome.errors];
  // A run that fails with nothing to name (a crash) still fails.
  if (run.status !== 0 && failures.length === 0) failures.push(`Vitest exited with ${run.status}`);
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

function playwright(): Tally {
  const output = path.join(reports, 'playwright.json');
  const run = spawnSync(bin('playwright'), ['test'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: output },
  });
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
  if (run.status !== 0 && failures.length === 0)
    failures.push(`Playwright exited with ${run.status}`);
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: Math.max(report.stats.unexpected, failures.length),
    flaky: tests.filter((test) => test.status === 'flaky').map((test) => test.name),
    failures,
  };
}

/** How long each runner took, in seconds: printed, and kept in the summary for the CI log. */
const phases: Array<{ name: string; seconds: number }> = [];
function timed(name: string, runner: () => Tally): Tally {
  const start = performance.now();
  const tally = runner();
  const seconds = Math.round((performance.now() - start) / 1000);
  phases.push({ name, seconds });
  console.info(`phase time: ${seconds}s  ${name}`);
  return tally;
}

const only = process.argv[2];
const tallies = [
  ...(only === 'e2e' ? [] : [timed('Vitest', vitest)]),
  ...(only === 'unit' ? [] : [timed('Playwright', playwright)]),
];
const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
const failed = tallies.reduce((sum, t) => sum + t.failed, 0);
// Named last, where a CI log cut to its tail still shows them.
for (const name of tallies.flatMap((t) => t.flaky)) console.info(`passed on retry: ${name}`);
for (const failure of tallies.flatMap((t) => t.failures)) console.info(`FAILED: ${failure}`);
writeFileSync(path.join(reports, 'summary.json'), JSON.stringify({ passed, failed, phases }));
console.info(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
