import { describe, expect, it } from 'vitest';
import { createApiClient, NETWORK_ERROR, pagination } from './api.ts';

const respond = (body: unknown, status = 200) =>
  Promise.resolve(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

describe('the API client', () => {
  it('sends JSON with the configured headers and query, and returns the envelope', async () => {
    let seen: Request | null = null;
    const api = createApiClient({
      baseUrl: 'http://api.test/api',
      headers: () => ({ cookie: 'session=x' }),
      fetch: (input, init) => {
        seen = new Request(input as string, init);
        return respond({ success: true, data: { id: 1 } });
      },
    });
    const result = await api<{ id: number }>('/things', {
      body: { a: 1 },
      query: { page: 2, search: '', tags: undefined },
    });
    expect(result).toEqual({ success: true, data: { id: 1 } });
    expect(seen!.url).toBe('http://api.test/api/things?page=2');
    expect(seen!.method).toBe('POST');
    expect(seen!.headers.get('cookie')).toBe('session=x');
    expect(await seen!.json()).toEqual({ a: 1 });
  });

  it('passes a failure through with its status', async () => {
    const api = createApiClient({
      baseUrl: '',
      fetch: () => respond({ success: false, error: 'Nope', code: 'X' }, 403),
    });
    expect(await api('/x')).toEqual({ success: false, error: 'Nope', code: 'X', status: 403 });
  });

  it('turns a network failure and a non-JSON answer into failures, never throws', async () => {
    const offline = createApiClient({
      baseUrl: '',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    expect(await offline('/x')).toMatchObject({ success: false, error: NETWORK_ERROR });
    const html = createApiClient({ baseUrl: '', fetch: () => respond('<html>', 502) });
    expect(await html('/x')).toMatchObject({ success: false, error: 'HTTP error! status: 502' });
  });
});

describe('pagination', () => {
  it('describes the page within the total', () => {
    expect(pagination(2, 20, 45)).toEqual({
      currentPage: 2,
      totalPages: 3,
      totalItems: 45,
      limit: 20,
      hasNextPage: true,
      hasPrevPage: true,
    });
    expect(pagination(1, 20, 0)).toMatchObject({
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
    });
  });
});
