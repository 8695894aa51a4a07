import { z } from 'zod';
import { blankToUndefined } from './common.ts';
import { ExamIdSchema, ExamQuerySchema } from './exam.ts';
import type { ExamId } from './exam-values.ts';
import { type ReadOnlyFields } from './updates.ts';
import { QUESTION_CATEGORIES, type QuestionCategory } from './quiz-values.ts';
import { DAILY_GOAL_MAX, DAILY_GOAL_MIN, REVIEW_SESSION_MAX } from './learning-values.ts';

/** One knowledge area in the readiness answer (issue 16). */
export type ReadinessArea = {
  category: QuestionCategory;
  /** Answers in the area, every mode, and how many were right. */
  answered: number;
  correct: number;
  /** Distinct questions of the area answered. */
  questions: number;
  /** The estimated chance of a right answer in the area (0–1); null before any answer. */
  mastery: number | null;
};

/** GET /api/learning/readiness. Probabilities are 0–1, scores percent; null until enough answers. */
export type Readiness = {
  passProbability: number | null;
  range: [number, number] | null;
  expectedScore: number | null;
  /** Distinct questions answered, and over how many areas. */
  answered: number;
  minimumAnswered: number;
  categoriesAnswered: number;
  minimumCategories: number;
  areas: ReadinessArea[];
  /** The areas with the lowest mastery, weakest first. */
  weakest: QuestionCategory[];
  /** The exam it forecasts (the learner's target unless asked) and that exam's pass mark, percent. */
  exam: ExamId;
  passMark: number;
  /** The exam's length the forecast is for. */
  questionCount: number;
};

/** GET /api/learning/pools: how many questions each practice source offers in the categories. */
export type PracticePools = {
  all: number;
  unseen: number;
  incorrect: number;
  flagged: number;
};

/** GET /api/learning/readiness: the exam to forecast; the learner's target when left out. */
export const ReadinessQuerySchema = ExamQuerySchema;

export const PoolsQuerySchema = z.object({
  /** The exam whose questions the pools count; the learner's target when left out. */
  exam: ExamIdSchema.optional(),
  categories: z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .transform((value) => (value ? [...new Set(value.split(','))] : [...QUESTION_CATEGORIES]))
      .pipe(
        z
          .array(z.enum(QUESTION_CATEGORIES, { error: 'Unknown category' }))
          .min(1, 'Choose at least one category'),
      ),
  ),
});

