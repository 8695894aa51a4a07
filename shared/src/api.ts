/**
 * The one response envelope and the one API client, used by the learner (server and browser) and
 * the admin console. The API worker produces exactly these shapes.
 */

import type { ApiContract } from './api-contract.ts';

export type ApiSuccess<T> = { success: true; data: T };
export type ApiFailure = {
  success: false;
  error: string;
  code?: string;
  /** Field-level validation messages, keyed by field path. */
  fields?: Record<string, string>;
  status?: number;
};
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export type Pagination = {
  currentPage: number;
  totalPages: number;
  totalItems: number;
  limit: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
};

export function pagination(page: number, limit: number, totalItems: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalItems / limit));
  return {
    currentPage: page,
    totalPages,
    totalItems,
    limit,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
  };
}

export const NETWORK_ERROR = 'Network error occurred. Please try again.';
export const UNEXPECTED_ERROR = 'An unexpected error occurred';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiRequestOptions<M extends ApiMethod = ApiMethod> = {
  /** Left out: POST with a body, else GET; the types read it as GET, so a write names its method. */
  method?: M;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  keepalive?: boolean;
};

export type ApiClientConfig = {
  /** Origin + prefix, e.g. '/api' in the browser or 'http://api/api' over a service binding. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Headers added to every call (the learner's server forwards the visitor's cookie this way). */
  headers?: () => Record<string, string>;
  /** Sees every raw response (the learner's server passes the API's Set-Cookie on to the browser). */
  onResponse?: (response: Response) => void;
};

type Route = keyof ApiContract;

/** A route's path as a call writes it: each `:param` is any text. */
type Concrete<R extends string> = R extends `${infer Head}:${string}/${infer Rest}`
  ? `${Head}${string}/${Concrete<Rest>}`
  : R extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : R;

type RoutesFor<M extends ApiMethod> = {
  [R in Route]: M extends keyof ApiContract[R] ? R : never;
}[Route];

/** Every path the API answers with this method. */
export type ApiPath<M extends ApiMethod> = Concrete<RoutesFor<M>>;

type Matching<P extends string, M extends ApiMethod> = {
  [R in RoutesFor<M>]: P extends Concrete<R> ? R : never;
}[RoutesFor<M>];

/** Of the routes a path matches, the most specific: `/study/slug/x` is not `/study/:id`. */
type MostSpecific<C extends Route> = {
  [R in C]: [Narrower<R, C>] extends [never] ? R : never;
}[C];
type Narrower<R extends Route, C extends Route> = C extends R
  ? never
  : Concrete<C> extends Concrete<R>
    ? C
    : never;

type DataOf<R extends Route, M extends ApiMethod> = R extends Route
  ? ApiContract[R] extends { [K in M]: { data: infer D } }
    ? D
    : never
  : never;

/** What a call's success carries, from the contract the API's handlers generate. */
export type ApiData<P extends string, M extends ApiMethod = 'GET'> = DataOf<
  MostSpecific<Matching<P, M>>,
  M
>;

/** The path and method pick the route, the route its answer's type: no call states one. */
export type ApiClient = <P extends ApiPath<M>, M extends ApiMethod = 'GET'>(
  path: P,
  options?: ApiRequestOptions<M>,
) => Promise<ApiResult<ApiData<P, M>>>;

export function buildQuery(query: ApiRequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Never throws: a network failure or a non-JSON answer becomes an ApiFailure. */
export function createApiClient(config: ApiClientConfig): ApiClient {
  return async function api(path: string, options: ApiRequestOptions = {}) {
    const doFetch = config.fetch ?? fetch;
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...config.headers?.(),
      ...options.headers,
    };
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    let response: Response;
    try {
      const init: RequestInit & { keepalive?: boolean; credentials?: 'same-origin' } = {
        method: options.method ?? (body ? 'POST' : 'GET'),
        headers,
        body,
        signal: options.signal,
      };
      // Browser-only fields (workerd's RequestInit lacks them): cookies on same-origin calls, and
      // keepalive so a progress save outlives the page.
      if ('document' in globalThis) init.credentials = 'same-origin';
      if (options.keepalive) init.keepalive = true;
      response = await doFetch(`${config.baseUrl}${path}${buildQuery(options.query)}`, init);
      config.onResponse?.(response);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      return { success: false, error: NETWORK_ERROR, code: 'NETWORK_ERROR', status: 0 };
    }
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      return {
        success: false,
        error: `HTTP error! status: ${response.status}`,
        status: response.status,
      };
    }
    if (payload && typeof payload === 'object' && 'success' in payload) {
      const result = payload as ApiResult<unknown>;
      if (!result.success) return { ...result, status: response.status };
      return result;
    }
    return {
      success: false,
      error: `HTTP error! status: ${response.status}`,
      status: response.status,
    };
  } as ApiClient;
}
