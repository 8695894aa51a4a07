import { useTranslation } from 'react-i18next';
import { readingMinutes } from '@drone-exam/shared/text';

/** "{n} min read" from the module's word count (120 words a minute, at least 2), translated. */
export function useReadingTime(): (wordCount: number) => string {
  const { t } = useTranslation();
  return (wordCount: number) => t('study.readTime', { count: readingMinutes(wordCount) });
}
