import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { PracticePools } from '@drone-exam/shared/schemas/learning';
import { api } from '../../lib/api';
import { useMessage } from '../../i18n/hooks';
import type { PracticeSource } from '@drone-exam/shared/schemas/quiz-values';

/** The pools a learner can draw from (issue 16). */
const POOLS = ['all', 'unseen', 'incorrect', 'flagged', 'weakest'] as const;

/**
 * The pools' counts for the chosen categories of the chosen exam: the loader's counts (the target
 * exam's, every category) at first, then asked again whenever the choice changes (a failed ask
 * keeps the last counts).
 */
export function usePoolCounts(categories: string[], exam: string, initial: PracticePools | null) {
  const [counts, setCounts] = useState(initial);
  const key = [...categories].sort().join(',');
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    void api('/learning/pools', {
      query: { categories: key, exam },
      signal: controller.signal,
    })
      .then((result) => {
        if (result.success) setCounts(result.data);
      })
      // A newer choice aborted this ask: its answer is not wanted.
      .catch(() => undefined);
    return () => controller.abort();
  }, [key, exam]);
  return counts;
}

export function PoolChoice({
  source,
  onChange,
  pools,
  error,
}: {
  source: PracticeSource;
  onChange: (source: PracticeSource) => void;
  pools: PracticePools | null;
  error: string | undefined;
}) {
  const { t } = useTranslation('practice');
  const message = useMessage();
  const countOf = (pool: PracticeSource) =>
    pools && pool !== 'weakest' ? pools[pool as keyof PracticePools] : null;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{t('pools.legend')}</legend>
      {pools && (
        <p className="mt-1 text-sm text-slate-600" data-testid="pool-counts">
          {t('pools.counts', {
            unseen: pools.unseen,
            incorrect: pools.incorrect,
            flagged: pools.flagged,
          })}
        </p>
      )}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {POOLS.map((pool) => {
          const count = countOf(pool);
          const empty = count === 0;
          return (
            <label
              key={pool}
              className={`flex gap-3 rounded-lg border p-3 text-sm ${source === pool ? 'border-sky-600 bg-sky-50 ring-1 ring-sky-600' : 'border-slate-300'} ${empty ? 'opacity-60' : 'cursor-pointer hover:bg-slate-50'}`}
            >
              <input
                type="radio"
                name="source"
                value={pool}
                checked={source === pool}
                disabled={empty}
                onChange={() => onChange(pool)}
                aria-labelledby={`source-${pool}`}
                aria-describedby={`source-${pool}-hint`}
                className="mt-1"
              />
              <span className="text-slate-600">
                <strong id={`source-${pool}`} className="block font-semibold text-slate-900">
                  {t(`pools.${pool}.label`)}
                  {count !== null && ` (${count})`}
                </strong>
                <span id={`source-${pool}-hint`}>{t(`pools.${pool}.hint`)}</span>
              </span>
            </label>
          );
        })}
      </div>
      {error && <p className="mt-1 text-sm text-red-700">{message(error)}</p>}
    </fieldset>
  );
}
