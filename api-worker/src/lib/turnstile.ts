import type { Bindings } from '../env.ts';
import { isDevelopment } from '../env.ts';
import { ApiError } from './http.ts';

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
export const BOT_CHECK_FAILED = 'We could not confirm you are human. Please try again.';

/**
 * Cloudflare Turnstile (the payload field keeps the spec's name, recaptchaToken). Skipped only in
 * development when no secret is configured; production without a secret refuses.
 */
export async function verifyBotCheck(env: Bindings, token: string | undefined, ip: string) {
  if (!env.TURNSTILE_SECRET_KEY) {
    if (isDevelopment(env)) return;
    throw new ApiError(503, 'Bot check is not configured', 'BOT_CHECK_UNAVAILABLE');
  }
  if (!token) throw new ApiError(400, BOT_CHECK_FAILED, 'BOT_CHECK_FAILED');
  const form = new FormData();
  form.set('secret', env.TURNSTILE_SECRET_KEY);
  form.set('response', token);
  if (ip !== 'local') form.set('remoteip', ip);
  const response = await fetch(TURNSTILE_VERIFY_URL, { method: 'POST', body: form });
  const outcome = (await response.json().catch(() => ({ success: false }))) as {
    success?: boolean;
  };
  if (!outcome.success) throw new ApiError(400, BOT_CHECK_FAILED, 'BOT_CHECK_FAILED');
}
