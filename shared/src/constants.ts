/**
 * Business constants, one place for each (learner-spec §9, premium-quiz-admin-spec §9, and the
 * decisions of ARCHITECTURE.md where they override the specs).
 */

export const PRODUCT_NAME = 'DroneCert Prep';
export const REGULATOR_DISCLAIMER =
  'DroneCert Prep is an independent study aid. It is not affiliated with, endorsed by or acting for Transport Canada or NAV CANADA. Always confirm rules against the Canadian Aviation Regulations.';

export const ROLES = ['user', 'premium', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Register and everywhere else: NIST SP 800-63B minimum (ARCHITECTURE.md overrides the spec's 6 on reset). */
export const PASSWORD_MIN_LENGTH = 8;
export const RESET_TOKEN_MIN_LENGTH = 10;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const VERIFY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const REDIRECT_AFTER_RESET_MS = 3000;
export const REDIRECT_AFTER_VERIFY_MS = 3000;
export const SESSION_TTL_SHORT_S = 24 * 60 * 60;
export const SESSION_TTL_REMEMBER_S = 30 * 24 * 60 * 60;
export const SESSION_COOKIE = 'session';

export const DEFAULT_TOTAL_STUDY_MODULES = 4;
export const RECENT_ACTIVITY_LIMIT = 5;
export const ADMIN_RECENT_ACTIVITY_LIMIT = 8;

export const SCORE_GREEN_MIN = 80;
export const SCORE_YELLOW_MIN = 70;

export const READING_WORDS_PER_MINUTE = 120;
export const READING_MIN_MINUTES = 2;

export const TAGS_ON_LIST_CARD = 2;
export const TAGS_ON_MODULE_PAGE = 3;
export const TAGS_IN_SEARCH_RESULT = 4;

export const READING_GAP_LIMIT_MS = 5 * 60 * 1000;
export const PROGRESS_SAVE_DELAY_MS = 2000;
export const TOC_MIN_LEVEL = 1;
export const TOC_MAX_LEVEL = 4;
export const TOC_SCROLL_OFFSET_PX = 80;
export const TOC_OBSERVER_ROOT_MARGIN = '-80px 0px -80px 0px';
export const TOC_OBSERVER_THRESHOLD = 0.1;

export const SELECTED_TEXT_PANEL_CHARS = 100;
export const SELECTED_TEXT_SHORT_CHARS = 50;

/** Note highlight colours (learner-spec §3: default yellow). */
export const NOTE_COLOURS = ['yellow', 'green', 'blue', 'pink', 'purple'] as const;
export type NoteColour = (typeof NOTE_COLOURS)[number];
export const NOTE_DEFAULT_COLOUR: NoteColour = 'yellow';
/** How many bookmarks or notes the Study Tools panel loads at a time. */
export const STUDY_TOOLS_PAGE_SIZE = 50;
/**
 * Study texts (learner-spec §5, §8), kept here rather than beside their schemas so a page can
 * show them without loading the validation library.
 */
export const BOOKMARK_TITLE_REQUIRED = 'Bookmark title is required';
export const NOTE_TEXT_REQUIRED = 'Note text is required';

/**
 * A write the learner made offline is replayed with the key it was queued with; the API records a
 * new bookmark or note once per key (RFC draft "The Idempotency-Key HTTP Header Field").
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on the answer to a replayed write: the item was created by the first request. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_INVALID =
  'Idempotency-Key must be 16 to 100 letters, digits, hyphens or underscores';
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different request';
export const MODULE_NOT_FOUND = 'Study module not found';
export const MODULE_LOAD_FAILED = 'Failed to load study module';
export const MODULE_NOT_SPECIFIED = 'Study module not specified';
export const MODULES_LOAD_FAILED = 'Failed to load study modules';
/** Module cards per page on /study: full rows of the one-, two- and three-column grids. */
export const STUDY_LIST_PAGE_SIZE = 12;

export const SEARCH_MIN_CHARS = 2;
export const SEARCH_TOO_SHORT = `Enter at least ${SEARCH_MIN_CHARS} characters to search study materials`;
export const SEARCH_LIMIT = 20;
/** The learner's search runs as they type, once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 250;
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_TOPICS = [
  'regulations',
  'airspace',
  'weather',
  'rpas-theory',
  'operations',
  'human-factors',
  'first-flights',
] as const;

export const TOAST_DEFAULT_MS = 4000;
export const TOAST_SUCCESS_MS = 3000;
export const TOAST_ERROR_MS = 5000;
export const TOAST_LIMIT = 20;

export const QUERY_STALE_MS = 5 * 60 * 1000;
export const QUERY_RETRY = 1;

export const CURRENCY = 'CAD';

/** The one premium offer (premium-quiz-admin-spec §9). Amount in cents. */
export const PREMIUM_OFFER = {
  priceId: 'practice_30d',
  name: '30-day Practice Pass',
  amountCents: 500,
  currency: CURRENCY,
  durationDays: 30,
  recurring: false,
} as const;
export const EXPIRY_REMINDER_DAYS_BEFORE = 7;
/**
 * Development only: the Stripe webhook signing secret when none is configured, so the signed
 * webhook runs locally (`npm run stripe:event` signs with it). Production sets its own secret and
 * never falls back to this one.
 */
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_dronecert_development_only';

export const QUESTION_CATEGORIES = [
  'air-law-regulations',
  'airspace',
  'weather-notams',
  'rpas-theory',
  'operations',
  'human-factors',
  'first-flights',
] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];
/** How learners read the categories (the quiz setup, results and dashboard). */
export const QUESTION_CATEGORY_LABELS: Record<QuestionCategory, string> = {
  'air-law-regulations': 'Air law and regulations',
  airspace: 'Airspace',
  'weather-notams': 'Weather and NOTAMs',
  'rpas-theory': 'RPAS theory',
  operations: 'Operations',
  'human-factors': 'Human factors',
  'first-flights': 'First flights',
};
/** The minimum number of questions per category the bank must hold (premium-quiz-admin-spec §3). */
export const CATEGORY_MINIMUM_COUNTS: Record<QuestionCategory, number> = {
  'air-law-regulations': 120,
  airspace: 85,
  'weather-notams': 65,
  'rpas-theory': 55,
  operations: 45,
  'human-factors': 35,
  'first-flights': 40,
};
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const DEFAULT_IMPORT_CATEGORY: QuestionCategory = 'operations';
export const DEFAULT_DIFFICULTY: Difficulty = 'medium';
export const IMPORT_MIN_OPTIONS = 2;
export const IMPORT_MAX_OPTIONS = 4;
export const EDITOR_OPTIONS = 4;
/** A question's figure (issue 21): a drawing of ours, or a report's text in monospace. */
export const FIGURE_KINDS = ['svg', 'text'] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];
/** What a text figure holds; METAR and TAF figures are parsed by the content tests. */
export const TEXT_FIGURE_FORMATS = ['metar', 'taf', 'notam', 'plain'] as const;
export type TextFigureFormat = (typeof TEXT_FIGURE_FORMATS)[number];
export const FIGURE_SVG_MAX_CHARS = 20_000;
export const FIGURE_TEXT_MAX_CHARS = 2_000;
export const FIGURE_ALT_MIN_CHARS = 10;
export const FIGURE_ALT_MAX_CHARS = 1_000;
export const IMPORT_ERRORS_IN_ALERT = 10;
export const IMPORT_ERRORS_IN_SUMMARY = 5;
/** Imports up to this many questions are written in the request; larger ones run on the Queue. */
export const IMPORT_SYNC_MAX_QUESTIONS = 500;
/** One import file at most (the Queue job keeps the whole file in one D1 row, under its 2 MB cap). */
export const IMPORT_MAX_QUESTIONS = 2000;
export const IMPORT_JOB_POLL_MS = 1000;
export const MODULE_IMPORT_MAX = 100;

