/**
 * Starts the product locally the way it runs in production: three workers (API, admin remote,
 * learner) in three `wrangler dev` processes, the learner reaching the other two through Service
 * Bindings. Each process gets its own process group so stopping the stack leaves nothing behind,
 * and each stack its own wrangler registry so two stacks (say `npm start` and the e2e run) never
 * bind to each other's workers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ROOT } from './content.ts';
import { applyLocalMigrations } from './d1.ts';

export type StackOptions = {
  port: number;
  adminPort: number;
  apiPort: number;
  /** First of three inspector ports (wrangler picks 9229 otherwise, and two processes collide). */
  inspectorPort: number;
  stateDir: string;
  build?: boolean;
  /**
   * Seconds the jobs queue waits to fill a batch, when given instead of wrangler.toml's
   * `max_batch_timeout` (1): the browser tests' emails arrive sooner.
   */
  jobsBatchTimeout?: number;
  /**
   * Workers log warnings and errors only, not a line per request: each request line is a call
   * from workerd to wrangler's Node process, a tenth of the browser tests' CPU.
   */
  quiet?: boolean;
};

export type Stack = {
  learnerUrl: string;
  adminUrl: string;
  apiUrl: string;
  logDir: string;
  stop: () => Promise<void>;
};

const WRANGLER = path.join(ROOT, 'node_modules/.bin/wrangler');

/** A VAPID key pair (RFC 8292) for the local phone reminders, made with WebCrypto, base64url. */
async function vapidKeyPair() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
  const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey));
  const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey);
  return `VAPID_PUBLIC_KEY=${publicKey.toString('base64url')}\nVAPID_PRIVATE_KEY=${d}\n`;
}

/** The local secrets: made once, and what an older .dev.vars lacks is added to it. */
export async function ensureDevVars() {
  const file = path.join(ROOT, '.dev.vars');
  if (!existsSync(file) || !readFileSync(file, 'utf8').includes('JWT_SECRET=')) {
    writeFileSync(
      file,
      `# Local secrets (never committed). Created by npm start.\nJWT_SECRET=${randomBytes(32).toString('hex')}\n`,
    );
  }
  if (!readFileSync(file, 'utf8').includes('VAPID_PRIVATE_KEY='))
    appendFileSync(file, await vapidKeyPair());
}

/**
 * Runs a command to its end without blocking: the workers already started keep their output
 * flowing to their logs meanwhile.
 */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      const named = [command, ...args].map((part) => path.basename(part)).join(' ');
      reject(new Error(`${named} ended with ${code ?? signal}`));
    });
  });
}

export async function waitFor(
  url: string,
  timeoutMs: number,
  accept = (r: Response) => r.ok,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (accept(response)) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${last})`);
}

/** Signals a whole process group; false when the group no longer exists. */
function signalGroup(pid: number, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, sig);
    return true;
  } catch {
    return false;
  }
}

const BATCH_TIMEOUT = /^max_batch_timeout = \d+$/m;

/**
 * The API's wrangler config: wrangler.toml itself, or a copy beside it (its paths and .dev.vars
 * resolve from its folder) that differs only in the jobs queue's batch timeout.
 */
function apiConfig(jobsBatchTimeout: number | undefined) {
  if (jobsBatchTimeout === undefined) return 'wrangler.toml';
  const config = readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8');
  if (!BATCH_TIMEOUT.test(config)) throw new Error('wrangler.toml has no max_batch_timeout line');
  const file = `.wrangler-batch-timeout-${jobsBatchTimeout}.toml`;
  writeFileSync(
    path.join(ROOT, file),
    config.replace(BATCH_TIMEOUT, `max_batch_timeout = ${jobsBatchTimeout}`),
  );
  return file;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const stateDir = path.resolve(ROOT, options.stateDir);
  const logDir = path.join(stateDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    STATE_DIR: stateDir,
    WRANGLER_REGISTRY_PATH: path.join(stateDir, 'registry'),
    WRANGLER_SEND_METRICS: 'false',
    CI: process.env.CI ?? '',
  };
  await ensureDevVars();
  if (options.build !== false) await run('npm', ['run', 'build', '--silent'], env);

  const learnerUrl = `http://127.0.0.1:${options.port}`;
  const children: ChildProcess[] = [];
  const start = (name: string, args: string[]) => {
    const log = createWriteStream(path.join(logDir, `${name}.log`));
    const child = spawn(
      WRANGLER,
      [
        'dev',
        ...args,
        '--ip',
        '127.0.0.1',
        '--show-interactive-dev-session=false',
        ...(options.quiet ? ['--log-level', 'warn'] : []),
      ],
      {
        cwd: ROOT,
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    children.push(child);
  };
  /** SIGTERM each process group, wait for it to empty (workerd included), then SIGKILL what is left. */
  const stop = async () => {
    const groups = children.map((child) => child.pid).filter((pid): pid is number => Boolean(pid));
    for (const pid of groups) signalGroup(pid, 'SIGTERM');
    const deadline = Date.now() + 8000;
    while (Date.now() < deadline && groups.some((pid) => signalGroup(pid, 0))) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const pid of groups) signalGroup(pid, 'SIGKILL');
  };

  // The admin and learner workers keep no data of the API's, so they start while the API's
  // database is migrated and seeded; the API starts on the seeded database.
  start('admin', [
    '--config',
    'admin/wrangler.jsonc',
    '--port',
    String(options.adminPort),
    '--inspector-port',
    String(options.inspectorPort + 1),
  ]);
  start('learner', [
    '--config',
    'learner/build/server/wrangler.json',
    '--port',
    String(options.port),
    '--inspector-port',
    String(options.inspectorPort + 2),
    '--persist-to',
    path.join(stateDir, 'learner'),
  ]);
  try {
    applyLocalMigrations(stateDir);
    await run(process.execPath, [path.join(ROOT, 'scripts/seed.ts')], env);
    start('api', [
      '--config',
      apiConfig(options.jobsBatchTimeout),
      '--port',
      String(options.apiPort),
      '--inspector-port',
      String(options.inspectorPort),
      '--persist-to',
      stateDir,
      '--test-scheduled',
      '--var',
      `APP_URL:${learnerUrl}`,
    ]);
    await waitFor(`http://127.0.0.1:${options.apiPort}/api/health`, 90_000);
    await waitFor(`http://127.0.0.1:${options.adminPort}/admin-remote/remoteEntry.js`, 60_000);
    await waitFor(`${learnerUrl}/api/health`, 90_000);
    await waitFor(`${learnerUrl}/admin-remote/remoteEntry.js`, 30_000);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nLogs: ${logDir}`, {
      cause: error,
    });
  }
  return {
    learnerUrl,
    adminUrl: `http://127.0.0.1:${options.adminPort}`,
    apiUrl: `http://127.0.0.1:${options.apiPort}`,
    logDir,
    stop,
  };
}
