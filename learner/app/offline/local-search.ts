import type { StudyModule, StudySearchResult } from '@drone-exam/shared';

/**
 * Search over the modules saved on this device, for when the API's full-text search cannot be
 * reached. It follows the API's rules: every word typed must start a word of the module (title,
 * description, summary, tags or text), within any of the chosen topics; titles rank first.
 */

const WORD = /[\p{L}\p{N}]+/gu;
const SNIPPET_WORDS = 24;
const MAX_TERMS = 8;

const words = (text: string) => text.toLowerCase().match(WORD) ?? [];

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&nbsp;': ' ',
};

/** The text of rendered module HTML. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[#\w]+;/g, (entity) => ENTITIES[entity] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Words around the first match, escaped, with the matching words in <mark>. */
function snippet(text: string, terms: string[]): string {
  const tokens = text.split(/\s+/);
  const matches = (token: string) => words(token).some((w) => terms.some((t) => w.startsWith(t)));
  const first = Math.max(0, tokens.findIndex(matches));
  const start = Math.max(0, first - SNIPPET_WORDS / 3);
  const shown = tokens.slice(start, start + SNIPPET_WORDS);
  const html = shown
    .map((token) => (matches(token) ? `<mark>${escapeHtml(token)}</mark>` : escapeHtml(token)))
    .join(' ');
  return `${start > 0 ? '…' : ''}${html}${start + SNIPPET_WORDS < tokens.length ? '…' : ''}`;
}

export function searchModules(
  modules: readonly StudyModule[],
  query: string,
  tags: readonly string[],
): StudySearchResult[] {
  const terms = words(query).slice(0, MAX_TERMS);
  if (terms.length === 0) return [];
  const found = modules.flatMap((module) => {
    if (tags.length && !module.tags.some((tag) => tags.includes(tag))) return [];
    const body = htmlText(module.contentHtml);
    const title = words(module.title);
    const all = new Set([
      ...title,
      ...words(`${module.description} ${module.summary} ${module.tags.join(' ')}`),
      ...words(body),
    ]);
    const has = (term: string) => [...all].some((word) => word.startsWith(term));
    if (!terms.every(has)) return [];
    const inTitle = terms.filter((term) => title.some((word) => word.startsWith(term))).length;
    const result: StudySearchResult = {
      id: module.id,
      slug: module.slug,
      locale: module.locale,
      title: module.title,
      description: module.description,
      summary: module.summary,
      tags: module.tags,
      wordCount: module.wordCount,
      snippet: snippet(body, terms),
      sections: module.toc
        .filter((entry) => entry.level > 1)
        .map((entry) => ({ id: entry.id, title: entry.title })),
    };
    return [{ result, inTitle, order: module.order }];
  });
  found.sort((a, b) => b.inTitle - a.inTitle || a.order - b.order);
  return found.map(({ result }) => result);
}