/** Request bodies: 1 MiB for every API route; the two imports take whole files, up to 8 MiB. */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;
export const IMPORT_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** Who a premium period came from: Stripe, the local test checkout, or an admin's grant. */
export type PaymentProvider = 'stripe' | 'dev' | 'complimentary';
/** Paid and granted periods are running or over; refunded and revoked ones were taken back. */
export const ACTIVE_PERIOD_STATUSES = ['paid', 'granted'] as const;
export type PaymentStatus = 'paid' | 'refunded' | 'granted' | 'revoked';
export const COMPLIMENTARY_DAYS_MIN = 1;
export const COMPLIMENTARY_DAYS_MAX = 365;
/** PATCH /admin/users/{id} {role: "premium"} grants this many days (the spec's role change). */
export const COMPLIMENTARY_DAYS_FOR_ROLE = 30;

/** Every kind of attempt; a review session (issue 17) is started from the review, never from /practice. */
export const QUIZ_MODES = ['study', 'timed', 'review', 'find'] as const;
export type QuizMode = (typeof QUIZ_MODES)[number];
/** The modes a learner chooses on /practice (POST /api/quiz/attempt). */
export const PRACTICE_MODES = ['study', 'timed', 'find'] as const;
export type PracticeMode = (typeof PRACTICE_MODES)[number];
export const QUIZ_MODE_LABELS: Record<QuizMode, string> = {
  study: 'Study Mode',
  timed: 'Exam Mode',
  review: 'Spaced Review',
  find: 'Find it',
};
export const STUDY_MODE_QUESTIONS = 25;
/**
 * The open-book drill (issue 29): each item is found in the references, slower than answering,
 * so a drill is shorter; its count is chosen like a study attempt's.
 */
