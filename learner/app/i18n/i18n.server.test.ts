import { describe, expect, it } from 'vitest';
import { withShownMessages, type PageTranslator } from './i18n.server';
import { createTranslator } from './translator';
import { SHOWN_MESSAGES_ID } from './shown-messages';

const pageIn = (locale: 'en' | 'fr'): PageTranslator => ({
  ...createTranslator(locale, {}),
  shownMessages: () => ({ 'Choose one of the answers': 'Choisissez une des réponses' }),
});

/** The document as the server's render streams it, one chunk per part, and what reaches the browser. */
async function sent(parts: string[], translator: PageTranslator) {
  const encoder = new TextEncoder();
  const html = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  return new Response(withShownMessages(html, translator)).text();
}

const BLOCK = `<script type="application/json" id="${SHOWN_MESSAGES_ID}">`;

describe('the messages a French page showed', () => {
  it('are written just before the end of a document that hydrates', async () => {
    const page = await sent(
      ['<html><body><main>…</main>', '<script type="module"></script></body></html>'],
      pageIn('fr'),
    );
    expect(page).toBe(
      `<html><body><main>…</main><script type="module"></script>${BLOCK}{"Choose one of the answers":"Choisissez une des réponses"}</script></body></html>`,
    );
  });

  it('are found when the document’s script tag is split between two chunks', async () => {
    const page = await sent(
      ['<html><body><main>…</main><scr', 'ipt type="module"></script></body></html>'],
      pageIn('fr'),
    );
    expect(page).toContain(BLOCK);
    expect(page.endsWith('</script></body></html>')).toBe(true);
  });

  it('are left out of a page with no script, and of an English page', async () => {
    const parts = ['<html><body><main>…</main>', '</body></html>'];
    expect(await sent(parts, pageIn('fr'))).toBe(parts.join(''));
    const english = ['<html><body>', '<script type="module"></script></body></html>'];
    expect(await sent(english, pageIn('en'))).toBe(english.join(''));
  });
});
