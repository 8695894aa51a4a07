/**
 * Phone reminders (issue 31): the hour a learner chooses, in their own time zone, and how many
 * reminders left unopened in a row pause them.
 */
export const PUSH_HOUR_MIN = 0;
export const PUSH_HOUR_MAX = 23;
export const PUSH_IGNORED_PAUSE = 3;
/** The query parameter a reminder's link carries: the signed token the app posts back as "opened". */
export const PUSH_OPENED_PARAM = 'reminder';