export const FIND_MODE_QUESTIONS = 10;
/** How many of a Find-it drill's topics its results name as the slowest to find. */
export const FIND_SLOWEST_TOPICS = 3;
export const EXAM_MODE_QUESTIONS = 35;
/** Official basic exam: 90 minutes (fact sheet); the spec's 60 minutes is offered as a harder option. */
export const EXAM_TIME_LIMIT_MINUTES = 90;
export const EXAM_TIME_LIMIT_OPTIONS_MINUTES = [90, 60] as const;
export const TIMER_WARNING_SECONDS = 300;
export const AUTO_ADVANCE_MS = 1500;
export const PRACTICE_PASS_MARK = 70;
/** Standard 921.01(1): the official basic exam pass mark. */
export const OFFICIAL_PASS_MARK = 65;
export const OFFICIAL_EXAM_QUESTIONS = 35;

/** Readiness (issue 16): an answer's weight halves every this many days. */
export const MASTERY_HALF_LIFE_DAYS = 14;
/** The instant answer weights count from (2026-01-01 UTC); weights double every half-life after it. */
export const MASTERY_WEIGHT_EPOCH = Date.UTC(2026, 0, 1);
/** No readiness figure until this many distinct questions, over at least this many areas. */
export const READINESS_MIN_ANSWERED = 30;
export const READINESS_MIN_CATEGORIES = 5;
/** Where a practice quiz draws its questions from (issue 16). */
export const PRACTICE_SOURCES = [
  'all',
  'unseen',
  'incorrect',
  'flagged',
  'weakest',
  'attempt',
] as const;
export type PracticeSource = (typeof PRACTICE_SOURCES)[number];
export const RETAKE_CHOICES = ['incorrect', 'flagged', 'all'] as const;
export type RetakeChoice = (typeof RETAKE_CHOICES)[number];
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
/** A review session holds at most this many due cards, and no day before an exam is filled past it. */
export const REVIEW_SESSION_MAX = 50;
export const REVIEW_DAILY_LOAD = 50;
export const REVIEW_FORECAST_DAYS = 7;
/** An exam date is at least tomorrow and at most this many days ahead (the load plan's horizon). */
export const EXAM_DATE_MAX_DAYS_AHEAD = 365;
/** Learners who never said where they are get Canada's most populous time zone for their days. */
export const DEFAULT_TIME_ZONE = 'America/Toronto';
/** CARs 901.56(1): a recency activity within the 24 months before a flight. */
export const RECENCY_MONTHS = 24;
/** The daily cron reminds a certificate holder this many days before their recency date. */
export const RECENCY_REMINDER_DAYS = [60, 14] as const;
/** The tag that puts a question in the "Recency review" practice set. */
export const RECENCY_PROGRAM_TAG = 'recency-program';
export const RECENCY_SET_QUESTIONS = 25;
/**
 * The topics of Transport Canada's 2026–2027 RPAS recency self-paced study program, by the
 * program's question numbers as the fact sheet lists them (its SP26 rows): the "Recency review"
 * practice set draws the questions of the bank tagged with these topics. Each topic's words are
 * in the learner's catalogs (learning.json `recency.topics`), in both languages.
 */
