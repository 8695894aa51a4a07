import { LOCALES } from '../i18n.ts';
import { z } from 'zod';
import type { Pagination } from '../api.ts';
import { IdSchema } from './common.ts';
import { setByServer, type ReadOnlyFields } from './updates.ts';
import {
  ATTEMPT_STATUSES,
  PAGE_SIZE_ATTEMPTS,
  QUIZ_MODES,
  type AttemptStatus,
  type QuestionCategory,
  type QuizMode,
} from './quiz-values.ts';
import { ROLES, type Role } from './auth-values.ts';
import { PAGE_SIZE_ITEM_ANALYSIS } from './quality-values.ts';
import type { ExamId } from './exam-values.ts';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_PERIODS_DAYS,
  BULK_EMAIL_MAX_RECIPIENTS,
  BULK_EMAIL_TEMPLATES,
  COMPLIMENTARY_DAYS_MAX,
  COMPLIMENTARY_DAYS_MIN,
  EMAIL_TEMPLATES,
  type EmailTemplate,
  PAGE_SIZE_EMAIL_LOG,
  PAGE_SIZE_RECENT_SIGNUPS,
  PAGE_SIZE_USERS,
  type SentEmailTemplate,
} from './admin-values.ts';

/**
 * The admin console's payloads (premium-quiz-admin-spec §3 and §7): one zod schema per request,
 * used by the API through validate() and by the console's forms, and the shape of every answer.
 */

const page = z.coerce.number().int().min(1).default(1);
const limit = (size: number) => z.coerce.number().int().min(1).max(100).default(size);
/** Query strings carry "" for "any"; it reads as no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === 'all' ? undefined : value), schema.optional());

// ---- Users ----

export const AdminUsersQuerySchema = z.object({
  page,
  limit: limit(PAGE_SIZE_USERS),
  search: z.string().trim().max(100).optional(),
  role: optional(z.enum(ROLES)),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;

export const AdminUserUpdateSchema = z
  .strictObject({
    /** "premium" is not stored: it grants COMPLIMENTARY_DAYS_FOR_ROLE days of complimentary premium. */
    role: z.enum(ROLES, { error: 'Role must be user, premium or admin' }).optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  })
  .refine((update) => update.role !== undefined || update.isActive !== undefined, {
    message: 'Nothing to change: send role or isActive',
  });
export type AdminUserUpdate = z.input<typeof AdminUserUpdateSchema>;

/**
 * A user's fields PATCH /admin/users/{id} takes back as the list returned them but never changes:
 * an admin sets the role and the account's state; the rest is the learner's or the server's.
 */
export const ADMIN_USER_READ_ONLY: ReadOnlyFields<AdminUser> = {
  _id: 'A user keeps their id',
  firstName: 'A learner’s name is theirs to change',
  lastName: 'A learner’s name is theirs to change',
  email: 'A learner’s email address is theirs to change',
  emailVerified: 'An email address is verified by its owner',
  premiumUntil: 'Grant or revoke premium with the premium actions',
  complimentary: 'Grant or revoke premium with the premium actions',
  createdAt: setByServer('createdAt'),
  lastLoginAt: setByServer('lastLoginAt'),
  lastActiveAt: setByServer('lastActiveAt'),
  stats: 'A user’s figures are counted from their attempts',
};

const COMPLIMENTARY_DAYS_MESSAGE = `Grant ${COMPLIMENTARY_DAYS_MIN} to ${COMPLIMENTARY_DAYS_MAX} days`;

/** POST /admin/users/{id}/premium: complimentary premium, recorded but never a payment. */
export const GrantPremiumSchema = z.strictObject({
  days: z.coerce
    .number({ error: COMPLIMENTARY_DAYS_MESSAGE })
    .int(COMPLIMENTARY_DAYS_MESSAGE)
    .min(COMPLIMENTARY_DAYS_MIN, COMPLIMENTARY_DAYS_MESSAGE)
    .max(COMPLIMENTARY_DAYS_MAX, COMPLIMENTARY_DAYS_MESSAGE),
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters').default(''),
});
export type GrantPremiumInput = z.input<typeof GrantPremiumSchema>;

/** What a grant or a revocation answers: the user as the list shows them, and the new expiry. */
export type PremiumChange = { user: AdminUser; premiumUntil: string | null };

export const DELETE_USER_CONFIRMATION =
  'Are you sure you want to delete this user? This action cannot be undone.';

export type AdminUser = {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  /** As the learner sees it: admin, premium while a paid period runs, else user. */
  role: Role;
  isActive: boolean;
  premiumUntil: string | null;
  /** A complimentary grant is running or still to come, so an admin can revoke it. */
  complimentary: boolean;
  createdAt: string;
  lastLoginAt: string | null;
  lastActiveAt: string | null;
  stats: { totalAttempts: number; completedAttempts: number; averageScore: number | null };
};

