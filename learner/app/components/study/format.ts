import { readingMinutes, readingTimeLabel } from '@drone-exam/shared/text';

/** "{n} min read" from the module's word count (120 words a minute, at least 2). */
export const moduleReadingTime = (wordCount: number) => readingTimeLabel(readingMinutes(wordCount));

/** A calendar date, the same on the server and in the browser (no time-zone drift on hydration). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-CA', { dateStyle: 'long', timeZone: 'UTC' });
}
