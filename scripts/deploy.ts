/**
 * `npm run deploy`: the API first (the others bind to it), then the admin remote, then the learner.
 *
 * A deployed worker always runs as production. The configs in the repository say development, for
 * `npm start`, and development turns on the test checkout, the local webhook signing secret, the
 * local outbox instead of email and skips the bot check: a deploy that kept it would give premium
 * away. So the deploy sets ENVIRONMENT itself, and refuses an API whose APP_URL is not a public
 * https origin (links in emails and the allowed origin come from it).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/content.ts';

const apiConfig = readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8');
const appUrl = /^APP_URL\s*=\s*"([^"]*)"/m.exec(apiConfig)?.[1] ?? '';
if (!/^https:\/\/(?!(localhost|127\.0\.0\.1)\b)/.test(appUrl)) {
  console.error(
    `Set APP_URL in wrangler.toml to the learner site's public https origin before deploying (it is "${appUrl}").`,
  );
  process.exit(1);
}

const PRODUCTION = ['--var', 'ENVIRONMENT:production'];
for (const [config, vars] of [
  ['wrangler.toml', PRODUCTION],
  ['admin/wrangler.jsonc', []],
  ['learner/build/server/wrangler.json', PRODUCTION],
] as const) {
  execFileSync(
    path.join(ROOT, 'node_modules/.bin/wrangler'),
    ['deploy', '--config', config, ...vars],
    { cwd: ROOT, stdio: 'inherit' },
  );
}
