/** Readiness (issue 16): an answer's weight halves every this many days. */
export const MASTERY_HALF_LIFE_DAYS = 14;
/** The instant answer weights count from (2026-01-01 UTC); weights double every half-life after it. */
export const MASTERY_WEIGHT_EPOCH = Date.UTC(2026, 0, 1);
/** No readiness figure until this many distinct questions, over at least this many areas. */
export const READINESS_MIN_ANSWERED = 30;
export const READINESS_MIN_CATEGORIES = 5;
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
/** The load plan fills no day before the exam past this many due cards. */
export const REVIEW_DAILY_LOAD = 50;
export const REVIEW_FORECAST_DAYS = 7;
/** An exam date is at least tomorrow and at most this many days ahead (the load plan's horizon). */
export const EXAM_DATE_MAX_DAYS_AHEAD = 365;
/** Learners who never said where they are get Canada's most populous time zone for their days. */
export const DEFAULT_TIME_ZONE = 'America/Toronto';
/** The daily cron reminds a certificate holder this many days before their recency date. */
export const RECENCY_REMINDER_DAYS = [60, 14] as const;
/**
 * The streak (issue 31): a freeze earned every STREAK_FREEZE_EVERY met days in a row, at most
 * STREAK_FREEZES_MAX held; the calendar shows the last STREAK_CALENDAR_DAYS days (five weeks).
 */
export const STREAK_FREEZE_EVERY = 7;
export const STREAK_FREEZES_MAX = 2;
export const STREAK_CALENDAR_DAYS = 35;
