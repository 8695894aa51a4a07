/**
 * `npm test`: every test runner in turn — Vitest (shared unit tests, content checks, and the API's
 * integration tests inside workerd) and Playwright (browser tests against the started product) —
 * then one line summing them: "N passed, N failed". Exits non-zero if anything failed. When both
 * run, the browser tests' stack starts beside Vitest, which leaves part of the cores idle.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/content.ts';
import type { TestOutcome } from './lib/outcome-reporter.ts';
import type { Stack } from './lib/stack.ts';
import { STACK_STARTED_ENV, startBrowserTestStack } from '../tests/e2e/global-setup.ts';

const reports = path.join(ROOT, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

type Tally = { passed: number; failed: number; flaky: string[]; failures: string[] };

/**
 * Runs a command with this terminal's output, and resolves with its exit status. Not spawnSync:
 * this process keeps writing the stack's logs while a runner runs.
 */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0) }));
  });
}

async function vitest(): Promise<Tally> {
  const output = path.join(reports, 'vitest.json');
  const { status } = await run(
    bin('vitest'),
    [
      'run',
      '--reporter=default',
      `--reporter=${path.join(ROOT, 'scripts/lib/outcome-reporter.ts')}`,
    ],
    { ...process.env, VITEST_OUTCOME_FILE: output },
  );
  if (!existsSync(output))
    return { passed: 0, failed: 1, flaky: [], failures: ['Vitest wrote no report'] };
  const outcome = JSON.parse(readFileSync(output, 'utf8')) as TestOutcome;
  const failures = [...outcome.failed, ...outcome.errors];
  // A run that fails with nothing to name (a crash) still fails.
  if (status !== 0 && failures.length === 0) failures.push(`Vitest exited with ${status}`);
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

async function playwright(stack: 'own' | 'started'): Promise<Tally> {
  const output = path.join(reports, 'playwright.json');
  const { status } = await run(bin('playwright'), ['test'], {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: output,
    ...(stack === 'started' ? { [STACK_STARTED_ENV]: '1' } : {}),
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
  if (status !== 0 && failures.length === 0) failures.push(`Playwright exited with ${status}`);
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: Math.max(report.stats.unexpected, failures.length),
    flaky: tests.filter((test) => test.status === 'flaky').map((test) => test.name),
    failures,
  };
}

/** How long each runner took, in seconds: printed, and kept in the summary for the CI log. */
const phases: Array<{ name: string; seconds: number }> = [];
async function timed<T>(name: string, runner: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await runner();
  const seconds = Math.round((performance.now() - start) / 1000);
  phases.push({ name, seconds });
  console.info(`phase time: ${seconds}s  ${name}`);
  return result;
}

/**
 * Vitest, then the browser tests on a stack started beside Vitest (about 20 s, mostly waiting on
 * wrangler, while Vitest leaves part of the cores idle). A stack that does not start fails the
 * browser tests, named; it is stopped however the run ends, Ctrl+C included.
 */
async function bothRunners(): Promise<Tally[]> {
  if (process.env.BASE_URL)
    return [await timed('Vitest', vitest), await timed('Playwright', () => playwright('own'))];
  let stack: Stack | undefined;
  const starting = timed("Browser tests' stack (beside Vitest)", startBrowserTestStack).then(
    (started) => (stack = started),
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
  // The stack's workers run in process groups of their own, which a Ctrl+C does not reach.
  let interrupted = false;
  const stopAndExit = (signal: NodeJS.Signals) => {
    interrupted = true;
    void starting
      .then(() => stack?.stop())
      .finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', stopAndExit).once('SIGTERM', stopAndExit);
  try {
    const unit = await timed('Vitest', vitest);
    const started = await starting;
    if (interrupted) return [unit];
    if (started instanceof Error) {
      const failure = `The browser tests' stack did not start: ${started.message}`;
      return [unit, { passed: 0, failed: 1, flaky: [], failures: [failure] }];
    }
    return [unit, await timed('Playwright', () => playwright('started'))];
  } finally {
    await stack?.stop();
  }
}

const only = process.argv[2];
const tallies =
  only === 'unit'
    ? [await timed('Vitest', vitest)]
    : only === 'e2e'
      ? [await timed('Playwright', () => playwright('own'))]
      : await bothRunners();
const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
const failed = tallies.reduce((sum, t) => sum + t.failed, 0);
// Named last, where a CI log cut to its tail still shows them.
for (const name of tallies.flatMap((t) => t.flaky)) console.info(`passed on retry: ${name}`);
for (const failure of tallies.flatMap((t) => t.failures)) console.info(`FAILED: ${failure}`);
writeFileSync(path.join(reports, 'summary.json'), JSON.stringify({ passed, failed, phases }));
console.info(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
