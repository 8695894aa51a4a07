import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EmailStatus } from '@drone-exam/shared';
import { api, ApiRequestError, unwrap } from '../lib/api';
import type { Message } from '../components/admin-ui';
import {
  PAGE_SIZE_RECENT_SIGNUPS,
  type SentEmailTemplate,
} from '@drone-exam/shared/schemas/admin-values';

/** What Email Management's parts share: labels, how they report, and the figures' query. */
export const TEMPLATE_LABEL: Record<SentEmailTemplate, string> = {
  verification: 'Email verification',
  'password-reset': 'Password reset',
  welcome: 'Welcome',
  'subscription-confirmation': 'Subscription confirmation',
  'expiry-reminder': 'Expiry reminder',
  'contact-notification': 'Contact notification',
  'question-report-resolved': 'Question report resolved',
  'review-reminder': 'Review reminder',
  'recency-reminder': 'Recency reminder',
  'weekly-progress': 'Weekly progress',
  'class-removed': 'Removed from a class',
  'class-seats-purchased': 'Class seats purchased',
};
export const STATUS_TONE: Record<EmailStatus, 'green' | 'red' | 'sky'> = {
  sent: 'green',
  failed: 'red',
  queued: 'sky',
};

export type Say = (tone: Message['tone'], text: string) => void;

export const reason = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError && error.message ? error.message : fallback;

export function useEmailStats(page: number) {
  return useQuery({
    queryKey: ['admin', 'email', 'stats', page],
    queryFn: () =>
      unwrap(
        api('/admin/email/stats', {
          query: { page, limit: PAGE_SIZE_RECENT_SIGNUPS },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
