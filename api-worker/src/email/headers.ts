/**
 * Control characters (CR and LF among them), line and paragraph separators and bidi controls:
 * in a header a CR/LF starts a new header ("Bcc: …"), and the others disguise what it says.
 */
const HEADER_UNSAFE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]+/gu;

/** A value safe to place in an email header (subject, address): each unsafe run becomes one space. */
export function emailHeaderText(value: string): string {
  return value.replace(HEADER_UNSAFE, ' ').replace(/ {2,}/g, ' ').trim();
}
