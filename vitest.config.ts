import { globSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** On CI a failed test runs once more, named by `npm test` if it needed it (api-worker's config too). */
const retry = process.env.CI ? 1 : 0;

/** The seed test drives wrangler's CLI for over a minute; it starts first, beside everything else. */
const SEED_TEST = 'tests/content/seed.test.ts';

/** An API suite's weight: the bytes of the test files it gathers (api-worker/src/<feature>/). */
function suiteWeight(spec: TestSpecification): number {
  const folder = path.dirname(spec.moduleId);
  return globSync('*.test.ts', { cwd: folder }).reduce(
    (bytes, file) => bytes + statSync(path.join(folder, file)).size,
    0,
  );
}

/**
 * Vitest's own order (each project in turn), with the longest work first so that no long file is
 * left to run alone at the end: the seed test (it came last, alone, for its 70-odd seconds), then
 * the API suites by the size of the tests they gather, which a clean clone cannot know from a
 * previous run's times (decision record 2026-11-29-api-test-runtimes-reused.md).
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seed = sorted.filter((spec) => spec.moduleId.endsWith(SEED_TEST));
    const suites = sorted
      .filter((spec) => spec.moduleId.endsWith('.suite.ts'))
      .map((spec) => ({ spec, weight: suiteWeight(spec) }))
      .sort((a, b) => b.weight - a.weight)
      .map(({ spec }) => spec);
    const rest = sorted.filter((spec) => !seed.includes(spec) && !suites.includes(spec));
    return [...seed, ...suites, ...rest];
  }
}

// One `vitest run` for every suite: pure unit tests, the learner's offline logic and content checks run in Node, the API's
// integration tests run inside workerd through api-worker/vitest.config.ts.
export default defineConfig({
  test: {
    // A file per core at a time (the API project sets the same in its own config).
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongestFirst },
    projects: [
      // Pure functions and file reads: their files share one worker instead of starting one each
      // (about two seconds a file).
      {
        test: {
          name: 'shared',
          include: ['shared/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          retry,
        },
      },
      {
        test: {
          name: 'content',
          include: ['tests/content/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          retry,
        },
      },
      // The learner's offline data: IndexedDB from fake-indexeddb, the API as a scripted client.
      {
        test: {
          name: 'learner',
          include: ['learner/app/**/*.test.ts'],
          environment: 'node',
          retry,
        },
      },
      'api-worker/vitest.config.ts',
    ],
  },
});
