/**
 * Password hashing with PBKDF2-SHA256 through WebCrypto, so the API worker and the Node seed script
 * produce the same strings. 100,000 iterations is the most workerd allows. The string is versioned
 * ("pbkdf2-sha256$<iterations>$<salt>$<hash>") so the scheme can be upgraded on next login.
 */

const SCHEME = 'pbkdf2-sha256';
export const PASSWORD_ITERATIONS = 100_000;
const KEY_BITS = 256;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    KEY_BITS,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, PASSWORD_ITERATIONS);
  return `${SCHEME}$${PASSWORD_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export type PasswordCheck = { valid: boolean; needsRehash: boolean };

export async function verifyPassword(password: string, stored: string): Promise<PasswordCheck> {
  const [scheme, iterationsText, saltText, hashText] = stored.split('$');
  if (scheme !== SCHEME || !iterationsText || !saltText || !hashText) {
    return { valid: false, needsRehash: false };
  }
  const iterations = Number(iterationsText);
  const expected = fromBase64(hashText);
  const actual = await derive(password, fromBase64(saltText), iterations);
  const valid = constantTimeEqual(actual, expected);
  return { valid, needsRehash: valid && iterations !== PASSWORD_ITERATIONS };
}
