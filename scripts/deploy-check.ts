/**
 * `npm run deploy:check`: `wrangler deploy --dry-run` for the three workers, each of which must
 * bundle and stay under 1 MiB gzipped (DEVELOPERS.md). Needs the learner and admin builds.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/content.ts';

const LIMIT_KIB = 1024;
const WORKERS = [
  { name: 'drone-exam-api', config: 'wrangler.toml' },
  { name: 'drone-exam-learner', config: 'learner/build/server/wrangler.json' },
  { name: 'drone-exam-admin', config: 'admin/wrangler.jsonc' },
];

let failed = false;
for (const worker of WORKERS) {
  const run = spawnSync(
    path.join(ROOT, 'node_modules/.bin/wrangler'),
    [
      'deploy',
      '--dry-run',
      '--config',
      worker.config,
      '--outdir',
      path.join('.tmp/deploy', worker.name),
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
  );
  const output = `${run.stdout}\n${run.stderr}`;
  const size = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
  const assetsOnly = run.status === 0 && !size && /dry-run/i.test(output);
  if (run.status !== 0 || (!size && !assetsOnly)) {
    failed = true;
    console.info(`FAIL  ${worker.name}: wrangler deploy --dry-run did not succeed\n${output}`);
    continue;
  }
  if (!size) {
    console.info(`ok    ${worker.name.padEnd(20)} static assets only`);
    continue;
  }
  const gzipKib = Number(size[2]);
  const over = gzipKib > LIMIT_KIB;
  failed ||= over;
  console.info(
    `${over ? 'OVER' : 'ok  '}  ${worker.name.padEnd(20)} ${size[1]} KiB, ${gzipKib} KiB gzipped (limit ${LIMIT_KIB} KiB)`,
  );
}
process.exit(failed ? 1 : 0);
