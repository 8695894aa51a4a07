export const QUERY_STALE_MS = 5 * 60 * 1000;
export const QUERY_RETRY = 1;
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;
