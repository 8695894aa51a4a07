import { QueryClient } from '@tanstack/react-query';
import { createApiClient, type ApiResult } from '@drone-exam/shared/api';
import { QUERY_RETRY, QUERY_STALE_MS } from '@drone-exam/shared/constants';

/** Same origin as the page that hosts the console: the learner forwards /api to the API worker. */
export const api = createApiClient({ baseUrl: '/api' });

/** premium-quiz-admin-spec §9: stale after 5 minutes, 1 retry, no refetch on window focus. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_MS, retry: QUERY_RETRY, refetchOnWindowFocus: false },
    },
  });
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
