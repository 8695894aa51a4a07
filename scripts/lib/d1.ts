/** Runs SQL on the local (Miniflare) or the deployed D1 database, and KV writes, through wrangler. */
import { execFileSync } from 'node:child_process';
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

/** The rows of one query on the local database (wrangler's --json answer). */
export function queryLocal<T>(stateDir: string, sql: string): T[] {
  const output = d1Execute({ remote: false, stateDir }, ['--command', sql, '--json'], true);
  const [first] = JSON.parse(output) as Array<{ results: T[] }>;
  return first?.results ?? [];
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
