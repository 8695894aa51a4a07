export const COMPLIMENTARY_DAYS_MIN = 1;
export const COMPLIMENTARY_DAYS_MAX = 365;
/** PATCH /admin/users/{id} {role: "premium"} grants this many days (the spec's role change). */
export const COMPLIMENTARY_DAYS_FOR_ROLE = 30;
export const PAGE_SIZE_USERS = 20;
export const PAGE_SIZE_RECENT_SIGNUPS = 20;
export const PAGE_SIZE_EMAIL_LOG = 20;
export const ANALYTICS_PERIODS_DAYS = [7, 30, 90] as const;
export const ANALYTICS_DEFAULT_DAYS = 30;
export const BULK_EMAIL_MAX_RECIPIENTS = 500;
export const EMAIL_TEMPLATES = [
  'verification',
  'password-reset',
  'welcome',
  'subscription-confirmation',
  'expiry-reminder',
] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];
/** Every email the product sends: the admin's templates, the contact form's, the cron's reminders, the report's resolution, a class's removal and its seats' receipt. */
export type SentEmailTemplate =
  | EmailTemplate
  | 'contact-notification'
  | 'review-reminder'
  | 'recency-reminder'
  | 'weekly-progress'
  | 'question-report-resolved'
  | 'class-removed'
  | 'class-seats-purchased';
export const BULK_EMAIL_TEMPLATES = ['welcome', 'expiry-reminder'] as const;
