import {
  QUIZ_MAX_QUESTIONS,
  QUIZ_MIN_QUESTIONS,
  STUDY_MODE_QUESTIONS,
} from '@drone-exam/shared/schemas/quiz-values';

/** The question counts study mode offers on /practice. */
export const STUDY_QUESTION_COUNT_OPTIONS = [
  QUIZ_MIN_QUESTIONS,
  10,
  STUDY_MODE_QUESTIONS,
  QUIZ_MAX_QUESTIONS,
] as const;
