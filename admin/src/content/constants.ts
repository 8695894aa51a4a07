export const EDITOR_OPTIONS = 4;
export const IMPORT_ERRORS_IN_SUMMARY = 5;
export const IMPORT_JOB_POLL_MS = 1000;
