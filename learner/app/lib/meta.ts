import { PRODUCT_NAME } from '@drone-exam/shared/product';

/** A page's title and description, already in the page's language (its loader translates them). */
export type PageMetaText = { title: string; description: string };

/**
 * Title and description for a page; every page calls this so titles read "Page | Product", and
 * every page has a description (search engines show it, and Lighthouse's SEO budget asks for it).
 */
export function pageMeta(title: string, description: string) {
  const tags: Array<
    { title: string } | { name: string; content: string } | { property: string; content: string }
  > = [
    { title: `${title} | ${PRODUCT_NAME}` },
    { property: 'og:title', content: title },
    { name: 'description', content: description },
    { property: 'og:description', content: description },
  ];
  return tags;
}

/** A route's meta from the text its loader gave; the product's name while it has none. */
export function metaFromLoader({ loaderData }: { loaderData?: { meta?: PageMetaText } | null }) {
  const text = loaderData?.meta;
  return text ? pageMeta(text.title, text.description) : [{ title: PRODUCT_NAME }];
}
