import { useTranslation } from '../../i18n/react';
import { readingMinutes } from '@drone-exam/shared/text';

/** "{n} min read" from the module's word count (120 words a minute, at least 2), translated. */
export function useReadingTime(): (wordCount: number) => string {
  const { t } = useTranslation();
  return (wordCount: number) => t('study.readTime', { count: readingMinutes(wordCount) });
}
