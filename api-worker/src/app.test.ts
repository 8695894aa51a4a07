import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, signedInUser } from '../test/helpers.ts';
import { app } from './app.ts';
import { listRoutes } from './lib/routes.ts';

describe('the API shell', () => {
  it('answers health with a D1 round trip', async () => {
    const { status, json, headers } = await call<{ status: string; database: string }>(
      '/api/health',
    );
    expect(status).toBe(200);
    expect(json).toMatchObject({ success: true, data: { status: 'ok', database: 'ok' } });
    expect(headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('echoes a caller-supplied request id', async () => {
    const { headers } = await call('/api/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(headers.get('x-request-id')).toBe('trace-123');
  });

  it('answers unknown API paths with a 404 in the one error shape', async () => {
    const { status, json } = await call('/api/no-such-thing');
    expect(status).toBe(404);
    expect(json).toEqual({
      success: false,
      error: 'No API route for GET /api/no-such-thing',
      code: 'NOT_FOUND',
    });
  });

  it('answers a malformed JSON body with a 400, not a crash', async () => {
    const response = await exports.default.fetch(
      new Request('http://app.test/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":',
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('answers validation failures with the first message and per-field messages', async () => {
    const { status, json } = await call('/api/auth/login', {
      body: { email: 'nope', password: '' },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      success: false,
      error: 'Please enter a valid email',
      code: 'VALIDATION_ERROR',
      fields: { email: 'Please enter a valid email', password: 'Password is required' },
    });
  });

  it('refuses a cookie-authenticated write from a foreign origin', async () => {
    const user = await signedInUser();
    const cookie = `session=${user.token}`;
    const foreign = await call('/api/auth/logout', {
      method: 'POST',
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toMatchObject({ code: 'CSRF_REJECTED' });
    const own = await call('/api/auth/logout', { method: 'POST', cookie });
    expect(own.status).toBe(200);
  });

  // HTTP keeps a vertical tab or no-break space at the end of a header; the token reader trims them away.
  it.each(['Bearer \u000b', 'bearer \f'])(
    'refuses a foreign write carried by the cookie beside a blank %j bearer header',
    async (authorization) => {
      const user = await signedInUser();
      const foreign = await call('/api/study-materials/notes', {
        cookie: `session=${user.token}`,
        headers: { origin: 'https://evil.example', authorization },
        body: { moduleId: 'any', note: 'Planted' },
      });
      expect(foreign.status).toBe(403);
      expect(foreign.json).toMatchObject({ code: 'CSRF_REJECTED' });
    },
  );
});

describe('path parameters', () => {
  it('answers a 1,000-character value of every parameter of every route with 404, never a 5xx', async () => {
    const admin = await signedInUser({ role: 'admin' });
    const long = 'a'.repeat(1000);
    const parameterised = listRoutes(app).filter((route) => route.includes('/:'));
    expect(parameterised.length).toBeGreaterThan(10);
    for (const route of parameterised) {
      const [method, pattern] = route.split(' ') as [string, string];
      const path = pattern.replace(/:[^/]+/g, long);
      const { status, json } = await call(path, {
        method,
        token: admin.token,
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect({ route, status, success: json.success }).toEqual({
        route,
        status: 404,
        success: false,
      });
    }
  });

  it('answers a module slug too long for a cache key with 404 (473 and 474 characters alike)', async () => {
    for (const slug of ['a'.repeat(473), 'a'.repeat(474), 'é'.repeat(150), 'A-'.repeat(60) + 'a']) {
      const { status, json } = await call(`/api/study/slug/${encodeURIComponent(slug)}`);
      expect(status).toBe(404);
      expect(json).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});
