import { applyD1Migrations, reset } from 'cloudflare:test';
import { waitForGlobalWaitUntil } from 'cloudflare:test-internal';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach } from 'vitest';
import { contentChanged } from '../src/content/public-cache.ts';

/** How long a previous test's queued emails may take to be delivered before the clean-up. */
const QUEUE_SETTLE_MS = 1_000;

/**
 * Emails a test queued are delivered by the Queue consumer a moment after the test ends; emptying
 * the database under them would fail their delivery and retry it into the next test's data.
 * Some tests leave emails queued on purpose (no provider): wait a bounded time, then go on.
 */
async function queuedEmailsDelivered() {
  const deadline = Date.now() + QUEUE_SETTLE_MS;
  while (Date.now() < deadline) {
    const queued = await env.DB.prepare("select 1 from emails where status = 'queued' limit 1")
      .first()
      .catch(() => null);
    if (!queued) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Tables SQLite, D1 and the migrations keep for themselves: never emptied. */
const KEPT_TABLE = /^(sqlite_|_cf_|d1_migrations$)/;

/**
 * The statements that bring the migrated database back to the state the migrations left it in:
 * every data table emptied (its full-text indexes follow through their triggers), the rows the
 * migrations inserted written again, and the tables' autoincrement counters restarted. Read once
 * per file, right after the migrations ran.
 */
async function migratedState(): Promise<D1PreparedStatement[]> {
  const { results } = await env.DB.prepare('pragma table_list').all<{
    name: string;
    type: string;
    schema: string;
  }>();
  const tables = results
    .filter((table) => table.schema === 'main' && table.type === 'table')
    .map((table) => table.name)
    .filter((name) => !KEPT_TABLE.test(name));
  const statements = [
    // Foreign keys are checked when the batch commits, so the tables empty in any order.
    env.DB.prepare('pragma defer_foreign_keys = on'),
    ...tables.map((name) => env.DB.prepare(`delete from "${name}"`)),
    env.DB.prepare(
      `delete from sqlite_sequence where name in (select value from json_each(?))`,
    ).bind(JSON.stringify(tables)),
  ];
  for (const name of tables) {
    const { results: rows } = await env.DB.prepare(`select * from "${name}"`).all();
    for (const row of rows) {
      const columns = Object.keys(row);
      statements.push(
        env.DB.prepare(
          `insert into "${name}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns
            .map(() => '?')
            .join(', ')})`,
        ).bind(...Object.values(row)),
      );
    }
  }
  return statements;
}

/** Deletes every key of a KV namespace, page by page. */
async function emptyKv(namespace: KVNamespace) {
  let cursor: string | undefined;
  do {
    const page = await namespace.list(cursor ? { cursor } : {});
    await Promise.all(page.keys.map((key) => namespace.delete(key.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

let restore: D1PreparedStatement[] = [];

// The migrations run once per test file (they took over a second a test, most of the API suite's
// time); each test then starts from the freshly migrated state, restored in one batch.
beforeAll(async () => {
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  restore = await migratedState();
});

// Work a previous test left running after its answers (waitUntil: request metrics, activity)
// settles first, so it never writes into data being cleaned.
beforeEach(async () => {
  await waitForGlobalWaitUntil().catch(() => undefined);
  await queuedEmailsDelivered();
  await env.DB.batch(restore);
  await Promise.all([emptyKv(env.SESSIONS), emptyKv(env.PUBLIC_CACHE)]);
  // Fixtures write content straight to D1, so each test starts with the public cache made stale.
  await contentChanged(env);
});
