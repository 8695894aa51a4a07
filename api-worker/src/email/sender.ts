import type { Bindings } from '../env.ts';
import { isDevelopment } from '../env.ts';

export type OutgoingEmail = {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** One-click unsubscribe (RFC 8058): mail apps POST "List-Unsubscribe=One-Click" to it. */
  unsubscribeUrl?: string | null;
};
export type SendResult = { provider: 'mailchannels' | 'outbox' };

export interface EmailSender {
  send(email: OutgoingEmail): Promise<SendResult>;
}

export const MAILCHANNELS_URL = 'https://api.mailchannels.net/tx/v1/send';

function parseAddress(value: string): { email: string; name?: string } {
  const match = /^(.*)<([^>]+)>\s*$/.exec(value);
  if (!match) return { email: value.trim() };
  const name = match[1]?.trim();
  return name ? { email: match[2]!.trim(), name } : { email: match[2]!.trim() };
}

/** Production: one HTTP call to MailChannels' transactional API. */
export class MailChannelsSender implements EmailSender {
  constructor(private readonly apiKey: string) {}

  async send(email: OutgoingEmail): Promise<SendResult> {
    const response = await fetch(MAILCHANNELS_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': this.apiKey },
      body: JSON.stringify({
        personalizations: [{ to: [{ email: email.to }] }],
        from: parseAddress(email.from),
        subject: email.subject,
        ...(email.unsubscribeUrl
          ? {
              headers: {
                'List-Unsubscribe': `<${email.unsubscribeUrl}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            }
          : {}),
        content: [
          { type: 'text/plain', value: email.text },
          { type: 'text/html', value: email.html },
        ],
      }),
    });
    if (!response.ok) {
      const detail = (await response.text()).slice(0, 300);
      throw new Error(`MailChannels answered ${response.status}: ${detail}`);
    }
    return { provider: 'mailchannels' };
  }
}

/** Development: the message stays in the emails table as the local outbox (GET /api/dev/emails). */
export class OutboxSender implements EmailSender {
  async send(): Promise<SendResult> {
    return { provider: 'outbox' };
  }
}

export function emailSender(env: Bindings): EmailSender {
  if (env.MAILCHANNELS_API_KEY) return new MailChannelsSender(env.MAILCHANNELS_API_KEY);
  if (isDevelopment(env)) return new OutboxSender();
  throw new Error('MAILCHANNELS_API_KEY is not set');
}
