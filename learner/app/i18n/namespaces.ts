/**
 * The interface's message namespaces (learner/app/locales/<lang>/<namespace>.json). A page's
 * loader sends the namespaces it shows, in its own language only, so no page carries another
 * page's or another language's messages.
 */
export const NAMESPACES = [
  'common',
  'home',
  'info',
  'pricing',
  'contact',
  'auth',
  'account',
  'dashboard',
  'study',
  'practice',
  'quiz',
  'learning',
  'flight',
  'classes',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