export const RECENCY_PROGRAM_TOPICS = [
  'Q19',
  'Q10',
  'Q9',
  'Q11',
  'Q13',
  'Q14',
  'Q18, Q20, Q21',
  'Q23',
  'Q25',
  'Q28',
] as const;
export const ATTEMPT_ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;
/** How many questions a learner may ask for in one attempt; study mode offers these counts. */
export const QUIZ_MIN_QUESTIONS = 5;
export const QUIZ_MAX_QUESTIONS = 50;
export const STUDY_QUESTION_COUNT_OPTIONS = [
  QUIZ_MIN_QUESTIONS,
  10,
  STUDY_MODE_QUESTIONS,
  QUIZ_MAX_QUESTIONS,
] as const;
/** GET /api/quiz/questions: a random sample of this many by default, at most the maximum. */
export const QUESTION_SAMPLE_DEFAULT = 10;
export const QUESTION_SAMPLE_MAX = QUIZ_MAX_QUESTIONS;
/** premium-quiz-admin-spec §8, word for word. */
export const QUIZ_ERRORS = {
  loadQuizTitle: 'Error Loading Quiz',
  loadQuestion: 'Failed to load question',
  loadAttempt: 'Failed to load quiz attempt',
  loadResultsTitle: 'Error Loading Results',
  loadResults: 'Failed to load quiz results',
} as const;
export const ATTEMPT_STATUSES = ['in-progress', 'completed', 'abandoned'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** The largest page any list endpoint answers. */
export const MAX_PAGE_SIZE = 100;
export const PAGE_SIZE_USERS = 20;
export const PAGE_SIZE_MODULES = 10;
export const PAGE_SIZE_QUESTIONS = 20;
export const PAGE_SIZE_ATTEMPTS = 20;
export const TOP_PERFORMERS = 5;
export const RECENT_SIGNUPS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const ACTIVE_USERS_WINDOW_MS = 24 * 60 * 60 * 1000;
export const PAGE_SIZE_RECENT_SIGNUPS = 20;
export const PAGE_SIZE_EMAIL_LOG = 20;
export const PAGE_SIZE_ITEM_ANALYSIS = 20;

/** The roles an admin assigns; premium is not one of them, it comes from a purchase (shared/access.ts). */
export const ASSIGNABLE_ROLES = ['user', 'admin'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** A session refreshes its user's last_active_at at most this often (for "active users in 24 h"). */
export const ACTIVITY_REFRESH_MS = 60 * 60 * 1000;
/** Upper bounds (ms) of the API latency histogram kept per minute in request_metrics; one more bucket holds the rest. */
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
export const LATENCY_BUCKETS_MS = [10, 25, 50, 100, 250, 500, 1000, 2500, 5000] as const;
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

export const ANALYTICS_PERIODS_DAYS = [7, 30, 90] as const;
export const ANALYTICS_DEFAULT_DAYS = 30;
/** Weeks covered by the admin_report.csv export. */
export const REPORT_WEEKS = 26;
/** A question enters the item analysis once this many answers make its correct share meaningful. */
export const ITEM_ANALYSIS_MIN_ANSWERS = 5;
export const ITEM_ANALYSIS_TOP = 10;

/**
 * The question quality loop (issue 18). Learners report a problem with a question they were
 * shown; the reasons, in the order the dialog offers them, with the words it uses.
 */
export const QUESTION_REPORT_REASONS = [
  'wrong-answer',
  'option-explanation',
  'unclear',
  'outdated-rule',
  'typo',
  'other',
] as const;
export type QuestionReportReason = (typeof QUESTION_REPORT_REASONS)[number];
export const QUESTION_REPORT_REASON_LABELS: Record<QuestionReportReason, string> = {
  'wrong-answer': 'The keyed answer is wrong',
  'option-explanation': "An option's explanation is wrong",
  unclear: 'The question or answers are unclear',
  'outdated-rule': 'It follows a rule that has changed',
  typo: 'There is a typo',
  other: 'Something else',
};
export const QUESTION_REPORT_COMMENT_MAX = 1000;
export const QUESTION_REPORT_STATUSES = ['open', 'resolved', 'rejected'] as const;
export type QuestionReportStatus = (typeof QUESTION_REPORT_STATUSES)[number];
/** An admin's note when closing reports. */
export const QUESTION_REPORT_NOTE_MAX = 1000;
/**
 * Open wrong-answer reports from this many learners take a question out of new quizzes until an
 * admin resolves or rejects them.
 */
export const QUESTION_WITHDRAWAL_REPORTS = 3;
export const PAGE_SIZE_QUESTION_REPORTS = 50;

/**
 * Item analysis (Moodle's quiz statistics): a question is flagged only once it has this many
 * answers in completed attempts since its options or key last changed.
 */
export const ITEM_FLAG_MIN_ATTEMPTS = 30;
/** Facility (share answering right) at or above this is too easy, at or below the next too hard. */
export const ITEM_TOO_EASY_FACILITY = 0.95;
export const ITEM_TOO_HARD_FACILITY = 0.25;
/** Discrimination (point-biserial r with the rest of the attempt) below this says little. */
export const ITEM_LOW_DISCRIMINATION = 0.1;
export const ITEM_FLAGS = [
  'too-easy',
  'too-hard',
  'low-discrimination',
  'unused-distractor',
] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];
export const ITEM_FLAG_LABELS: Record<ItemFlag, string> = {
  'too-easy': 'Too easy',
  'too-hard': 'Too hard',
  'low-discrimination': 'Low discrimination',
  'unused-distractor': 'Unused distractor',
};
export const ITEM_ANALYSIS_SORTS = [
  'discrimination',
  '-discrimination',
  'facility',
  '-facility',
  'attempts',
  '-attempts',
] as const;
export type ItemAnalysisSort = (typeof ITEM_ANALYSIS_SORTS)[number];
/**
 * Answer times are kept per whole second up to this many seconds; longer answers share the last
 * bucket, so a median there reads "this long or more". Migration 0013 writes the same figure.
 */
export const ANSWER_TIME_BUCKET_MAX_SECONDS = 300;
export const MOST_READ_MODULES = 10;

/** Most rows a CSV export holds (newest first). */
export const EXPORT_MAX_ROWS = 5000;
export const BULK_EMAIL_MAX_RECIPIENTS = 500;
export const CAMPAIGN_POLL_MS = 2000;
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;

export const MODULE_STATUSES = ['draft', 'review', 'published'] as const;
export type ModuleStatus = (typeof MODULE_STATUSES)[number];
export const MODULE_DEFAULT_READ_TIME = 5;

export const CONTACT_SUBJECTS = [
  'general',
  'course-info',
  'technical-support',
  'billing',
  'partnership',
  'feedback',
  'other',
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const EMAIL_TEMPLATES = [
  'verification',
  'password-reset',
  'welcome',
  'subscription-confirmation',
  'expiry-reminder',
] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];
/** Every email the product sends: the admin's templates, the contact form's, the cron's reminders and the report's resolution. */
export type SentEmailTemplate =
  | EmailTemplate
  | 'contact-notification'
  | 'review-reminder'
  | 'recency-reminder'
  | 'question-report-resolved';
export const BULK_EMAIL_TEMPLATES = ['welcome', 'expiry-reminder'] as const;
export const TEST_EMAIL_DEFAULTS = {
  templateType: 'welcome',
  planName: 'Premium Plan',
  amount: 29.99,
  daysRemaining: 7,
} as const;

/** Tag colours (learner-spec §3); any other tag is grey. Tailwind classes. */
export const TAG_COLOURS: Record<string, string> = {
  regulations: 'bg-red-100 text-red-800',
  basics: 'bg-sky-100 text-sky-800',
  'transport-canada': 'bg-rose-100 text-rose-800',
  certification: 'bg-violet-100 text-violet-800',
  basic: 'bg-emerald-100 text-emerald-800',
  advanced: 'bg-orange-100 text-orange-800',
  commercial: 'bg-amber-100 text-amber-800',
  requirements: 'bg-indigo-100 text-indigo-800',
  airspace: 'bg-blue-100 text-blue-800',
  navigation: 'bg-teal-100 text-teal-800',
};
export const TAG_COLOUR_DEFAULT = 'bg-slate-100 text-slate-700';

/** Wrong passwords an account takes within LOGIN_FAILURE_WINDOW_MS before it refuses sign-in for the rest of the window. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_LOCKED =
  'Too many wrong passwords for this account. Please wait 15 minutes, or reset your password.';