export type AdminUsersPage = {
  users: AdminUser[];
  pagination: Pagination & { totalUsers: number };
};

// ---- Overview ----

export type SystemHealth = {
  windowMinutes: number;
  requests: number;
  serverErrors: number;
  /** Percent of requests answered 5xx, null without requests. */
  errorRate: number | null;
  medianLatencyMs: number | null;
  p95LatencyMs: number | null;
};

/**
 * The Overview's figures. With `?exam=` (issue 28) the content and quiz figures (modules,
 * questions, attempts, scores) are that exam's; `exam` says which. The user, module-read, report
 * and health figures stay global: accounts and reads do not belong to an exam.
 */
export type AdminStats = {
  /** The exam the content and quiz figures are for; null for every exam together. */
  exam: ExamId | null;
  totalUsers: number;
  activeAccounts: number;
  /** Accounts active in the last 24 hours. */
  activeUsers: number;
  verifiedUsers: number;
  /** Sign-ups in the last 7 days. */
  recentSignups: number;
  totalQuizAttempts: number;
  completedQuizAttempts: number;
  averageScore: number | null;
  completionRate: number | null;
  totalStudyModules: number;
  publishedStudyModules: number;
  /** Module reads completed, of module reads started. */
  studyCompletionRate: number | null;
  totalQuestions: number;
  activeQuestions: number;
  /** Learners' reports of problems with questions, not yet resolved or rejected. */
  openReports: number;
  systemHealth: SystemHealth;
};

export type AdminActivityItem = {
  id: string;
  type: string;
  title: string;
  description: string;
  userEmail: string | null;
  score: number | null;
  timestamp: string;
};

// ---- Quiz management ----

export const AdminAttemptsQuerySchema = z.object({
  page,
  limit: limit(PAGE_SIZE_ATTEMPTS),
  status: optional(z.enum(ATTEMPT_STATUSES)),
  mode: optional(z.enum(QUIZ_MODES)),
});
export type AdminAttemptsQuery = z.input<typeof AdminAttemptsQuerySchema>;

export type AdminAttempt = {
  _id: string;
  userId: { _id: string; firstName: string; lastName: string; email: string } | null;
  mode: QuizMode;
  status: AttemptStatus;
  /** Percent; only for completed attempts. */
  score: number | null;
  correctAnswers: number | null;
  totalQuestions: number;
  /** Seconds. */
  timeSpent: number;
  createdAt: string;
  completedAt: string | null;
};

export type AdminAttemptsPage = {
  attempts: AdminAttempt[];
  pagination: Pagination & { totalAttempts: number };
};

export type ModePerformance = {
  attempts: number;
  completed: number;
  avgScore: number | null;
  completionRate: number | null;
};

export type QuizAnalytics = {
  overview: {
    totalAttempts: number;
    completedAttempts: number;
    completionRate: number | null;
    averageScore: number | null;
    /** Seconds per completed attempt. */
    averageTimeSpent: number | null;
  };
  topPerformers: Array<{
    userId: string;
    userName: string;
    email: string;
    totalAttempts: number;
    bestScore: number;
    averageScore: number | null;
  }>;
  performanceByMode: Record<QuizMode, ModePerformance>;
  /** Quizzes by the exam practised (issue 28), Find-it drills aside. */
  performanceByExam: Record<ExamId, ModePerformance>;
  /** Daily quiz starts and completions over the last two weeks. */
  recentTrends: Array<{ day: string; started: number; completed: number }>;
};

// ---- Analytics ----

/** Daily series the Analytics tab charts, all read from daily_metrics. */
export const ANALYTICS_SERIES = [
  'visitors',
  'page_view',
  'sign_up',
  'email_verified',
  'purchase',
  'revenue_cents',
  'quiz_start',
  'quiz_complete',
] as const;
export type AnalyticsSeries = (typeof ANALYTICS_SERIES)[number];

export const AnalyticsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (ANALYTICS_PERIODS_DAYS as readonly number[]).includes(days), {
      message: `days must be one of ${ANALYTICS_PERIODS_DAYS.join(', ')}`,
    })
    .default(ANALYTICS_DEFAULT_DAYS),
});

export type AnalyticsOverview = {
  days: number;
  from: string;
  to: string;
  series: Array<{ day: string } & Record<AnalyticsSeries, number>>;
  totals: Record<AnalyticsSeries, number>;
  /** Over the period: daily unique visitors (summed), sign-ups, verifications, premium purchases. */
  funnel: { visitors: number; registered: number; verified: number; premium: number };
};

export type ModuleReadership = {
  modules: Array<{
    id: string;
    slug: string;
    title: string;
    readers: number;
    completions: number;
  }>;
};

export const ItemAnalysisQuerySchema = z.object({ page, limit: limit(PAGE_SIZE_ITEM_ANALYSIS) });

