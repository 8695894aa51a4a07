import { z } from 'zod';
import { EmailSchema, visibleText } from './common.ts';
import { CONTACT_SUBJECTS } from './contact-values.ts';

export const ContactSchema = z.strictObject({
  name: visibleText(
    z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120),
  ),
  email: EmailSchema,
  subject: z.enum(CONTACT_SUBJECTS, { error: 'Subject is required' }),
  message: visibleText(
    z
      .string({ error: 'Message is required' })
      .trim()
      .min(1, 'Message is required')
      .max(5000, 'Message must be at most 5000 characters'),
    'paragraph',
  ),
  recaptchaToken: z.string().optional(),
});
export type ContactInput = z.input<typeof ContactSchema>;

export const CONTACT_SUCCESS = "Thank you for your message! We'll get back to you soon.";
export const CONTACT_FAILURE = 'Failed to send message';
