import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiContract } from './api-contract.ts';
import { createApiClient, NETWORK_ERROR, pagination, type ApiData, type ApiPath } from './api.ts';

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
    const result = await api(
      // @ts-expect-error the types read a call without a method as GET, and /contact is a POST
      '/contact',
      { body: { a: 1 }, query: { page: 2, search: '', tags: undefined } },
    );
    expect(result).toEqual({ success: true, data: { id: 1 } });
    expect(seen!.url).toBe('http://api.test/api/contact?page=2');
    expect(seen!.method).toBe('POST');
    expect(seen!.headers.get('cookie')).toBe('session=x');
    expect(await seen!.json()).toEqual({ a: 1 });
  });

  it('passes a failure through with its status', async () => {
    const api = createApiClient({
      baseUrl: '',
      fetch: () => respond({ success: false, error: 'Nope', code: 'X' }, 403),
    });
    expect(await api('/auth/me')).toEqual({
      success: false,
      error: 'Nope',
      code: 'X',
      status: 403,
    });
  });

  it('turns a network failure and a non-JSON answer into failures, never throws', async () => {
    const offline = createApiClient({
      baseUrl: '',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    expect(await offline('/auth/me')).toMatchObject({ success: false, error: NETWORK_ERROR });
    const html = createApiClient({ baseUrl: '', fetch: () => respond('<html>', 502) });
    expect(await html('/auth/me')).toMatchObject({
      success: false,
      error: 'HTTP error! status: 502',
    });
  });
});

describe("the client's types, from the API contract", () => {
  type Contract<R extends keyof ApiContract, M extends string> = ApiContract[R] extends {
    [K in M]: { data: infer D };
  }
    ? D
    : never;

  it('takes each answer type from the route the path and method pick', () => {
    expectTypeOf<ApiData<'/auth/me'>>().toEqualTypeOf<Contract<'/auth/me', 'GET'>>();
    expectTypeOf<ApiData<`/quiz/attempt/${string}/answer`, 'POST'>>().toEqualTypeOf<
      Contract<'/quiz/attempt/:id/answer', 'POST'>
    >();
    // The most specific route wins: `:id` could match `x/question` too.
    expectTypeOf<ApiData<`/quiz/attempt/${string}/question`>>().toEqualTypeOf<
      Contract<'/quiz/attempt/:id/question', 'GET'>
    >();
    expectTypeOf<ApiData<`/quiz/attempt/${string}`>>().toEqualTypeOf<
      Contract<'/quiz/attempt/:id', 'GET'>
    >();
  });

  it('refuses a path or method the API does not answer', () => {
    expectTypeOf<'/auth/me'>().toExtend<ApiPath<'GET'>>();
    expectTypeOf<'/auth/nowhere'>().not.toExtend<ApiPath<'GET'>>();
    expectTypeOf<'/auth/me'>().not.toExtend<ApiPath<'DELETE'>>();
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
