import { useTranslation } from '../../i18n/react';
import { TagList } from '@drone-exam/shared/ui/ui';

/**
 * A module's topic tags in the page's language: the known ones by their name, any tag an admin
 * made up by its id.
 */
export function ModuleTags({ tags, max }: { tags: string[]; max: number }) {
  const { t } = useTranslation();
  const names: Record<string, string> = t('tags', { returnObjects: true });
  return (
    <TagList
      tags={tags}
      max={max}
      label={t('study.topics')}
      tagLabel={(tag) => names[tag] ?? tag}
    />
  );
}
