import { createContext } from 'react-router';
import { readCookie } from './cookies';

/**
 * A learning form sent before its page hydrated arrives as a plain post, and the action sends the
 * browser back to the page it came from (routes/learning.tsx). A refusal goes back with it in a
 * short-lived cookie, so the page shows the message beside the field as the hydrated form would;
 * the next response clears the cookie.
 */
const REFUSAL_COOKIE = 'learning-refusal';
const REFUSAL_MAX_AGE_S = 60;

export type ArrivedRefusal = {
  /** Tells one refusal from the next, so a page shows each once. */
  id: string;
  intent: string;
  error?: string;
  errors?: Record<string, string>;
  /** The text fields as sent, so the page shows what was typed beside the message. */
  sent?: Record<string, string>;
};

const isText = (value: unknown): value is string => typeof value === 'string' && value.length < 500;

function isRefusal(value: unknown): value is ArrivedRefusal {
  if (typeof value !== 'object' || value === null) return false;
  const { id, intent, error, errors, sent } = value as Record<string, unknown>;
  return (
    isText(id) &&
    isText(intent) &&
    (error === undefined || isText(error)) &&
    isTexts(errors) &&
    isTexts(sent)
  );
}

const isTexts = (value: unknown) =>
  value === undefined ||
  (typeof value === 'object' && value !== null && Object.values(value).every(isText));

/** A form's own text fields (not its intent or the browser's time zone), for `sent`. */
export function sentFields(form: FormData): Record<string, string> {
  return Object.fromEntries(
    [...form].filter(
      (entry): entry is [string, string] =>
        isText(entry[1]) && entry[0] !== 'intent' && entry[0] !== 'timeZone',
    ),
  );
}

export const learningRefusalContext = createContext<ArrivedRefusal | null>(null);

export function refusalCookie(refusal: ArrivedRefusal): string {
  return `${REFUSAL_COOKIE}=${encodeURIComponent(JSON.stringify(refusal))}; Path=/; Max-Age=${REFUSAL_MAX_AGE_S}; HttpOnly; SameSite=Lax`;
}

export const CLEAR_REFUSAL_COOKIE = `${REFUSAL_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

/** The refusal a plain post left for this request, or null (a cookie that is not one is ignored). */
export function arrivedRefusal(request: Request): ArrivedRefusal | null {
  const value = readCookie(request, REFUSAL_COOKIE);
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return isRefusal(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