/** A calendar date as the learner picked it (YYYY-MM-DD), checked to exist (no 31 February). */
const CalendarDateSchema = (label: string) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${label} as a date (YYYY-MM-DD)`)
    .refine((value) => {
      const [y, m, d] = value.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    }, `Enter a real ${label}`);

/** An IANA time zone the runtime knows (the browser's own, sent by the forms). */
export const TimeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      return Boolean(new Intl.DateTimeFormat('en-CA', { timeZone: zone }).resolvedOptions());
    } catch {
      return false;
    }
  }, 'Unknown time zone');

/**
 * PUT /api/learning/plan and the exam-date forms (dashboard, /account). The API also checks the
 * date is at least tomorrow and at most EXAM_DATE_MAX_DAYS_AHEAD days away, in the learner's days.
 */
export const ExamPlanSchema = z.strictObject({
  examDate: CalendarDateSchema('exam date'),
  /** The browser's time zone, so "tomorrow" and "due today" follow the learner's days. */
  timeZone: TimeZoneSchema.optional(),
});
export type ExamPlanInput = z.input<typeof ExamPlanSchema>;

/** PUT /api/learning/certificate: when the certificate was issued or the last recency activity. */
export const CertificateDateSchema = z.strictObject({
  certificateDate: CalendarDateSchema('date'),
  timeZone: TimeZoneSchema.optional(),
});

/** PUT /api/learning/reminders: the opt-in daily review email, the recency reminders and the weekly progress email. */
export const ReminderSettingsSchema = z
  .strictObject({
    reviewEmails: z.boolean({ error: 'reviewEmails must be true or false' }).optional(),
    recencyEmails: z.boolean({ error: 'recencyEmails must be true or false' }).optional(),
    weeklyEmails: z.boolean({ error: 'weeklyEmails must be true or false' }).optional(),
    timeZone: TimeZoneSchema.optional(),
  })
  .refine(
    (value) =>
      value.reviewEmails !== undefined ||
      value.recencyEmails !== undefined ||
      value.weeklyEmails !== undefined,
    {
      message: 'Say which reminders to turn on or off',
      path: ['reviewEmails'],
    },
  );

const SESSION_LIMIT_MESSAGE = `limit must be between 1 and ${REVIEW_SESSION_MAX}`;
/** POST /api/learning/review/session. */
export const ReviewSessionSchema = z.strictObject({
  limit: z
    .number({ error: SESSION_LIMIT_MESSAGE })
    .int(SESSION_LIMIT_MESSAGE)
    .min(1, SESSION_LIMIT_MESSAGE)
    .max(REVIEW_SESSION_MAX, SESSION_LIMIT_MESSAGE)
    .default(REVIEW_SESSION_MAX),
});

/** POST /api/learning/unsubscribe: the signed token of an email's unsubscribe link. */
export const UnsubscribeSchema = z.strictObject({
  token: z
    .string({ error: 'The unsubscribe link is incomplete' })
    .trim()
    .min(1, 'The unsubscribe link is incomplete')
    .max(300, 'The unsubscribe link is not valid'),
});

/** POST /api/learning/recency/session: a study attempt from the "Recency review" set. */
export const RecencySessionSchema = z.strictObject({});

/** GET /api/learning/review. */
export type ReviewSummary = {
  /** Cards due today in the learner's day (overdue ones included). */
  dueToday: number;
  /** Cards due on each of the next seven days; the first is today (the same as dueToday). */
  dueNext7Days: number[];
  /** The learner's today (YYYY-MM-DD, in their time zone): the first of those days. */
  today: string;
  examDate: string | null;
  /** Every card the learner has: one per question answered. */
  cards: number;
};

/** GET /api/learning/plan: the learner's exam date, recency date and reminder choices. */
export type LearningPlan = {
  examDate: string | null;
  /** Whole days from the learner's today to the exam date (0 on the day); null without a date. */
  daysToExam: number | null;
  timeZone: string;
  certificateDate: string | null;
  /** The certificate date plus 24 months (CARs 901.56): a recency activity is due by then. */
  recencyDueDate: string | null;
  daysToRecency: number | null;
  reviewEmails: boolean;
  recencyEmails: boolean;
  /** The opt-in weekly progress email (issue 31). */
  weeklyEmails: boolean;
};

/** The plan's figures the server counts from the dates: never sent, only sent back as read. */
const PLAN_COUNTED: ReadOnlyFields<LearningPlan> = {
  daysToExam: 'The days left are counted from your exam date',
  recencyDueDate: 'The recency date is counted from your certificate date',
  daysToRecency: 'The recency date is counted from your certificate date',
};
const EXAM_DATE_ELSEWHERE = 'Set your exam date in your study plan';
const CERTIFICATE_DATE_ELSEWHERE = 'Set your certificate date in your recency settings';
const REMINDERS_ELSEWHERE = 'Turn reminders on or off in your reminder settings';

/**
 * Each of the plan's updates (PUT /learning/plan, /certificate, /reminders) takes the plan as
 * GET /learning/plan returned it and changes its own part of it.
 */
export const EXAM_PLAN_READ_ONLY: ReadOnlyFields<LearningPlan> = {
  ...PLAN_COUNTED,
  certificateDate: CERTIFICATE_DATE_ELSEWHERE,
  reviewEmails: REMINDERS_ELSEWHERE,
  recencyEmails: REMINDERS_ELSEWHERE,
  weeklyEmails: REMINDERS_ELSEWHERE,
};
export const CERTIFICATE_DATE_READ_ONLY: ReadOnlyFields<LearningPlan> = {
  ...PLAN_COUNTED,
  examDate: EXAM_DATE_ELSEWHERE,
  reviewEmails: REMINDERS_ELSEWHERE,
  recencyEmails: REMINDERS_ELSEWHERE,
  weeklyEmails: REMINDERS_ELSEWHERE,
};
export const REMINDER_SETTINGS_READ_ONLY: ReadOnlyFields<LearningPlan> = {
  ...PLAN_COUNTED,
  examDate: EXAM_DATE_ELSEWHERE,
  certificateDate: CERTIFICATE_DATE_ELSEWHERE,
};

export type UnsubscribeResult = { kind: 'review' | 'recency' | 'weekly' };

const DAILY_GOAL_MESSAGE = `Choose a daily goal from ${DAILY_GOAL_MIN} to ${DAILY_GOAL_MAX} questions`;
/** PUT /api/learning/goal and the goal forms (dashboard, /account). */
export const DailyGoalSchema = z.strictObject({
  dailyQuestions: z
    .number({ error: DAILY_GOAL_MESSAGE })
    .int(DAILY_GOAL_MESSAGE)
    .min(DAILY_GOAL_MIN, DAILY_GOAL_MESSAGE)
    .max(DAILY_GOAL_MAX, DAILY_GOAL_MESSAGE),
  /** The browser's time zone, so the learner's days are their own. */
  timeZone: TimeZoneSchema.optional(),
});
export type DailyGoalInput = z.input<typeof DailyGoalSchema>;

/** GET /api/learning/goal. */
export type DailyGoal = { dailyQuestions: number; timeZone: string };

/** One day of the streak calendar: met the goal, covered by a freeze, or neither (missed). */
export type StreakDay = { date: string; met: boolean; frozen: boolean };

/** GET /api/learning/streak: `days` are the last STREAK_CALENDAR_DAYS, oldest first, today last. */
export type Streak = {
  current: number;
  longest: number;
  freezesHeld: number;
  todayMet: boolean;
  todayAnswered: number;
  goal: number;
  days: StreakDay[];
};
