import type { MessageCatalog } from '@drone-exam/shared/message-catalog';

/**
 * The messages a page's server render translated (an API refusal, a form's field message) travel
 * in the document as JSON under this id, so the browser hydrates the same text without the whole
 * catalog of messages in every French page (about 38 KB of its HTML); entry.client.tsx loads the
 * catalog once the browser is idle.
 */
export const SHOWN_MESSAGES_ID = 'shown-messages';

/** The document's shown messages, or none. */
export function readShownMessages(): MessageCatalog | undefined {
  const text = document.getElementById(SHOWN_MESSAGES_ID)?.textContent;
  return text ? (JSON.parse(text) as MessageCatalog) : undefined;
}
