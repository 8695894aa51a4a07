/**
 * Load-generation helpers for the measuring scripts (bench, capacity): timed requests against a
 * running product, and synthetic learners written straight into its local database.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashPassword } from '../../shared/src/password.ts';
import { ROOT } from './content.ts';
import { d1Execute } from './d1.ts';

const DAY_MS = 86_400_000;
export const LEARNER_PASSWORD = 'BenchPassword123!';

type Sample = { ms: number; ok: boolean };

export class Recorder {
  samples: Sample[] = [];
  record(ms: number, ok: boolean) {
    this.samples.push({ ms, ok });
  }
  summary(seconds: number) {
    const times = this.samples.map((s) => s.ms).sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
    return {
      requests: this.samples.length,
      errors: this.samples.filter((s) => !s.ok).length,
      perSecond: this.samples.length / seconds,
      p50: at(0.5),
      p99: at(0.99),
    };
  }
}

/** One request, timed into the recorder (if any); a network failure is status 0. */
export async function timed(
  recorder: Recorder | null,
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; json: any }> {
  const started = performance.now();
  let status = 0;
  let json: any = null;
  try {
    const response = await fetch(url, init);
    status = response.status;
    const text = await response.text();
    json = text.startsWith('{') ? JSON.parse(text) : null;
  } catch {
    status = 0;
  }
  recorder?.record(performance.now() - started, status >= 200 && status < 300);
  return { status, json };
}

/** A JSON request as the learner site sends it (its Origin, and the bearer token if any). */
export const jsonInit = (
  origin: string,
  method: string,
  body: unknown,
  token?: string,
): RequestInit => ({
  method,
  headers: {
    'content-type': 'application/json',
    origin,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  body: JSON.stringify(body),
});

export const authGet = (token: string): RequestInit => ({
  headers: { authorization: `Bearer ${token}` },
});

/**
 * Synthetic learners straight into the local database: verified, premium for a day, one
 * password (hashed once). Returns their addresses; ids are `<prefix>-<i>`.
 */
export async function createLearners(stateDir: string, prefix: string, count: number) {
  const now = Date.now();
  const hash = await hashPassword(LEARNER_PASSWORD);
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.com`);
  const rows = emails.map(
    (email, i) =>
      `('${prefix}-${i}', '${email}', '${hash}', 'Synthetic', 'Learner ${i}', 1, 'user', 1, ${now + DAY_MS}, ${now}, ${now})`,
  );
  const sql = [
    `INSERT INTO users (id, email, password_hash, first_name, last_name, email_verified, role, is_active, premium_until, created_at, updated_at) VALUES ${rows.join(',\n')};`,
    `INSERT INTO user_stats (user_id, updated_at) SELECT id, ${now} FROM users WHERE id LIKE '${prefix}-%';`,
  ];
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  const file = path.join(ROOT, '.tmp', `${prefix}.sql`);
  writeFileSync(file, sql.join('\n'));
  d1Execute({ remote: false, stateDir }, ['--file', file]);
  return emails;
}

/**
 * Signs a synthetic learner in, waiting out the sign-in rate limit if it is hit. A connection
 * that fails (status 0) is tried again a few times: the first requests reuse sockets left idle
 * while the learners were written, which the server may close as the request leaves.
 */
export async function signIn(site: string, email: string): Promise<string> {
  for (let failures = 0; ;) {
    const answer = await timed(
      null,
      `${site}/api/auth/login`,
      jsonInit(site, 'POST', { email, password: LEARNER_PASSWORD }),
    );
    if (answer.status === 200) return answer.json.data.token as string;
    if (answer.status === 0 && ++failures < 3) continue;
    if (answer.status !== 429) throw new Error(`sign-in of ${email}: ${answer.status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
