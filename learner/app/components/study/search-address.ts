/** A search's address: read from the URL, written back as the learner types or picks topics. */

/** ?q=…&tags=a,b (a form without JavaScript sends tags=a&tags=b; both read the same). */
export function readSearch(url: URL) {
  const q = url.searchParams.get('q') ?? '';
  const tags = [
    ...new Set(
      url.searchParams
        .getAll('tags')
        .flatMap((value) => value.split(','))
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  return { q, tags };
}

/** The shareable address of a search; tags stay readable, comma-joined as the API takes them. */
export function searchHref(q: string, tags: string[]): string {
  const parts: string[] = [];
  if (q.trim()) parts.push(`q=${encodeURIComponent(q.trim())}`);
  if (tags.length) parts.push(`tags=${tags.map(encodeURIComponent).join(',')}`);
  return parts.length ? `/study/search?${parts.join('&')}` : '/study/search';
}
