/**
 * A Vitest reporter for `npm test`: writes what the run came to — the tests passed and failed, the
 * ones that passed only on a retry, and any error outside a test — to the file named by
 * VITEST_OUTCOME_FILE, so the summary can name them on the last lines CI keeps.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';

export type TestOutcome = {
  passed: number;
  failed: string[];
  flaky: string[];
  errors: string[];
};

const firstLine = (text: string | undefined) => (text ?? '').split('\n')[0]!.slice(0, 300);

const nameOf = (test: TestCase) =>
  `[${test.project.name}] ${test.module.relativeModuleId} › ${test.fullName}`;

export default class OutcomeReporter implements Reporter {
  private readonly outcome: TestOutcome = { passed: 0, failed: [], flaky: [], errors: [] };

  onTestCaseResult(test: TestCase) {
    const result = test.result();
    if (result.state === 'passed') {
      this.outcome.passed++;
      if (test.diagnostic()?.flaky) this.outcome.flaky.push(nameOf(test));
    } else if (result.state === 'failed') {
      this.outcome.failed.push(`${nameOf(test)}: ${firstLine(result.errors?.[0]?.message)}`);
    }
  }

  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ) {
    // A file that fails to load has no failed test: its error is the only trace of it.
    for (const testModule of modules)
      for (const error of testModule.errors())
        this.outcome.errors.push(`${testModule.relativeModuleId}: ${firstLine(error.message)}`);
    for (const error of unhandledErrors) this.outcome.errors.push(firstLine(error.message));
    const file = process.env.VITEST_OUTCOME_FILE;
    if (file) writeFileSync(file, JSON.stringify(this.outcome, null, 2));
  }
}
