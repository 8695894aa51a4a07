import { env, exports } from 'cloudflare:workers';
import { desc, eq } from 'drizzle-orm';
import type { ApiResult } from '@drone-exam/shared';
import { hashPassword } from '@drone-exam/shared/password';
import { createDb } from '../src/db/client.ts';
import { emails, users, userStats } from '../src/db/schema.ts';
import { newId } from '../src/lib/ids.ts';
import type { Role } from '@drone-exam/shared/schemas/auth-values';

export const ORIGIN = 'http://app.test';
export const DEFAULT_PASSWORD = 'correct-horse-battery';

export const testDb = () => createDb(env.DB);

export type CallOptions = {
  method?: string;
  body?: unknown;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
};

/** Calls the API worker's real fetch handler inside workerd. */
export async function call<T = unknown>(path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { origin: ORIGIN, ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  const response = await exports.default.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }),
  );
  const json = (await response.json()) as ApiResult<T>;
  return { status: response.status, json, headers: response.headers };
}

/** The data of a successful answer, or a thrown error carrying the failure. */
export async function callOk<T = unknown>(path: string, options: CallOptions = {}): Promise<T> {
  const { status, json } = await call<T>(path, options);
  if (!json.success) throw new Error(`${path} answered ${status}: ${json.error}`);
  return json.data;
}

let passwordHash: Promise<string> | null = null;

export type TestUser = { id: string; email: string; password: string; role: Role };

export async function createUser(
  overrides: Partial<{
    email: string;
    firstName: string;
    lastName: string;
    role: Role;
    emailVerified: boolean;
    isActive: boolean;
    premiumUntil: number | null;
    createdAt: number;
  }> = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(DEFAULT_PASSWORD);
  const id = newId();
  const email = overrides.email ?? `learner-${id}@example.com`;
  const now = overrides.createdAt ?? Date.now();
  const db = testDb();
  await db.batch([
    db.insert(users).values({
      id,
      email,
      passwordHash: await passwordHash,
      firstName: overrides.firstName ?? 'Test',
      lastName: overrides.lastName ?? 'Pilot',
      role: overrides.role ?? 'user',
      emailVerified: overrides.emailVerified ?? true,
      isActive: overrides.isActive ?? true,
      premiumUntil: overrides.premiumUntil ?? null,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(userStats).values({ userId: id, updatedAt: now }),
  ]);
  return { id, email, password: DEFAULT_PASSWORD, role: overrides.role ?? 'user' };
}

export async function login(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const data = await callOk<{ token: string }>('/api/auth/login', {
    body: { email: user.email, password: user.password },
  });
  return data.token;
}

export async function signedInUser(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  return { ...user, token: await login(user) };
}

/** Waits for the Queue consumer to deliver an email to the outbox. */
export async function waitForEmail(to: string, template?: string, timeoutMs = 5000) {
  const db = testDb();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows = await db
      .select()
      .from(emails)
      .where(eq(emails.toAddress, to))
      .orderBy(desc(emails.createdAt));
    const match = rows.find(
      (row) => row.status === 'sent' && (!template || row.template === template),
    );
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No ${template ?? ''} email reached ${to} within ${timeoutMs} ms`);
}

/** The token inside the first link of an email's text. */
export function tokenFromEmail(text: string): string {
  const match = /(?:token=|reset-password\/)([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error('No token link in email');
  return match[1];
}

/**
 * Time a test of a rate limit needs for its whole burst, with room for a loaded machine: the
 * bursts take about half a second in CI. It was 20 s, and the wait for the next minute it
 * causes took 7 to 20 s of each of two tests in every CI run.
 */
const RATE_LIMIT_BURST_MS = 5_000;
/**
 * The timeout of a test that calls startOfRateLimitWindow: its wait for the next minute (up to
 * RATE_LIMIT_BURST_MS) on top of the default 20 s for the rest of the test.
 */
export const RATE_LIMIT_TEST_TIMEOUT_MS = RATE_LIMIT_BURST_MS + 20_000;

/**
 * The local rate limiters count in windows aligned to the clock's minutes (Miniflare's
 * RateLimiter), so a burst that runs into the next minute starts counting again and is not
 * limited. A test of a limit calls this first, and takes RATE_LIMIT_TEST_TIMEOUT_MS as its
 * timeout: when too little of the minute is left it waits for the next one.
 */
export async function startOfRateLimitWindow() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < RATE_LIMIT_BURST_MS) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
