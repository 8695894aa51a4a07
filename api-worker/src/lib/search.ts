/**
 * An FTS5 MATCH expression from what someone typed: each word becomes a quoted prefix term, so
 * punctuation and FTS syntax in the input can never break the query ("vlos" finds "VLOS-only").
 * Null when nothing searchable is left.
 */
export function ftsQuery(text: string, maxTerms = 8): string | null {
  const terms = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (terms.length === 0) return null;
  return terms
    .slice(0, maxTerms)
    .map((term) => `"${term}"*`)
    .join(' ');
}
