import { PRODUCT_NAME } from '@drone-exam/shared/constants';

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
