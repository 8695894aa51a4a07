/**
 * Phone reminders (issue 31). The hourly cron reads learners due a look in pages of PUSH_PAGE, at
 * most PUSH_MAX_PAGES a run: 1,000 learners an hour, each page a few statements to read and one
 * write a learner, within a cron invocation's D1 query budget.
 */
export const PUSH_PAGE = 100;
export const PUSH_MAX_PAGES = 10;
/** A learner's browsers kept subscribed; a new one past this replaces their oldest. */
export const PUSH_DEVICES_MAX = 10;
/**
 * How long a push service keeps a reminder for a phone that is offline (RFC 8030 TTL): past the
 * learner's evening it is no longer today's reminder.
 */
export const PUSH_TTL_SECONDS = 12 * 60 * 60;
/** The hour a reminder may go out in, from the start of the learner's chosen hour. */
export const PUSH_WINDOW_MS = 60 * 60 * 1000;
/** The hourly cron's schedule (wrangler.toml [triggers]); the other is the daily one. */
export const HOURLY_CRON = '0 * * * *';
