/**
 * Headers for every page the learner worker renders. Scripts must carry the per-response nonce
 * (React Router's inline hydration data) or come from our own origin; Turnstile is the one
 * outside script and frame.
 */
export function securityHeaders(response: Response, nonce: string, env: Env): Response {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/html')) return response;
  const headers = new Headers(response.headers);
  const turnstile = 'https://challenges.cloudflare.com';
  const remote = remoteOrigin(env.ADMIN_REMOTE_URL);
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${turnstile}${remote}`,
    `style-src 'self' 'unsafe-inline'${remote}`,
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${remote}`,
    `frame-src ${turnstile}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    // Chrome applies form-action to the redirect after a POST: checkout and the billing portal
    // are Stripe's pages.
    "form-action 'self' https://checkout.stripe.com https://billing.stripe.com",
    "object-src 'none'",
  ].join('; ');
  headers.set('Content-Security-Policy', csp);
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  if (env.ENVIRONMENT === 'production') {
    headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** A remote served from another origin must be allowed to load its chunks. */
function remoteOrigin(url: string): string {
  return /^https?:\/\//.test(url) ? ` ${new URL(url).origin}` : '';
}
