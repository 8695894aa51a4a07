/**
 * Hostile input in wrangler, through the product as `npm start` runs it: a 1,000-character value in
 * every path parameter of every route (read from GET /api/dev/routes, so a new route is covered
 * at once), and NUL, quotes and FTS5 operators in every search. Each answers a 4xx or a result in
 * the one JSON shape, never a 5xx.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../scripts/lib/demo-accounts.ts';
import { E2E_PORT } from '../../playwright.config.ts';

const BASE = process.env.BASE_URL ?? `http://127.0.0.1:${E2E_PORT}`;
const ORIGIN = new URL(BASE).origin;
const LONG = 'a'.repeat(1000);

/** Every search the API offers, as the query its text goes in. */
const SEARCHES = [
  '/api/study?search=',
  '/api/study-materials/search?q=',
  '/api/admin/users?search=',
  '/api/admin/modules?search=',
  '/api/admin/questions?search=',
];

/** A NUL, stray quotes, and FTS5's own syntax: operators, column filters, prefixes, NEAR groups. */
const HOSTILE_SEARCHES = [
  '\u0000',
  'air\u0000space',
  '"',
  'air"space',
  "'",
  'air OR space',
  'air AND NOT space',
  'NEAR(air space, 2)',
  'title:air',
  '*',
  'air*',
  '^air',
  '-air',
  '+air',
  '(air',
  'air)',
  '{title}: air',
  '\u202eair',
];

async function call(method: string, path: string, token?: string) {
  const response = await fetch(`${BASE}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      origin: ORIGIN,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
    },
    body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
  });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
}

let adminToken: string;

test.describe('runtime smoke: hostile input', () => {
  test.beforeAll(async () => {
    const response = await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: DEMO_ACCOUNTS.admin.email,
        password: DEMO_ACCOUNTS.admin.password,
      }),
    });
    expect(response.status).toBe(200);
    adminToken = ((await response.json()) as { data: { token: string } }).data.token;
  });

  test('a 1,000-character value in every path parameter answers 404 or 400, never a 5xx', async () => {
    const listed = await call('GET', '/api/dev/routes');
    const routes = (JSON.parse(listed.text) as { data: { routes: string[] } }).data.routes;
    const parameterised = routes.filter((route) => route.includes('/:'));
    expect(parameterised.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const route of parameterised) {
      const [method, pattern] = route.split(' ') as [string, string];
      const path = pattern.replace(/:[^/]+/g, LONG);
      for (const token of [undefined, adminToken]) {
        const answer = await call(method, path, token);
        const json = answer.contentType.includes('application/json');
        if (![400, 404].includes(answer.status) || !json)
          wrong.push(
            `${route} (${token ? 'admin' : 'visitor'}): ${answer.status} ${answer.text.slice(0, 120)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  test('every search takes a NUL and the FTS5 operators without a 5xx', async () => {
    const wrong: string[] = [];
    for (const search of SEARCHES) {
      for (const text of HOSTILE_SEARCHES) {
        const answer = await call('GET', `${search}${encodeURIComponent(text)}`, adminToken);
        const json = answer.contentType.includes('application/json');
        if (answer.status >= 500 || !json || (answer.status !== 200 && answer.status !== 400))
          wrong.push(
            `${search}${JSON.stringify(text)}: ${answer.status} ${answer.text.slice(0, 120)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });
});
