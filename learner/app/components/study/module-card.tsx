import { useTranslation } from '../../i18n/react';
import type { StudyModuleSummary } from '@drone-exam/shared';
import { LOCALE_TAGS } from '@drone-exam/shared/i18n';
import { Card } from '@drone-exam/shared/ui/ui';
import { useFormat } from '../../i18n/hooks';
import { Link, LinkButton } from '../links';
import { useReadingTime } from './format';
import { ModuleTags } from './tags';
import { PROGRESS_BAR } from './progress-bar';
import { TAGS_ON_LIST_CARD } from './constants';

export function ModuleCard({ module }: { module: StudyModuleSummary }) {
  const { t } = useTranslation('study');
  const format = useFormat();
  const readingTime = useReadingTime();
  const href = `/study/${module.slug}`;
  // A module not translated yet is shown in English, and marked so (screen readers switch voice).
  const lang = module.locale === format.locale ? undefined : LOCALE_TAGS[module.locale];
  return (
    <Card className="flex h-full flex-col">
      <ModuleTags tags={module.tags} max={TAGS_ON_LIST_CARD} />
      <h2 className="mt-3 text-xl font-semibold text-slate-900" lang={lang}>
        <Link to={href} className="hover:text-sky-800 hover:underline">
          {module.title}
        </Link>
      </h2>
      <p className="mt-2 flex-1 text-slate-600" lang={lang}>
        {module.description || module.summary}
      </p>
      {module.progress !== null && module.progress > 0 && (
        <div className="mt-4">
          <progress
            aria-label={t('card.progressFor', { title: module.title })}
            max={100}
            value={module.progress}
            className={PROGRESS_BAR}
          />
          <p className="mt-1 text-xs text-slate-600">
            {t('card.read', { percent: format.percent(module.progress) })}
          </p>
        </div>
      )}
      <div className="mt-5 flex items-center justify-between gap-3">
        <span className="text-sm text-slate-500">{readingTime(module.wordCount)}</span>
        <LinkButton
          to={href}
          variant="secondary"
          aria-label={t('card.startFor', { title: module.title })}
        >
          {t('card.start')}
        </LinkButton>
      </div>
    </Card>
  );
}
