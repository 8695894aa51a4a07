import { applyD1Migrations, reset } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach } from 'vitest';
import { contentChanged } from '../src/content/public-cache.ts';
import { jobBatchesInHand } from '../src/jobs/queue.ts';
import { refuseCollapsedBatchColumns } from './batch-columns.ts';
import { backgroundWorkSettled, settled } from './settle.ts';

/** How long a previous test's queued jobs may take to be delivered before the reset. */
const QUEUE_SETTLE_MS = 1_000;

/**
 * Emails and answers' question counters a test queued are applied by the Queue consumer a moment
 * after the test ends; resetting the database under them would fail their delivery and retry it
 * into the next test's database (or let a write land in the middle of the reset). Some tests leave
 * emails queued on purpose (no provider): wait a bounded time, then go on.
 */
async function queuedJobsDelivered() {
  await settled(
    async () => {
      const queued = await env.DB.prepare(
        "select 1 from emails where status = 'queued' union all select 1 from attempt_questions where counts_pending = 1 limit 1",
      )
        .first()
        .catch(() => null);
      return !queued;
    },
    QUEUE_SETTLE_MS,
    20,
  );
}

/** How long a batch the Queue is delivering may take to finish before the reset. */
const BATCH_SETTLE_MS = 5_000;

/** A batch the consumer is handling finishes before the reset deletes the storage it writes to. */
async function jobBatchesHandled() {
  await settled(() => jobBatchesInHand() === 0, BATCH_SETTLE_MS);
}

/** Objects SQLite and D1 make for themselves, which the schema's own statements never create. */
const INTERNAL = /^(sqlite_|_cf_)/;

/**
 * The statements that rebuild the migrated database on an empty one, read once per file right
 * after the migrations ran: the final schema (tables, then the indexes and triggers on them; an
 * FTS5 table makes its own shadow tables) and the rows the migrations wrote, d1_migrations
 * included. Far quicker than running the 17 migrations again.
 */
async function migratedDatabase(): Promise<D1PreparedStatement[]> {
  const { results: tables } = await env.DB.prepare('pragma table_list').all<{
    name: string;
    type: string;
    schema: string;
  }>();
  const shadow = new Set(tables.filter((t) => t.type === 'shadow').map((t) => t.name));
  const { results: schema } = await env.DB.prepare(
    "select type, name, sql from sqlite_master where sql is not null order by type = 'table' desc, rowid",
  ).all<{ type: string; name: string; sql: string }>();
  const objects = schema.filter((item) => !INTERNAL.test(item.name) && !shadow.has(item.name));
  const statements = objects.map((item) => env.DB.prepare(item.sql));
  for (const { name } of objects.filter((item) => item.type === 'table')) {
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

let rebuild: D1PreparedStatement[] = [];

/** What the last test left running (its waitUntil work, queued jobs, a batch in hand) ends first. */
async function earlierWorkSettled() {
  await backgroundWorkSettled();
  await queuedJobsDelivered();
  await jobBatchesHandled();
}

// The migrations run once per test file (running them took over a second a test, most of the API
// suite's time). Each test then starts from empty bindings (reset: D1, KV and the rate limiters'
// counts) with the migrated database rebuilt in one batch. A runtime serves one feature's suite
// after another, so the previous suite's last test may still be writing when a suite starts: reset
// under it, the classes suite once captured a database its rebuild could not replay (a foreign key
// failed on every test, in a CI run where the browser tests ran beside Vitest).
beforeAll(async () => {
  refuseCollapsedBatchColumns();
  await earlierWorkSettled();
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  rebuild = await migratedDatabase();
});

beforeEach(async () => {
  await earlierWorkSettled();
  await reset();
  await env.DB.batch(rebuild);
  // Fixtures write content straight to D1, so each test starts with the public cache made stale.
  await contentChanged(env);
});
