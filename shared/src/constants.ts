/**
 * Business constants, one place for each (learner-spec §9, premium-quiz-admin-spec §9, and the
 * decisions of ARCHITECTURE.md where they override the specs).
 */

export const PRODUCT_NAME = 'DroneCert Prep';
export const REGULATOR_DISCLAIMER =
  'DroneCert Prep is an independent study aid. It is not affiliated with, endorsed by or acting for Transport Canada or NAV CANADA. Always confirm rules against the Canadian Aviation Regulations.';
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const VERIFY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const REDIRECT_AFTER_RESET_MS = 3000;
export const REDIRECT_AFTER_VERIFY_MS = 3000;
export const SESSION_TTL_SHORT_S = 24 * 60 * 60;
export const SESSION_TTL_REMEMBER_S = 30 * 24 * 60 * 60;
export const SESSION_COOKIE = 'session';
export const ADMIN_RECENT_ACTIVITY_LIMIT = 8;

export const TAGS_ON_LIST_CARD = 2;
export const TAGS_ON_MODULE_PAGE = 3;
export const TAGS_IN_SEARCH_RESULT = 4;
export const PROGRESS_SAVE_DELAY_MS = 2000;
export const TOC_SCROLL_OFFSET_PX = 80;
export const TOC_OBSERVER_ROOT_MARGIN = '-80px 0px -80px 0px';
export const TOC_OBSERVER_THRESHOLD = 0.1;

export const SELECTED_TEXT_PANEL_CHARS = 100;
export const SELECTED_TEXT_SHORT_CHARS = 50;
/** How many bookmarks or notes the Study Tools panel loads at a time. */
export const STUDY_TOOLS_PAGE_SIZE = 50;
/** Set on the answer to a replayed write: the item was created by the first request. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different request';
export const MODULE_LOAD_FAILED = 'Failed to load study module';
export const MODULE_NOT_SPECIFIED = 'Study module not specified';
export const MODULES_LOAD_FAILED = 'Failed to load study modules';
/** Module cards per page on /study: full rows of the one-, two- and three-column grids. */
export const STUDY_LIST_PAGE_SIZE = 12;
/** The learner's search runs as they type, once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 250;

export const QUERY_STALE_MS = 5 * 60 * 1000;
export const QUERY_RETRY = 1;
export const EXPIRY_REMINDER_DAYS_BEFORE = 7;
/**
 * Development only: the Stripe webhook signing secret when none is configured, so the signed
 * webhook runs locally (`npm run stripe:event` signs with it). Production sets its own secret and
 * never falls back to this one.
 */
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_dronecert_development_only';
export const EDITOR_OPTIONS = 4;
export const IMPORT_ERRORS_IN_SUMMARY = 5;
export const IMPORT_JOB_POLL_MS = 1000;

/** Request bodies: 1 MiB for every API route; the two imports take whole files, up to 8 MiB. */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;
export const IMPORT_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/** Paid and granted periods are running or over; refunded and revoked ones were taken back. */
export const ACTIVE_PERIOD_STATUSES = ['paid', 'granted'] as const;
export const TIMER_WARNING_SECONDS = 300;
export const AUTO_ADVANCE_MS = 1500;

/** Readiness (issue 16): an answer's weight halves every this many days. */
export const MASTERY_HALF_LIFE_DAYS = 14;
/** The instant answer weights count from (2026-01-01 UTC); weights double every half-life after it. */
export const MASTERY_WEIGHT_EPOCH = Date.UTC(2026, 0, 1);
/** No readiness figure until this many distinct questions, over at least this many areas. */
export const READINESS_MIN_ANSWERED = 30;
export const READINESS_MIN_CATEGORIES = 5;
/** How many outcomes the learner's record of a question keeps (bits of recent_outcomes). */
export const QUESTION_HISTORY_LENGTH = 16;
/** How many of the weakest areas the `weakest` practice pool draws from. */
export const WEAKEST_AREAS = 2;
/**
 * Spaced review (issue 17, ARCHITECTURE.md "Spaced review"). A right answer is rated Hard when it
 * took more than REVIEW_HARD_TIME_FACTOR times the learner's median answer time, Easy when it took
 * at most REVIEW_EASY_TIME_FACTOR times it and the card was already in review. The median is read
 * from the answers of the learner's last REVIEW_MEDIAN_ATTEMPTS attempts and used once it rests on
 * at least REVIEW_MEDIAN_MIN_ANSWERS of them.
 */
export const REVIEW_HARD_TIME_FACTOR = 2;
export const REVIEW_EASY_TIME_FACTOR = 0.5;
export const REVIEW_MEDIAN_ATTEMPTS = 2;
export const REVIEW_MEDIAN_MIN_ANSWERS = 5;
export const REVIEW_DAILY_LOAD = 50;
export const REVIEW_FORECAST_DAYS = 7;
/** An exam date is at least tomorrow and at most this many days ahead (the load plan's horizon). */
export const EXAM_DATE_MAX_DAYS_AHEAD = 365;
/** Learners who never said where they are get Canada's most populous time zone for their days. */
export const DEFAULT_TIME_ZONE = 'America/Toronto';
/** The daily cron reminds a certificate holder this many days before their recency date. */
export const RECENCY_REMINDER_DAYS = [60, 14] as const;
export const ATTEMPT_ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;
/** premium-quiz-admin-spec §8, word for word. */
export const QUIZ_ERRORS = {
  loadQuizTitle: 'Error Loading Quiz',
  loadQuestion: 'Failed to load question',
  loadAttempt: 'Failed to load quiz attempt',
  loadResultsTitle: 'Error Loading Results',
  loadResults: 'Failed to load quiz results',
} as const;
export const TOP_PERFORMERS = 5;
export const RECENT_SIGNUPS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const ACTIVE_USERS_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A session refreshes its user's last_active_at at most this often (for "active users in 24 h"). */
export const ACTIVITY_REFRESH_MS = 60 * 60 * 1000;
/** An API isolate trusts a session record it read this long (changes it makes itself at once). */
export const SESSION_MEMO_MS = 5000;
export const SESSION_MEMO_ENTRIES = 10_000;
/** Public answers the same for everyone (module list, module by slug, statistics) are cached. */
export const PUBLIC_CACHE_TTL_SECONDS = 24 * 60 * 60;
/** How long an isolate trusts the content version it last read before reading it again. */
export const PUBLIC_CACHE_VERSION_MEMO_MS = 5000;
export const PUBLIC_CACHE_MEMORY_ENTRIES = 200;
/** Each API isolate tallies its requests in memory and writes them at most this often. */
export const REQUEST_METRICS_FLUSH_MS = 5000;
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
export const CAMPAIGN_POLL_MS = 2000;
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;
export const TEST_EMAIL_DEFAULTS = {
  templateType: 'welcome',
  planName: 'Premium Plan',
  amount: 29.99,
  daysRemaining: 7,
} as const;

/** Wrong passwords an account takes within LOGIN_FAILURE_WINDOW_MS before it refuses sign-in for the rest of the window. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_LOCKED =
  'Too many wrong passwords for this account. Please wait 15 minutes, or reset your password.';
