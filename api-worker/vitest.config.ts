import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '..');

/** What every folder's suite file says, word for word: import every test file beside it. */
const COLLECT_THE_FOLDER = "import.meta.glob('./*.test.ts', { eager: true });";

/**
 * Each feature folder's test files run in one workerd runtime through the folder's `*.suite.ts`,
 * which imports them all (decision record 2026-11-29-api-tests-one-runtime-per-feature.md). A test
 * file in a folder without such a suite would never run: the config refuses to start instead.
 */
function foldersWithoutTheirSuite(): string[] {
  const here = import.meta.dirname;
  const folders = new Set(
    globSync('src/**/*.test.ts', { cwd: here }).map((file) => path.dirname(file)),
  );
  return [...folders].filter(
    (folder) =>
      !globSync(`${folder}/*.suite.ts`, { cwd: here }).some((suite) =>
        readFileSync(path.join(here, suite), 'utf8').includes(COLLECT_THE_FOLDER),
      ),
  );
}

const uncollected = foldersWithoutTheirSuite();
if (uncollected.length > 0) {
  throw new Error(
    `These API test folders have no *.suite.ts collecting their tests (${COLLECT_THE_FOLDER}): ${uncollected.join(', ')}`,
  );
}

/** The tests' own VAPID key pair (RFC 8292), made per run: no private key is ever committed. */
async function vapidKeyPair() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
  const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey));
  const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey);
  return { VAPID_PUBLIC_KEY: publicKey.toString('base64url'), VAPID_PRIVATE_KEY: d! };
}

// The API runs inside workerd with the real D1, KV, Queue and rate-limit bindings of the root
// wrangler.toml; the migrations run once per file, and every test starts from the migrated database
// (test/setup.ts).
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: path.join(root, 'wrangler.toml') },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(path.join(root, 'migrations')),
          JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
          APP_URL: 'http://app.test',
          ENVIRONMENT: 'test',
          ...(await vapidKeyPair()),
        },
        queueConsumers: { 'drone-exam-jobs': { maxBatchTimeout: 0.05 } },
      },
    })),
  ],
  test: {
    name: 'api',
    include: ['src/**/*.suite.ts'],
    setupFiles: ['./test/setup.ts'],
    fsModuleCache: false,
    // A worker keeps its workerd runtime from one feature's suite to the next (decision record
    // 2026-11-29-api-test-runtimes-reused.md); storage is still reset before every test.
    isolate: false,
    // A file per core at a time (each project sets its own; the root's does not reach it).
    // Vitest's default, the cores less one, ran one at a time on the 2-core CI machine and left a
    // core idle: a file spends most of its time starting its workerd runtime and loading modules
    // (measured 2026-11-29: 10 API files 99 s → 73 s).
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // As in playwright.config.ts: on CI a test that fails once runs again, and `npm test` names
    // every test that needed it (scripts/lib/outcome-reporter.ts), so a flake is seen, not hidden.
    retry: process.env.CI ? 1 : 0,
  },
});
