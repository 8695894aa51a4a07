/**
 * The smoke suites' way into the running stack (tests/e2e/global-setup.ts starts it): clients for
 * the learner's origin and the API worker, and verified learners made through the real sign-up.
 */
import { expect, request } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { waitForEmail } from '../e2e/fixtures.ts';
import type { Account, Answer, Client } from './cases.ts';

export const BASE = process.env.BASE_URL ?? `http://127.0.0.1:${E2E_PORT}`;
export const API_BASE =
  process.env.API_URL ?? `http://127.0.0.1:${Number(process.env.E2E_API_PORT ?? E2E_PORT + 2)}`;
export const ORIGIN = new URL(BASE).origin;
const PASSWORD = 'SmokePassword123!';

export function client(base: string, token?: string): Client {
  const raw = async (
    method: string,
    route: string,
    body: string | undefined,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${base}${route}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: ORIGIN,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body,
    });
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    let json: Answer['json'] = null;
    if (contentType.includes('application/json')) json = JSON.parse(text) as Answer['json'];
    const download = (response.headers.get('content-disposition') ?? '').startsWith('attachment');
    return { status: response.status, json, text, contentType, download };
  };
  return {
    raw,
    call: (method, route, body, headers) =>
      raw(method, route, body === undefined ? undefined : JSON.stringify(body), {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      }),
  };
}

export const visitor = client(BASE);

/** The token in the newest email of a kind to an address, waited for as the browser tests do. */
export async function outboxToken(to: string, template: string): Promise<string> {
  const outbox = await request.newContext({ baseURL: BASE });
  try {
    const { text } = await waitForEmail(outbox, to, template);
    const token = /(?:token=|reset-password\/)([A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(token, text).toBeTruthy();
    return token!;
  } finally {
    await outbox.dispose();
  }
}

export async function signIn(
  email: string,
  password: string,
): Promise<{ token: string; id: string }> {
  const answer = await visitor.call('POST', '/api/auth/login', { email, password });
  if (answer.status !== 200)
    throw new Error(`Sign-in of ${email} answered ${answer.status}: ${answer.text}`);
  return { token: answer.json!.data.token, id: answer.json!.data.user.id };
}

export async function newLearner(run: string, name: string): Promise<Account & { client: Client }> {
  const email = `smoke-${name}-${run}@example.com`;
  const registered = await visitor.call('POST', '/api/auth/register', {
    firstName: 'Smoke',
    lastName: name,
    email,
    password: PASSWORD,
  });
  if (registered.status !== 201) throw new Error(`Registering ${email}: ${registered.text}`);
  const token = await outboxToken(email, 'verification');
  await visitor.call('POST', '/api/auth/verify-email', { token });
  const session = await signIn(email, PASSWORD);
  return { email, password: PASSWORD, id: session.id, client: client(BASE, session.token) };
}
