/**
 * The message catalogs themselves, for the servers (the API, the learner's loaders). Browser code
 * never imports this file: a page gets the catalog of its own language from its loader, so no
 * language's messages ship in the JavaScript.
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
