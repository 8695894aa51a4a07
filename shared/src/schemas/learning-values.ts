/** A review session holds at most this many due cards, and no day before an exam is filled past it. */
export const REVIEW_SESSION_MAX = 50;
/** CARs 901.56(1): a recency activity within the 24 months before a flight. */
export const RECENCY_MONTHS = 24;
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
/** The daily goal (issue 31): questions a day, from DAILY_GOAL_MIN to DAILY_GOAL_MAX. */
export const DAILY_GOAL_MIN = 5;
export const DAILY_GOAL_MAX = 100;
export const DAILY_GOAL_DEFAULT = 10;
