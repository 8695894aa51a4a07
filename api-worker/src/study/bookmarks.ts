import { BookmarkInputSchema } from '@drone-exam/shared';
import { bookmarks } from '../db/schema.ts';
import { ownedStudyRoutes } from './owned.ts';
import { toBookmark } from './queries.ts';

export const BOOKMARK_NOT_FOUND = 'Bookmark not found';

/** A learner's bookmarks: theirs alone (another learner's id answers 404), counted in user_stats. */
export const bookmarkRoutes = ownedStudyRoutes({
  table: bookmarks,
  names: { list: 'bookmarks', item: 'bookmark' },
  notFoundMessage: BOOKMARK_NOT_FOUND,
  counter: 'bookmarksCount',
  input: BookmarkInputSchema,
  values: (input) => ({
    title: input.title,
    sectionId: input.sectionId || null,
    position: input.position,
    note: input.note || null,
  }),
  toItem: toBookmark,
});
