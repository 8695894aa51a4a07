/**
 * Keys of the global counters table: figures the admin pages show, maintained on write so no
 * request ever counts rows. Each key has the SQL that rebuilds it from the tables, which the seed
 * runs after loading data behind the API's back. Add a key here before using it, and bump it with
 * bumpCounter (lib/events.ts) in the same db.batch as the write that changes it.
 */
export const COUNTER_RECOMPUTE_SQL = {
  'users.total': 'SELECT count(*) FROM users',
  'users.verified': 'SELECT count(*) FROM users WHERE email_verified = 1',
  'users.active': 'SELECT count(*) FROM users WHERE is_active = 1',
  'contact.messages': 'SELECT count(*) FROM contact_messages',
  /** Kept by triggers on classes (migration 0028), so an instructor's deletion counts too. */
  'classes.total': 'SELECT count(*) FROM classes',

  'modules.total': 'SELECT count(*) FROM study_modules',
  'modules.published': "SELECT count(*) FROM study_modules WHERE status = 'published'",
  'modules.review': "SELECT count(*) FROM study_modules WHERE status = 'review'",
  'modules.draft': "SELECT count(*) FROM study_modules WHERE status = 'draft'",

  'questions.total': 'SELECT count(*) FROM questions',
  'questions.active': 'SELECT count(*) FROM questions WHERE is_active = 1',
  /** Kept by triggers on question_reports (migration 0013), so cascades count too. */
  'reports.open': "SELECT count(*) FROM question_reports WHERE status = 'open'",

  /** study_progress rows (a learner opened a module) and the completed ones among them. */
  'study.started': 'SELECT count(*) FROM study_progress',
  'study.completed': 'SELECT count(*) FROM study_progress WHERE is_completed = 1',

  'attempts.started': 'SELECT count(*) FROM quiz_attempts',
  'attempts.completed': "SELECT count(*) FROM quiz_attempts WHERE status = 'completed'",
  'attempts.abandoned': "SELECT count(*) FROM quiz_attempts WHERE status = 'abandoned'",
  'attempts.score_sum':
    "SELECT coalesce(sum(score), 0) FROM quiz_attempts WHERE status = 'completed'",
  'attempts.time_sum':
    "SELECT coalesce(sum(time_spent_seconds), 0) FROM quiz_attempts WHERE status = 'completed'",
  'attempts.study.started': "SELECT count(*) FROM quiz_attempts WHERE mode = 'study'",
  'attempts.study.completed':
    "SELECT count(*) FROM quiz_attempts WHERE mode = 'study' AND status = 'completed'",
  'attempts.study.score_sum':
    "SELECT coalesce(sum(score), 0) FROM quiz_attempts WHERE mode = 'study' AND status = 'completed'",
  'attempts.timed.started': "SELECT count(*) FROM quiz_attempts WHERE mode = 'timed'",
  'attempts.timed.completed':
    "SELECT count(*) FROM quiz_attempts WHERE mode = 'timed' AND status = 'completed'",
  'attempts.timed.score_sum':
    "SELECT coalesce(sum(score), 0) FROM quiz_attempts WHERE mode = 'timed' AND status = 'completed'",

  'attempts.review.started': "SELECT count(*) FROM quiz_attempts WHERE mode = 'review'",
  'attempts.review.completed':
    "SELECT count(*) FROM quiz_attempts WHERE mode = 'review' AND status = 'completed'",
  'attempts.review.score_sum':
    "SELECT coalesce(sum(score), 0) FROM quiz_attempts WHERE mode = 'review' AND status = 'completed'",

  /** Find-it drills (issue 29) close unscored: their score sum stays 0, kept for a uniform mode. */
  'attempts.find.started': "SELECT count(*) FROM quiz_attempts WHERE mode = 'find'",
  'attempts.find.completed':
    "SELECT count(*) FROM quiz_attempts WHERE mode = 'find' AND status = 'completed'",
  'attempts.find.score_sum':
    "SELECT coalesce(sum(score), 0) FROM quiz_attempts WHERE mode = 'find' AND status = 'completed'",

  /** Quizzes by exam (issue 28): every mode but the unscored Find-it drills. */
  'attempts.exam.basic.started':
    "SELECT count(*) FROM quiz_attempts WHERE exam = 'basic' AND mode <> 'find'",
  'attempts.exam.basic.completed':
    "SELECT count(*) FROM quiz_attempts WHERE exam = 'basic' AND mode <> 'find' AND status = 'completed'",
  'attempts.exam.basic.score_sum':
    "SELECT coalesce(sum(score), 0) FROM quiz_attempts WHERE exam = 'basic' AND mode <> 'find' AND status = 'completed'",
  'attempts.exam.advanced.started':
    "SELECT count(*) FROM quiz_attempts WHERE exam = 'advanced' AND mode <> 'find'",
  'attempts.exam.advanced.completed':
    "SELECT count(*) FROM quiz_attempts WHERE exam = 'advanced' AND mode <> 'find' AND status = 'completed'",
  'attempts.exam.advanced.score_sum':
    "SELECT coalesce(sum(score), 0) FROM quiz_attempts WHERE exam = 'advanced' AND mode <> 'find' AND status = 'completed'",

  /**
   * Content by exam (issue 28), kept by triggers on questions and study_modules (migration 0029) so
   * every write that re-tags a row counts; a row in both exams counts in both (EXAM_BITS).
   */
  'questions.exam.basic.total': 'SELECT count(*) FROM questions WHERE exams_mask & 1',
  'questions.exam.basic.active':
    'SELECT count(*) FROM questions WHERE exams_mask & 1 AND is_active = 1',
  'questions.exam.advanced.total': 'SELECT count(*) FROM questions WHERE exams_mask & 2',
  'questions.exam.advanced.active':
    'SELECT count(*) FROM questions WHERE exams_mask & 2 AND is_active = 1',
  'modules.exam.basic.total': 'SELECT count(*) FROM study_modules WHERE exams_mask & 1',
  'modules.exam.basic.published':
    "SELECT count(*) FROM study_modules WHERE exams_mask & 1 AND status = 'published'",
  'modules.exam.advanced.total': 'SELECT count(*) FROM study_modules WHERE exams_mask & 2',
  'modules.exam.advanced.published':
    "SELECT count(*) FROM study_modules WHERE exams_mask & 2 AND status = 'published'",

  'payments.count': "SELECT count(*) FROM payments WHERE status = 'paid'",
  /** Premium passes and class seats (issue 30) bought and not refunded. */
  'payments.revenue_cents':
    "SELECT (SELECT coalesce(sum(amount_cents), 0) FROM payments WHERE status = 'paid') + (SELECT coalesce(sum(amount_cents), 0) FROM class_seat_purchases WHERE status = 'paid')",
  'payments.refunded': "SELECT count(*) FROM payments WHERE status = 'refunded'",
} as const;

export type CounterKey = keyof typeof COUNTER_RECOMPUTE_SQL;
