export const PAGE_SIZE_ITEM_ANALYSIS = 20;
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