export type ItemAnalysisQuestion = {
  id: string;
  question: string;
  category: QuestionCategory;
  timesAnswered: number;
  timesCorrect: number;
  timesFlagged: number;
  /** Percent answering correctly, null before the first answer. */
  correctShare: number | null;
};

export type ItemAnalysis = {
  minAnswers: number;
  /** Questions with enough answers, hardest (lowest correct share) first. */
  questions: ItemAnalysisQuestion[];
  pagination: Pagination;
  mostMissed: ItemAnalysisQuestion[];
  mostFlagged: ItemAnalysisQuestion[];
};

// ---- Email ----

const EMAIL_ADDRESS_REQUIRED = 'Email address is required';

export const TestEmailSchema = z.strictObject({
  to: z
    .string({ error: EMAIL_ADDRESS_REQUIRED })
    .trim()
    .toLowerCase()
    .min(1, EMAIL_ADDRESS_REQUIRED)
    .max(254, 'Email is too long')
    .refine((value) => /^[^\s@]+@[^\s@]+$/.test(value), 'Please enter a valid email'),
  templateType: z.enum(EMAIL_TEMPLATES, { error: 'Choose an email template' }),
  testData: z
    .strictObject({
      firstName: z.string().trim().max(60, 'First name is too long').optional(),
      planName: z.string().trim().max(100, 'Plan name is too long').optional(),
      amount: z.coerce.number({ error: 'Amount must be a number' }).min(0).max(100_000).optional(),
      daysRemaining: z.coerce
        .number({ error: 'Days remaining must be a number' })
        .int('Days remaining must be a whole number')
        .min(0, 'Days remaining must be 0 or more')
        .max(365, 'Days remaining must be at most 365')
        .optional(),
    })
    .default({}),
  /** Admins preview either language of a template (issue 19). */
  locale: z.enum(LOCALES, { error: 'Language must be en or fr' }).default('en'),
});
export type TestEmailInput = z.input<typeof TestEmailSchema>;

export const SELECT_AT_LEAST_ONE_USER = 'Please select at least one user';

export const BulkEmailSchema = z.strictObject({
  userIds: z
    .array(IdSchema, { error: SELECT_AT_LEAST_ONE_USER })
    .min(1, SELECT_AT_LEAST_ONE_USER)
    .max(
      BULK_EMAIL_MAX_RECIPIENTS,
      `A campaign can reach at most ${BULK_EMAIL_MAX_RECIPIENTS} users`,
    )
    .transform((ids) => [...new Set(ids)]),
  templateType: z.enum(BULK_EMAIL_TEMPLATES, {
    error: 'Bulk emails use the welcome or expiry-reminder template',
  }),
  customData: z
    .strictObject({
      daysRemaining: z.coerce
        .number({ error: 'Days remaining must be a number' })
        .int('Days remaining must be a whole number')
        .min(0, 'Days remaining must be 0 or more')
        .max(365, 'Days remaining must be at most 365')
        .optional(),
    })
    .default({}),
});
export type BulkEmailInput = z.input<typeof BulkEmailSchema>;

export const EMAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EmailStatsQuerySchema = z.object({ page, limit: limit(PAGE_SIZE_RECENT_SIGNUPS) });

export const EmailLogQuerySchema = z.object({
  page,
  limit: limit(PAGE_SIZE_EMAIL_LOG),
  status: optional(z.enum(EMAIL_STATUSES)),
});

export type RecentSignup = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  createdAt: string;
};

export type EmailStats = {
  overview: {
    totalUsers: number;
    verifiedUsers: number;
    unverifiedUsers: number;
    verificationRate: number | null;
  };
  /** Sign-ups of the last 7 days, newest first. */
  recentSignups: RecentSignup[];
  pagination: Pagination;
};

export type EmailLogItem = {
  id: string;
  to: string;
  template: SentEmailTemplate;
  subject: string;
  status: EmailStatus;
  error: string | null;
  attempts: number;
  campaignId: string | null;
  createdAt: string;
  sentAt: string | null;
};

/** The log has no total (counting every email ever sent is not worth a scan): it pages by "more". */
export type EmailLogPage = {
  emails: EmailLogItem[];
  pagination: { currentPage: number; limit: number; hasNextPage: boolean; hasPrevPage: boolean };
};

export type EmailCampaign = {
  id: string;
  template: EmailTemplate;
  total: number;
  sent: number;
  failed: number;
  status: 'queued' | 'sending' | 'completed';
  createdAt: string;
  completedAt: string | null;
};

export const bulkEmailCompleted = (sent: number, failed: number) =>
  `Bulk email completed: ${sent} sent, ${failed} failed`;
export const testEmailSent = (to: string) => `Test email sent successfully to ${to}`;
export const EMAIL_STATS_FAILED = 'Failed to load email statistics';
export const TEST_EMAIL_FAILED = 'Failed to send test email';
export const BULK_EMAIL_FAILED = 'Failed to send bulk email';
