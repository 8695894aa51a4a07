const DEFAULT_PAGE = '/dashboard';

/**
 * Control characters, whitespace and backslashes: browsers drop a tab or newline inside a URL
 * and read "\" as "/", so "/\t/evil.example" becomes "//evil.example", another origin, and a
 * CR/LF would split the Location header.
 */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}\s\\]/u;

/**
 * Where to send a learner after signing in: a path on this site, resolved against our own origin
 * and kept only when it stays there; anything else goes to the dashboard.
 */
export function safeRedirect(
  target: FormDataEntryValue | string | null | undefined,
  origin: string,
): string {
  if (typeof target !== 'string' || !target.startsWith('/') || UNSAFE_CHARACTERS.test(target)) {
    return DEFAULT_PAGE;
  }
  let resolved: URL;
  try {
    resolved = new URL(target, origin);
  } catch {
    return DEFAULT_PAGE;
  }
  if (resolved.origin !== new URL(origin).origin) return DEFAULT_PAGE;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
