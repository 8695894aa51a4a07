export const CONTACT_SUBJECTS = [
  'general',
  'course-info',
  'technical-support',
  'billing',
  'partnership',
  'feedback',
  'other',
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
