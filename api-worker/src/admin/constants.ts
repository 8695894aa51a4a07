export const ADMIN_RECENT_ACTIVITY_LIMIT = 8;
export const TOP_PERFORMERS = 5;
export const RECENT_SIGNUPS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const ACTIVE_USERS_WINDOW_MS = 24 * 60 * 60 * 1000;
/** System Health reads the API's request metrics of the last hour. */
export const SYSTEM_HEALTH_WINDOW_MINUTES = 60;
export const REQUEST_METRICS_RETENTION_DAYS = 14;
/** Daily visitor hashes are kept only long enough to count today's and yesterday's visitors. */
export const VISITOR_HASH_RETENTION_DAYS = 2;
/**
 * Raw bookkeeping (analytics events, settled emails, the admin activity feed) is kept this long;
 * the figures the console shows come from daily aggregates and counters that outlive it.
 */
export const BOOKKEEPING_RETENTION_DAYS = 90;
/** The daily clean-up deletes at most this many rows a statement, and this many statements a table. */
export const PURGE_BATCH_ROWS = 2000;
export const PURGE_MAX_BATCHES = 25;
/** Weeks covered by the admin_report.csv export. */
export const REPORT_WEEKS = 26;
/** A question enters the item analysis once this many answers make its correct share meaningful. */
export const ITEM_ANALYSIS_MIN_ANSWERS = 5;
export const ITEM_ANALYSIS_TOP = 10;
export const MOST_READ_MODULES = 10;
/** Most rows a CSV export holds (newest first). */
export const EXPORT_MAX_ROWS = 5000;
