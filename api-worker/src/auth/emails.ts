import { RESET_LINK_TTL_MS, VERIFY_LINK_TTL_MS } from '@drone-exam/shared/constants';
import type { Db } from '../db/client.ts';
import { prepareEmail } from '../email/outbox.ts';
import { appLink, prepareAuthToken } from './queries.ts';

type Recipient = { id: string; email: string; firstName: string };

/**
 * A fresh single-use token and the email carrying its link, as inserts for the caller's batch
 * (so the token never exists without its email, nor the email without its token).
 */
export async function prepareVerificationEmail(
  db: Db,
  appUrl: string,
  user: Recipient,
  now = Date.now(),
) {
  const verification = await prepareAuthToken(db, user.id, 'verify-email', VERIFY_LINK_TTL_MS, now);
  const email = prepareEmail(db, {
    to: user.email,
    userId: user.id,
    template: 'verification',
    data: {
      firstName: user.firstName,
      link: appLink(appUrl, `/verify-email?token=${encodeURIComponent(verification.token)}`),
    },
  });
  return { emailId: email.id, inserts: [verification.insert, email.insert] as const };
}

export async function preparePasswordResetEmail(
  db: Db,
  appUrl: string,
  user: Recipient,
  now = Date.now(),
) {
  const reset = await prepareAuthToken(db, user.id, 'reset-password', RESET_LINK_TTL_MS, now);
  const email = prepareEmail(db, {
    to: user.email,
    userId: user.id,
    template: 'password-reset',
    data: {
      firstName: user.firstName,
      link: appLink(appUrl, `/reset-password/${encodeURIComponent(reset.token)}`),
    },
  });
  return { emailId: email.id, inserts: [reset.insert, email.insert] as const };
}
