/**
 * Business constants, one place for each (learner-spec §9, premium-quiz-admin-spec §9, and the
 * decisions of ARCHITECTURE.md where they override the specs).
 */

export const PRODUCT_NAME = 'DroneCert Prep';
export const REGULATOR_DISCLAIMER =
  'DroneCert Prep is an independent study aid. It is not affiliated with, endorsed by or acting for Transport Canada or NAV CANADA. Always confirm rules against the Canadian Aviation Regulations.';
export const REDIRECT_AFTER_RESET_MS = 3000;
export const REDIRECT_AFTER_VERIFY_MS = 3000;
export const SESSION_COOKIE = 'session';

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
export const MODULE_LOAD_FAILED = 'Failed to load study module';
export const MODULE_NOT_SPECIFIED = 'Study module not specified';
export const MODULES_LOAD_FAILED = 'Failed to load study modules';
/** Module cards per page on /study: full rows of the one-, two- and three-column grids. */
export const STUDY_LIST_PAGE_SIZE = 12;
/** The learner's search runs as they type, once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 250;

export const QUERY_STALE_MS = 5 * 60 * 1000;
export const QUERY_RETRY = 1;
export const EDITOR_OPTIONS = 4;
export const IMPORT_ERRORS_IN_SUMMARY = 5;
export const IMPORT_JOB_POLL_MS = 1000;
export const TIMER_WARNING_SECONDS = 300;
export const AUTO_ADVANCE_MS = 1500;
/** premium-quiz-admin-spec §8, word for word. */
export const QUIZ_ERRORS = {
  loadQuizTitle: 'Error Loading Quiz',
  loadQuestion: 'Failed to load question',
  loadAttempt: 'Failed to load quiz attempt',
  loadResultsTitle: 'Error Loading Results',
  loadResults: 'Failed to load quiz results',
} as const;
export const CAMPAIGN_POLL_MS = 2000;
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;
export const TEST_EMAIL_DEFAULTS = {
  templateType: 'welcome',
  planName: 'Premium Plan',
  amount: 29.99,
  daysRemaining: 7,
} as const;
