export const DEFAULT_TOTAL_STUDY_MODULES = 4;
export const RECENT_ACTIVITY_LIMIT = 5;
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
export const IMPORT_MIN_OPTIONS = 2;
export const IMPORT_MAX_OPTIONS = 4;
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
export const EXAM_MODE_QUESTIONS = 35;
/** Official basic exam: 90 minutes (fact sheet); the spec's 60 minutes is offered as a harder option. */
export const EXAM_TIME_LIMIT_MINUTES = 90;
export const EXAM_TIME_LIMIT_OPTIONS_MINUTES = [90, 60] as const;
export const PRACTICE_PASS_MARK = 70;
/** Standard 921.01(1): the official basic exam pass mark. */
export const OFFICIAL_PASS_MARK = 65;
export const OFFICIAL_EXAM_QUESTIONS = 35;
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
/** How many questions a learner may ask for in one attempt; study mode offers these counts. */
export const QUIZ_MIN_QUESTIONS = 5;
export const QUIZ_MAX_QUESTIONS = 50;
/** GET /api/quiz/questions: a random sample of this many by default, at most the maximum. */
export const QUESTION_SAMPLE_DEFAULT = 10;
export const QUESTION_SAMPLE_MAX = QUIZ_MAX_QUESTIONS;
export const ATTEMPT_STATUSES = ['in-progress', 'completed', 'abandoned'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
export const PAGE_SIZE_ATTEMPTS = 20;
