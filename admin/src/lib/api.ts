import { QueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';
import {
  NETWORK_ERROR,
  buildQuery,
  createApiClient,
  type ApiFailure,
  type ApiResult,
} from '@drone-exam/shared/api';
import { QUERY_RETRY, QUERY_STALE_MS } from './constants';

/**
 * Same origin as the page that hosts the console: the learner forwards /api to the API worker.
 * The console is English, so it asks the API for English messages whatever the browser prefers.
 */
export const api = createApiClient({
  baseUrl: '/api',
  headers: () => ({ 'accept-language': 'en' }),
});

/** premium-quiz-admin-spec §9: stale after 5 minutes, 1 retry, no refetch on window focus. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_MS, retry: QUERY_RETRY, refetchOnWindowFocus: false },
    },
  });
}

/**
 * Reads the queries a write changed again. A read still in flight may have been answered before
 * the write landed, and React Query joins a first read in flight instead of starting another, so
 * its old answer would stand as the refresh (a list searched as a role changed kept the old role).
 * Such reads are cancelled first. Every admin write refreshes through this.
 */
export async function refreshAfterWrite(queryClient: QueryClient, filters: InvalidateQueryFilters) {
  await queryClient.cancelQueries(filters);
  return queryClient.invalidateQueries(filters);
}

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** For TanStack Query: the data of a success, or a thrown error carrying the server's message. */
export async function unwrap<T>(result: Promise<ApiResult<T>>): Promise<T> {
  const outcome = await result;
  if (!outcome.success)
    throw new ApiRequestError(outcome.error, outcome.status, outcome.code, outcome.fields);
  return outcome.data;
}

/**
 * Downloads one of the API's exports (CSV, JSON, GIFT or Aiken): the file on success, or the
 * server's error thrown as an ApiRequestError (the caller shows it), so a failed export never
 * saves an error page as a file. The file keeps the name the caller gives, else the one the
 * server sends.
 */
export async function downloadFile(
  path: string,
  {
    query,
    filename,
    type = 'text/csv',
  }: {
    query?: Record<string, string | number | undefined>;
    filename?: string;
    /** The content type the export must answer with. */
    type?: 'text/csv' | 'application/json' | 'text/plain';
  } = {},
) {
  let response: Response;
  try {
    response = await fetch(`/api${path}${buildQuery(query)}`, { credentials: 'same-origin' });
  } catch {
    throw new ApiRequestError(NETWORK_ERROR);
  }
  if (!response.ok || !response.headers.get('content-type')?.includes(type)) {
    const failure = (await response.json().catch(() => null)) as ApiFailure | null;
    throw new ApiRequestError(
      failure?.error || `HTTP error! status: ${response.status}`,
      response.status,
    );
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
