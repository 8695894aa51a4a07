import { defineConfig } from 'vitest/config';

// One `vitest run` for every suite: pure unit tests and content checks run in Node, the API's
// integration tests run inside workerd through api-worker/vitest.config.ts.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'content', include: ['tests/content/**/*.test.ts'], environment: 'node' } },
      'api-worker/vitest.config.ts',
    ],
  },
});
