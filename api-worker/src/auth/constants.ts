export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const VERIFY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_SHORT_S = 24 * 60 * 60;
export const SESSION_TTL_REMEMBER_S = 30 * 24 * 60 * 60;
/** An API isolate trusts a session record it read this long (changes it makes itself at once). */
export const SESSION_MEMO_MS = 5000;
export const SESSION_MEMO_ENTRIES = 10_000;
