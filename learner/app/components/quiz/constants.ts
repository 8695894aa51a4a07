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
