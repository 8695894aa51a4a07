/**
 * The signed token of a reminder email's unsubscribe link: it names the learner and the kind of
 * reminder, and carries an HMAC-SHA-256 of both keyed by the server secret, so the link works
 * without signing in and nobody can forge one for another learner. It never expires: an old
 * email's link must still stop the emails.
 */
export type ReminderKind = 'review' | 'recency' | 'weekly';
const KINDS: readonly ReminderKind[] = ['review', 'recency', 'weekly'];

const encoder = new TextEncoder();

async function mac(secret: string, kind: ReminderKind, userId: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(`unsubscribe:${secret}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(`${kind}:${userId}`));
  return btoa(String.fromCharCode(...new Uint8Array(signature)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** `kind_userId_signature`: user ids are base 36, so the first two underscores split it. */
export async function unsubscribeToken(secret: string, kind: ReminderKind, userId: string) {
  return `${kind}_${userId}_${await mac(secret, kind, userId)}`;
}

/** The learner and kind a token names, or null when it was not signed by this server. */
export async function readUnsubscribeToken(
  secret: string,
  token: string,
): Promise<{ kind: ReminderKind; userId: string } | null> {
  const first = token.indexOf('_');
  const second = token.indexOf('_', first + 1);
  if (first < 1 || second < first + 2) return null;
  const kind = token.slice(0, first);
  const userId = token.slice(first + 1, second);
  const signature = token.slice(second + 1);
  if (!signature) return null;
  if (!KINDS.includes(kind as ReminderKind)) return null;
  const expected = await mac(secret, kind as ReminderKind, userId);
  if (expected.length !== signature.length) return null;
  let difference = 0;
  for (let i = 0; i < expected.length; i++)
    difference |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  return difference === 0 ? { kind: kind as ReminderKind, userId } : null;
}
