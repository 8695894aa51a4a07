/**
 * The message catalogs themselves, for the servers (the API, the learner's render). Browser code
 * never imports this file: a French page brings the messages its render showed and loads its
 * language's catalog when the browser is idle (learner/app/i18n/client.ts), so no language's
 * messages ship in a page's JavaScript at load.
 */
import type { Locale } from './i18n.ts';
import { translateMessage, type MessageCatalog } from './message-catalog.ts';
import fr from './locales/fr/messages.json' with { type: 'json' };

/** English needs no catalog: its messages are their own ids. */
export const MESSAGE_CATALOGS: Record<Locale, MessageCatalog | null> = { en: null, fr };

/** A message (an API error, a validation message, a spec text) in the language. */
export function localizeMessage(message: string, locale: Locale): string {
  return translateMessage(message, MESSAGE_CATALOGS[locale]);
}
