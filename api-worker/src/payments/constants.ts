export const EXPIRY_REMINDER_DAYS_BEFORE = 7;
/** Paid and granted periods are running or over; refunded and revoked ones were taken back. */
export const ACTIVE_PERIOD_STATUSES = ['paid', 'granted'] as const;
