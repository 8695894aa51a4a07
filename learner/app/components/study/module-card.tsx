import { Link } from 'react-router';
import type { StudyModuleSummary } from '@drone-exam/shared';
import { TAGS_ON_LIST_CARD } from '@drone-exam/shared/constants';
import { Card, LinkButton, TagList } from '@drone-exam/shared/ui/ui';
import { moduleReadingTime } from './format';

export const PROGRESS_BAR =
  'block h-2 w-full overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-emerald-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-emerald-600';

export function ModuleCard({ module }: { module: StudyModuleSummary }) {
  const href = `/study/${module.slug}`;
  return (
    <Card className="flex h-full flex-col">
      <TagList tags={module.tags} max={TAGS_ON_LIST_CARD} />
      <h2 className="mt-3 text-xl font-semibold text-slate-900">
        <Link to={href} className="hover:text-sky-800 hover:underline">
          {module.title}
        </Link>
      </h2>
      <p className="mt-2 flex-1 text-slate-600">{module.description || module.summary}</p>
      {module.progress !== null && module.progress > 0 && (
        <div className="mt-4">
          <progress
            aria-label={`Reading progress for ${module.title}`}
            max={100}
            value={module.progress}
            className={PROGRESS_BAR}
          />
          <p className="mt-1 text-xs text-slate-600">{module.progress}% read</p>
        </div>
      )}
      <div className="mt-5 flex items-center justify-between gap-3">
        <span className="text-sm text-slate-500">{moduleReadingTime(module.wordCount)}</span>
        <LinkButton to={href} variant="secondary" aria-label={`Start Reading: ${module.title}`}>
          Start Reading
        </LinkButton>
      </div>
    </Card>
  );
}
