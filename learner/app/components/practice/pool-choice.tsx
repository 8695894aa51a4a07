import { useEffect, useState } from 'react';
import type { PracticeSource } from '@drone-exam/shared/constants';
import type { PracticePools } from '@drone-exam/shared/schemas/learning';
import { api } from '../../lib/api';

/** The pools a learner can draw from, in the words the page uses (issue 16). */
const POOLS: Array<{ source: PracticeSource; label: string; hint: string }> = [
  { source: 'all', label: 'All questions', hint: 'The whole bank in the chosen categories' },
  { source: 'unseen', label: 'Unseen', hint: 'Questions you have never answered' },
  { source: 'incorrect', label: 'Incorrect', hint: 'Your last answer to them was wrong' },
  { source: 'flagged', label: 'Flagged', hint: 'Questions you flagged in a quiz' },
  { source: 'weakest', label: 'My weakest topics', hint: 'The topics where you score lowest' },
];

/**
 * The pools' counts for the chosen categories: the loader's counts for all of them at first, then
 * asked again whenever the choice changes (a failed ask keeps the last counts).
 */
export function usePoolCounts(categories: string[], initial: PracticePools | null) {
  const [counts, setCounts] = useState(initial);
  const key = [...categories].sort().join(',');
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    void api<PracticePools>('/learning/pools', {
      query: { categories: key },
      signal: controller.signal,
    })
      .then((result) => {
        if (result.success) setCounts(result.data);
      })
      // A newer choice aborted this ask: its answer is not wanted.
      .catch(() => undefined);
    return () => controller.abort();
  }, [key]);
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
  const countOf = (pool: PracticeSource) =>
    pools && pool !== 'weakest' ? pools[pool as keyof PracticePools] : null;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Questions from</legend>
      {pools && (
        <p className="mt-1 text-sm text-slate-600" data-testid="pool-counts">
          Unseen {pools.unseen} · Incorrect {pools.incorrect} · Flagged {pools.flagged}
        </p>
      )}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {POOLS.map((pool) => {
          const count = countOf(pool.source);
          const empty = count === 0;
          return (
            <label
              key={pool.source}
              className={`flex gap-3 rounded-lg border p-3 text-sm ${source === pool.source ? 'border-sky-600 bg-sky-50 ring-1 ring-sky-600' : 'border-slate-300'} ${empty ? 'opacity-60' : 'cursor-pointer hover:bg-slate-50'}`}
            >
              <input
                type="radio"
                name="source"
                value={pool.source}
                checked={source === pool.source}
                disabled={empty}
                onChange={() => onChange(pool.source)}
                aria-labelledby={`source-${pool.source}`}
                aria-describedby={`source-${pool.source}-hint`}
                className="mt-1"
              />
              <span className="text-slate-600">
                <strong id={`source-${pool.source}`} className="block font-semibold text-slate-900">
                  {pool.label}
                  {count !== null && ` (${count})`}
                </strong>
                <span id={`source-${pool.source}-hint`}>{pool.hint}</span>
              </span>
            </label>
          );
        })}
      </div>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
