/** Note highlight colours (learner-spec §3: default yellow). */
export const NOTE_COLOURS = ['yellow', 'green', 'blue', 'pink', 'purple'] as const;
export type NoteColour = (typeof NOTE_COLOURS)[number];
export const NOTE_DEFAULT_COLOUR: NoteColour = 'yellow';
/** Study texts (learner-spec §5, §8) the bookmark and note schemas below answer with. */
export const BOOKMARK_TITLE_REQUIRED = 'Bookmark title is required';
export const NOTE_TEXT_REQUIRED = 'Note text is required';
export const MODULE_NOT_FOUND = 'Study module not found';
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_TOO_SHORT = `Enter at least ${SEARCH_MIN_CHARS} characters to search study materials`;
export const SEARCH_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_TOPICS = [
  'regulations',
  'airspace',
  'weather',
  'rpas-theory',
  'operations',
  'human-factors',
  'first-flights',
] as const;
export const MODULE_STATUSES = ['draft', 'review', 'published'] as const;
export type ModuleStatus = (typeof MODULE_STATUSES)[number];
