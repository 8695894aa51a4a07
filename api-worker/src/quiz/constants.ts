/** How many outcomes the learner's record of a question keeps (bits of recent_outcomes). */
export const QUESTION_HISTORY_LENGTH = 16;
export const ATTEMPT_ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;
/** How many of a Find-it drill's topics its results name as the slowest to find. */
export const FIND_SLOWEST_TOPICS = 3;
