export const READING_GAP_LIMIT_MS = 5 * 60 * 1000;

/**
 * The reading rules of learner-spec §4, shared by the browser's progress tracker and the API that
 * stores what it reports.
 */

/** Time between two reading events counts only when the gap is under 5 minutes. */
export function countedGapMs(previousAt: number, now: number): number {
  const gap = now - previousAt;
  return gap > 0 && gap < READING_GAP_LIMIT_MS ? gap : 0;
}

export type ScrollMeasure = {
  scrollY: number;
  viewportHeight: number;
  /** The article's top and height in page coordinates. */
  articleTop: number;
  articleHeight: number;
};

/** How far into the article the reader has reached: the bottom of the viewport, as a whole percent. */
export function scrollPercent({
  scrollY,
  viewportHeight,
  articleTop,
  articleHeight,
}: ScrollMeasure): number {
  if (articleHeight <= 0) return 0;
  const reached = scrollY + viewportHeight - articleTop;
  return Math.min(100, Math.max(0, Math.round((reached / articleHeight) * 100)));
}

export const SECTION_LABEL_PATTERN = /^section-(?:[0-9]|10)$/;

const sectionNumber = (label: string) => Number(label.slice('section-'.length));

/** The union of section labels, in reading order. */
export function mergeSections(...lists: ReadonlyArray<readonly string[]>): string[] {
  const all = new Set(lists.flat().filter((label) => SECTION_LABEL_PATTERN.test(label)));
  return [...all].sort((a, b) => sectionNumber(a) - sectionNumber(b));
}

/**
 * The study time one save may add: what the reader's page reports, but never more than has passed
 * on the clock since the previous save (one reading gap for the first save), so a replayed or
 * inflated report cannot add time that did not happen.
 */
export function creditedSeconds(
  reportedMinutes: number,
  previousSaveAt: number | null,
  now: number,
): number {
  const reported = Math.max(0, Math.round(reportedMinutes * 60));
  const elapsedMs = previousSaveAt === null ? READING_GAP_LIMIT_MS : now - previousSaveAt;
  return Math.min(reported, Math.max(0, Math.floor(elapsedMs / 1000)));
}

/** Study time is shown and answered in whole minutes. */
export function wholeMinutes(seconds: number): number {
  return Math.floor(Math.max(0, seconds) / 60);
}

/**
 * Whether a module is completed after a save: the explicit toggle wins; otherwise it stays as it
 * was, and becomes completed when progress reaches 100 % (so a learner who un-marks a finished
 * module is not re-marked by the next scroll).
 */
export function completedAfterSave(
  previous: { progress: number; isCompleted: boolean } | null,
  progress: number,
  explicit?: boolean,
): boolean {
  if (explicit !== undefined) return explicit;
  if (previous?.isCompleted) return true;
  return progress >= 100 && (previous?.progress ?? 0) < 100;
}

/**
 * The section the reader is in: the last heading at or above the reading line (the table of
 * contents' scroll offset from the top of the viewport), or the first heading before any.
 * `top` is each heading's distance from the top of the viewport, in document order.
 */
export function currentSection(
  headings: ReadonlyArray<{ id: string; top: number }>,
  readingLine: number,
): string | null {
  let current = headings[0]?.id ?? null;
  for (const heading of headings) {
    if (heading.top > readingLine + 1) break;
    current = heading.id;
  }
  return current;
}
