import { applyD1Migrations, reset } from 'cloudflare:test';
import { waitForGlobalWaitUntil } from 'cloudflare:test-internal';
import { env } from 'cloudflare:workers';
import { beforeEach } from 'vitest';
import { contentChanged } from '../src/content/public-cache.ts';

/** How long a previous test's queued jobs may take to be delivered before the reset. */
const QUEUE_SETTLE_MS = 1_000;

/**
 * Emails and answers' question counters a test queued are applied by the Queue consumer a moment
 * after the test ends; resetting the database under them would fail their delivery and retry it
 * into the next test's database (or let a write land in the middle of the reset). Some tests leave
 * emails queued on purpose (no provider): wait a bounded time, then go on.
 */
async function queuedJobsDelivered() {
  const deadline = Date.now() + QUEUE_SETTLE_MS;
  while (Date.now() < deadline) {
    const queued = await env.DB.prepare(
      "select 1 from emails where status = 'queued' union all select 1 from attempt_questions where counts_pending = 1 limit 1",
    )
      .first()
      .catch(() => null);
    if (!queued) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Storage is shared across the tests of a file, so every test starts from an empty database.
// Work a previous test left running after its answers (waitUntil: request metrics, activity)
// settles first, so it never writes into a database being reset.
beforeEach(async () => {
  await waitForGlobalWaitUntil().catch(() => undefined);
  await queuedJobsDelivered();
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  // Fixtures write content straight to D1, so each test starts with the public cache made stale.
  await contentChanged(env);
});
