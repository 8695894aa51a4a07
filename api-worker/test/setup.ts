import { applyD1Migrations, reset } from 'cloudflare:test';
import { waitForGlobalWaitUntil } from 'cloudflare:test-internal';
import { env } from 'cloudflare:workers';
import { beforeEach } from 'vitest';
import { contentChanged } from '../src/content/public-cache.ts';

// Storage is shared across the tests of a file, so every test starts from an empty database.
// Work a previous test left running after its answers (waitUntil: request metrics, activity)
// settles first, so it never writes into a database being reset.
beforeEach(async () => {
  await waitForGlobalWaitUntil().catch(() => undefined);
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  // Fixtures write content straight to D1, so each test starts with the public cache made stale.
  await contentChanged(env);
});
