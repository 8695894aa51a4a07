import type { BULK_EMAIL_TEMPLATES } from '@drone-exam/shared/schemas/admin-values';

/** Every message on the jobs Queue. Add a member here and its handler in jobs/queue.ts. */
export type Job =
  | { type: 'email'; emailId: string }
  /** A large question import, validated and written all-or-nothing (content/import.ts). */
  | { type: 'question-import'; jobId: string }
  /** Stored answers to add to their questions' counters (quality/answer-counts.ts). */
  | { type: 'question-counts'; answers: Array<[attemptSeq: number, position: number]> }
  /** An admin's bulk campaign: expanded into one queued email per recipient (admin/bulk-email.ts). */
  | {
      type: 'bulk-email';
      campaignId: string;
      userIds: string[];
      template: (typeof BULK_EMAIL_TEMPLATES)[number];
      daysRemaining: number | null;
    };
