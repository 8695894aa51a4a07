export const CAMPAIGN_POLL_MS = 2000;
export const TEST_EMAIL_DEFAULTS = {
  templateType: 'welcome',
  planName: 'Premium Plan',
  amount: 29.99,
  daysRemaining: 7,
} as const;
