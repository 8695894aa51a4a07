/**
 * Where to send a learner after signing in: only a path on this site ("/…", never "//host" or
 * "/\host", which browsers read as another origin); anything else goes to the dashboard.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined): string {
  if (typeof target !== 'string' || !target.startsWith('/')) return '/dashboard';
  if (target.startsWith('//') || target.startsWith('/\\')) return '/dashboard';
  return target;
}
