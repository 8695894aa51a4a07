import { rmSync } from 'node:fs';
import path from 'node:path';
import { startStack } from '../../scripts/lib/stack.ts';
import { E2E_PORT } from '../../playwright.config.ts';

/** Where the browser and smoke tests' stack keeps its database and its workers' logs. */
export const E2E_STATE_DIR = path.resolve(import.meta.dirname, '../../.wrangler/e2e-state');

/** Starts the whole product on test ports with a fresh database; the returned teardown stops it. */
export default async function globalSetup() {
  if (process.env.BASE_URL) return undefined;
  const stateDir = E2E_STATE_DIR;
  rmSync(stateDir, { recursive: true, force: true });
  const stack = await startStack({
    port: E2E_PORT,
    adminPort: Number(process.env.E2E_ADMIN_PORT ?? E2E_PORT + 1),
    apiPort: Number(process.env.E2E_API_PORT ?? E2E_PORT + 2),
    inspectorPort: Number(process.env.E2E_INSPECTOR_PORT ?? 9340),
    stateDir,
    build: process.env.E2E_SKIP_BUILD !== '1',
    // Emails are delivered half a second after they are queued, not the second the queue waits in
    // production to fill a batch: about 70 new learners a run (most registered eight at a time,
    // fixtures.ts) wait for their verification email.
    // Not at once: a large question import still shows its progress while it is queued.
    jobsBatchTimeout: 0.5,
    // About 16,000 requests a run, each logged through wrangler's Node process: warnings and
    // errors only (what the smoke suite reads), unless E2E_REQUEST_LOGS=1 asks for every request.
    quiet: process.env.E2E_REQUEST_LOGS !== '1',
  });
  return async () => {
    await stack.stop();
  };
}
