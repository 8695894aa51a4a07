import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDb } from '../../test/helpers.ts';
import { emails } from '../db/schema.ts';
import { prepareEmail } from './outbox.ts';
import { emailHeaderText } from './headers.ts';

describe('email headers', () => {
  it('keeps CR/LF and other controls out of a stored email subject, whatever the template was given', async () => {
    const db = testDb();
    const prepared = prepareEmail(db, {
      to: 'support@example.com\r\nBcc: victim@example.com',
      template: 'contact-notification',
      data: {
        name: 'Eve\r\nBcc: victim@example.com',
        email: 'eve@example.com',
        subject: 'general',
        message: 'Hi',
      },
      locale: 'en',
    });
    await prepared.insert;
    const [row] = await db.select().from(emails).where(eq(emails.id, prepared.id));
    expect(row!.subject).toBe('Contact form: general from Eve Bcc: victim@example.com');
    expect(row!.toAddress).toBe('support@example.com Bcc: victim@example.com');
    expect(row!.subject).not.toMatch(/[\r\n]/);
  });

  it('turns controls, separators and bidi overrides into single spaces and keeps accents and emoji', () => {
    expect(emailHeaderText('Zoë\u0000\u202e 🚁\u2028x\t\ty')).toBe('Zoë 🚁 x y');
  });
});
