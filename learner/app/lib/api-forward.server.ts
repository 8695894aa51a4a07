/** What the browser gets when the API worker cannot be reached: the API's one error shape. */
export const API_UNAVAILABLE = 'The service is briefly unavailable. Please try again.';

/**
 * Hands a browser's /api request to the API worker over its Service Binding. A failed call (the
 * API's isolate lost mid-request, "Network connection lost") would otherwise reach the browser as
 * the runtime's stack trace; it answers 503 in the API's error shape, the detail kept in the log.
 */
export async function forwardToApi(api: Pick<Fetcher, 'fetch'>, request: Request) {
  try {
    return await api.fetch(request);
  } catch (error) {
    console.error(`API call failed: ${request.method} ${new URL(request.url).pathname}`, error);
    return Response.json(
      { success: false, error: API_UNAVAILABLE, code: 'API_UNAVAILABLE' },
      { status: 503, headers: { 'retry-after': '2', 'cache-control': 'no-store' } },
    );
  }
}
