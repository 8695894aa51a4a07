/** Request bodies: 1 MiB for every API route; the two imports take whole files, up to 8 MiB. */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;
export const IMPORT_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/** A session refreshes its user's last_active_at at most this often (for "active users in 24 h"). */
export const ACTIVITY_REFRESH_MS = 60 * 60 * 1000;
/** Each API isolate tallies its requests in memory and writes them at most this often. */
export const REQUEST_METRICS_FLUSH_MS = 5000;
