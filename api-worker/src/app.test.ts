import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, signedInUser } from '../test/helpers.ts';

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
});
