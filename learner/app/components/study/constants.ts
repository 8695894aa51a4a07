export const TAGS_ON_LIST_CARD = 2;
export const TAGS_ON_MODULE_PAGE = 3;
export const TAGS_IN_SEARCH_RESULT = 4;
export const PROGRESS_SAVE_DELAY_MS = 2000;
export const TOC_SCROLL_OFFSET_PX = 80;
export const TOC_OBSERVER_ROOT_MARGIN = '-80px 0px -80px 0px';
export const TOC_OBSERVER_THRESHOLD = 0.1;
export const SELECTED_TEXT_PANEL_CHARS = 100;
export const SELECTED_TEXT_SHORT_CHARS = 50;
/** How many bookmarks or notes the Study Tools panel loads at a time. */
export const STUDY_TOOLS_PAGE_SIZE = 50;
export const MODULE_LOAD_FAILED = 'Failed to load study module';
export const MODULE_NOT_SPECIFIED = 'Study module not specified';
export const MODULES_LOAD_FAILED = 'Failed to load study modules';
/** Module cards per page on /study: full rows of the one-, two- and three-column grids. */
export const STUDY_LIST_PAGE_SIZE = 12;
/** The learner's search runs as they type, once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 250;
