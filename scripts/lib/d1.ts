/** Runs SQL on the local (Miniflare) or the deployed D1 database, and KV writes, through wrangler. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './content.ts';

const WRANGLER = path.join(ROOT, 'node_modules/.bin/wrangler');

export type D1Target = { remote: true } | { remote: false; stateDir: string };

export function d1Execute(target: D1Target, args: string[], capture = false): string {
  const location = target.remote ? ['--remote'] : ['--local', '--persist-to', target.stateDir];
  return execFileSync(
    WRANGLER,
    [
      'd1',
      'execute',
      'DB',
      ...location,
      ...args,
      '--yes',
      '--config',
      path.join(ROOT, 'wrangler.toml'),
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', capture ? 'pipe' : 'ignore', 'inherit'],
      env: process.env,
    },
  );
}

/**
 * The SQLite file behind a local D1 database (Miniflare keeps one per database beside its
 * metadata): read directly where a wrangler call per query would cost seconds.
 */
export function localDatabaseFile(stateDir: string): string {
  const dir = path.join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find(
    (name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite',
  );
  if (!file) throw new Error(`No local D1 database in ${dir}`);
  return path.join(dir, file);
}

/** wrangler's own record of applied migrations, as `wrangler d1 migrations apply` creates it. */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations(
\tid         INTEGER PRIMARY KEY AUTOINCREMENT,
\tname       TEXT UNIQUE,
\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

/**
 * Applies the migrations a local database lacks in one `wrangler d1 execute`, recording each in
 * d1_migrations by its file name as `wrangler d1 migrations apply` does, so wrangler finds them
 * applied. wrangler's command runs each file in a runtime of its own: 26 s for the 30 files on
 * this machine, against 3.5 s in one call, paid by every `npm start` on a new database, the
 * browser tests' stack and the seed's tests. The deployed database keeps wrangler's command.
 */
export function applyLocalMigrations(stateDir: string) {
  // A new state folder has no database yet, so nothing to ask it.
  const applied = existsSync(path.join(stateDir, 'v3', 'd1'))
    ? queryLocal<{ name: string }>(stateDir, `${MIGRATIONS_TABLE} SELECT name FROM d1_migrations`)
    : [];
  const done = new Set(applied.map((row) => row.name));
  const dir = path.join(ROOT, 'migrations');
  const pending = readdirSync(dir)
    .filter((file) => file.endsWith('.sql') && !done.has(file))
    .sort();
  if (pending.length === 0) return;
  const sql = [
    MIGRATIONS_TABLE,
    ...pending.flatMap((file) => [
      readFileSync(path.join(dir, file), 'utf8').trim(),
      `INSERT INTO d1_migrations (name) VALUES ('${file}');`,
    ]),
  ].join('\n');
  mkdirSync(stateDir, { recursive: true });
  const file = path.join(stateDir, 'migrations.sql');
  writeFileSync(file, `${sql}\n`);
  d1Execute({ remote: false, stateDir }, ['--file', file]);
}

/** The rows of a query on the local database: its last statement's (wrangler's --json answer). */
export function queryLocal<T>(stateDir: string, sql: string): T[] {
  const output = d1Execute({ remote: false, stateDir }, ['--command', sql, '--json'], true);
  const sets = JSON.parse(output) as Array<{ results: T[] }>;
  return sets.at(-1)?.results ?? [];
}

/**
 * Makes every cached public answer (module list, module by slug, statistics) stale, as a content
 * write in the API does (api-worker/src/content/public-cache.ts): after a seed changed content.
 */
export function publicContentChanged(target: D1Target) {
  const location = target.remote ? ['--remote'] : ['--local', '--persist-to', target.stateDir];
  execFileSync(
    WRANGLER,
    [
      'kv',
      'key',
      'put',
      'public:version',
      `seed-${Date.now().toString(36)}`,
      '--binding',
      'PUBLIC_CACHE',
      ...location,
      '--config',
      path.join(ROOT, 'wrangler.toml'),
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: process.env },
  );
}
