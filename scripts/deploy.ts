/** `npm run deploy`: the API first (the others bind to it), then the admin remote, then the learner. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/content.ts';

for (const config of [
  'wrangler.toml',
  'admin/wrangler.jsonc',
  'learner/build/server/wrangler.json',
]) {
  execFileSync(path.join(ROOT, 'node_modules/.bin/wrangler'), ['deploy', '--config', config], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
