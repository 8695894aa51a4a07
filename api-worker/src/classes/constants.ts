/** Codes drawn before a create or rotation gives up (a clash is about one chance in 10^14). */
export const CLASS_CODE_ATTEMPTS = 3;
