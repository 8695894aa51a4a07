import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** On CI a failed test runs once more, named by `npm test` if it needed it (api-worker's config too). */
const retry = process.env.CI ? 1 : 0;

// One `vitest run` for every suite: pure unit tests, the learner's offline logic and content checks run in Node, the API's
// integration tests run inside workerd through api-worker/vitest.config.ts.
export default defineConfig({
  test: {
    // A file per core at a time (the API project sets the same in its own config).
    maxWorkers: availableParallelism(),
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
