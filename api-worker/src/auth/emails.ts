import type { Db } from '../db/client.ts';
import { prepareEmail } from '../email/outbox.ts';
import { appLink, prepareAuthToken } from './queries.ts';

import type { Locale } from '@drone-exam/shared/i18n';
import { RESET_LINK_TTL_MS, VERIFY_LINK_TTL_MS } from './constants.ts';

type Recipient = { id: string; email: string; firstName: string };

/**
 * A fresh single-use token and the email carrying its link, as inserts for the caller's batch
 * (so the token never exists without its email, nor the email without its token).
 */
async function prepareLinkEmail(
  db: Db,
  user: Recipient,
  link: {
    type: 'verify-email' | 'reset-password';
    ttlMs: number;
    template: 'verification' | 'password-reset';
    url: (token: string) => string;
  },
  locale: Locale,
  now: number,
) {
  const issued = await prepareAuthToken(db, user.id, link.type, link.ttlMs, now);
  const email = prepareEmail(db, {
    to: user.email,
    userId: user.id,
    template: link.template,
    data: { firstName: user.firstName, link: link.url(issued.token) },
    locale,
  });
  return { emailId: email.id, inserts: [issued.insert, email.insert] as const };
}

/** The verification email, in the language of the page the learner registered or asked from. */
export function prepareVerificationEmail(
  db: Db,
  appUrl: string,
  user: Recipient,
  locale: Locale,
  now = Date.now(),
) {
  return prepareLinkEmail(
    db,
    user,
    {
      type: 'verify-email',
      ttlMs: VERIFY_LINK_TTL_MS,
      template: 'verification',
      url: (token) => appLink(appUrl, `/verify-email?token=${encodeURIComponent(token)}`, locale),
    },
    locale,
    now,
  );
}

export function preparePasswordResetEmail(
  db: Db,
  appUrl: string,
  user: Recipient,
  locale: Locale,
  now = Date.now(),
) {
  return prepareLinkEmail(
    db,
    user,
    {
      type: 'reset-password',
      ttlMs: RESET_LINK_TTL_MS,
      template: 'password-reset',
      url: (token) => appLink(appUrl, `/reset-password/${encodeURIComponent(token)}`, locale),
    },
    locale,
    now,
  );
}
