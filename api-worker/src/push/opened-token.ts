/**
 * The token a reminder's link carries (?reminder=…): it names the learner and the day the
 * reminder went out, signed with an HMAC-SHA-256 keyed by the server secret. The app posts it
 * back when the learner opens the reminder (POST /api/push/opened), which is how the server
 * tells an opened reminder from an ignored one without an open-tracking pixel or a cookie.
 */
const encoder = new TextEncoder();

async function mac(secret: string, userId: string, day: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(`push-opened:${secret}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(`${userId}:${day}`));
  return btoa(String.fromCharCode(...new Uint8Array(signature)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** `userId_day_signature`: user ids are base 36 and days YYYY-MM-DD, so the first two underscores split it. */
export async function openedToken(secret: string, userId: string, day: string) {
  return `${userId}_${day}_${await mac(secret, userId, day)}`;
}

/** The learner and day a token names, or null when this server did not sign it. */
export async function readOpenedToken(
  secret: string,
  token: string,
): Promise<{ userId: string; day: string } | null> {
  const first = token.indexOf('_');
  const second = token.indexOf('_', first + 1);
  if (first < 1 || second < first + 2) return null;
  const userId = token.slice(0, first);
  const day = token.slice(first + 1, second);
  const signature = token.slice(second + 1);
  if (!signature || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const expected = await mac(secret, userId, day);
  if (expected.length !== signature.length) return null;
  let difference = 0;
  for (let i = 0; i < expected.length; i++)
    difference |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  return difference === 0 ? { userId, day } : null;
}
