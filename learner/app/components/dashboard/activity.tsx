import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { RecentActivityItem } from '@drone-exam/shared/schemas/quiz';
import { Skeleton } from '@drone-exam/shared/ui/ui';
import { LocalDate } from '../local-date';
import { ScoreBadge } from '../score';
import type { Loaded } from './stats';
import { RECENT_ACTIVITY_LIMIT } from '@drone-exam/shared/schemas/quiz-values';

/** The API writes the items in the page's language, their links to its pages included. */
export function Activity({ loaded }: { loaded: Loaded<RecentActivityItem[]> }) {
  const { t } = useTranslation('dashboard');
  if (loaded.value.length === 0) {
    return (
      <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
        {loaded.failed ? t('activity.failed') : t('activity.empty')}
      </p>
    );
  }
  return (
    <ul
      className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
      data-testid="recent-activity"
    >
      {loaded.value.slice(0, RECENT_ACTIVITY_LIMIT).map((item) => (
        <li key={item.id} className="flex items-center gap-4 p-4">
          <span
            aria-hidden="true"
            className={`grid h-10 w-10 shrink-0 place-items-center rounded-full text-lg ${item.type === 'quiz' ? 'bg-sky-100 text-sky-800' : 'bg-emerald-100 text-emerald-800'}`}
          >
            {item.type === 'quiz' ? '✎' : '📖'}
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">
              {item.href ? (
                <Link to={item.href} className="hover:underline">
                  {item.title}
                </Link>
              ) : (
                item.title
              )}
            </p>
            <p className="text-sm text-slate-600">
              {item.description && <>{item.description} · </>}
              <LocalDate value={item.completedAt} withTime />
            </p>
          </div>
          {item.score !== null && <ScoreBadge score={item.score} />}
        </li>
      ))}
    </ul>
  );
}

export function ActivitySkeleton() {
  const { t } = useTranslation('dashboard');
  return (
    <div aria-busy="true" className="mt-4 space-y-2">
      <span className="sr-only">{t('activity.loading')}</span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-16 rounded-xl" />
      ))}
    </div>
  );
}
