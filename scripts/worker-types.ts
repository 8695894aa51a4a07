/**
 * `npm run types`: regenerates each worker's worker-configuration.d.ts with `wrangler types` from
 * its wrangler config (secrets from the config's `secrets.required`, never from a .dev.vars that
 * differs from one machine to the next). `npm run types:check` (CI) regenerates each file where it
 * lies (the header and the import paths wrangler writes depend on the place), compares it with
 * the committed copy, puts the committed copy back, and fails when they differ.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/content.ts';

const WORKERS = [
  { dir: 'api-worker', config: '../wrangler.toml' },
  { dir: 'learner', config: 'wrangler.jsonc' },
];
const FILE = 'worker-configuration.d.ts';

const check = process.argv.includes('--check');
let failed = 0;
for (const worker of WORKERS) {
  const name = `${worker.dir}/${FILE}`;
  const file = path.join(ROOT, name);
  const committed = readFileSync(file, 'utf8');
  try {
    const run = spawnSync(
      path.join(ROOT, 'node_modules/.bin/wrangler'),
      ['types', `--config=${worker.config}`, '--strict-vars=false'],
      {
        cwd: path.join(ROOT, worker.dir),
        encoding: 'utf8',
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
      },
    );
    if (run.status !== 0) {
      failed++;
      console.info(`FAIL  ${name}: wrangler types failed\n${run.stdout}\n${run.stderr}`);
    } else if (!check) {
      console.info(`ok    ${name} written`);
    } else if (readFileSync(file, 'utf8') !== committed) {
      failed++;
      console.info(
        `STALE ${name} is not what \`wrangler types\` generates from ${worker.config}: run \`npm run types\` and commit it`,
      );
    } else {
      console.info(`ok    ${name} is what its config generates`);
    }
  } finally {
    if (check) writeFileSync(file, committed);
  }
}
process.exit(failed > 0 ? 1 : 0);
