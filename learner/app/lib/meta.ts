import { PRODUCT_NAME } from '@drone-exam/shared/constants';

/** Title and description for a page; every page calls this so titles read "Page | Product". */
export function pageMeta(title: string, description?: string) {
  const tags: Array<
    { title: string } | { name: string; content: string } | { property: string; content: string }
  > = [{ title: `${title} | ${PRODUCT_NAME}` }, { property: 'og:title', content: title }];
  if (description) {
    tags.push(
      { name: 'description', content: description },
      { property: 'og:description', content: description },
    );
  }
  return tags;
}
