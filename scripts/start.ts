/** `npm start`: build, migrate, seed and serve the product locally (see README). */
import { startStack } from './lib/stack.ts';
import { DEMO_ACCOUNTS } from './lib/demo-accounts.ts';

const port = Number(process.env.PORT ?? 3000);
const stack = await startStack({
  port,
  adminPort: Number(process.env.ADMIN_PORT ?? 3001),
  apiPort: Number(process.env.API_PORT ?? 8787),
  inspectorPort: Number(process.env.INSPECTOR_PORT ?? 9330),
  stateDir: process.env.STATE_DIR ?? '.wrangler/state',
  build: process.env.SKIP_BUILD !== '1',
});

const accounts = Object.entries(DEMO_ACCOUNTS)
  .map(([kind, account]) => `  ${kind.padEnd(8)} ${account.email.padEnd(30)} ${account.password}`)
  .join('\n');
console.info(`
DroneCert Prep is running.

  Learner site   ${stack.learnerUrl}
  Admin console  ${stack.learnerUrl}/admin   (remote served by the admin worker at ${stack.adminUrl})
  API            ${stack.apiUrl}/api/health
  Email outbox   ${stack.learnerUrl}/dev/emails

Demo accounts:
${accounts}

Logs: ${stack.logDir}   Press Ctrl+C to stop.
`);

const shutdown = async () => {
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
await new Promise(() => {});
