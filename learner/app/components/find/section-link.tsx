import type { LearnMore } from '@drone-exam/shared/schemas/exam';
import { useTranslation } from '../../i18n/react';
import { useLocalizedPath } from '../../i18n/hooks';

/** A link to a module section, at its heading, in a new tab so the drill stays where it is. */
export function SectionLink({ section }: { section: LearnMore }) {
  const { t } = useTranslation('quiz');
  const localized = useLocalizedPath();
  return (
    <a
      href={`${localized(`/study/${section.moduleSlug}`)}#${section.sectionId}`}
      target="_blank"
      rel="noopener"
      className="font-semibold text-sky-800 underline hover:text-sky-900"
    >
      {section.title} <span className="sr-only">{t('reference.newTab')}</span>
    </a>
  );
}
