/** Public answers the same for everyone (module list, module by slug, statistics) are cached. */
export const PUBLIC_CACHE_TTL_SECONDS = 24 * 60 * 60;
/** How long an isolate trusts the content version it last read before reading it again. */
export const PUBLIC_CACHE_VERSION_MEMO_MS = 5000;
export const PUBLIC_CACHE_MEMORY_ENTRIES = 200;
