import { useEffect, useState } from 'react';
import { useFetcher, useRouteLoaderData } from 'react-router';
import type { LearningIntent, LearningResult } from '../../routes/learning';
import type { RootData } from '../../root';
import { useLocalizedPath } from '../../i18n/hooks';

/** Refusals already shown in this document: a page opened again later does not repeat one. */
const shownRefusals = new Set<string>();

/**
 * A learning form's fetcher, where it posts (routes/learning.tsx, in the page's language), and the
 * answer it shows: the fetcher's, or the refusal of the same form sent before the page hydrated,
 * which came back with the page (lib/learning-refusal.server.ts).
 */
export function useLearningResult(intents: readonly LearningIntent[]) {
  const fetcher = useFetcher<LearningResult>();
  const arrived = useRouteLoaderData<RootData>('root')?.learningRefusal ?? null;
  const [refusal] = useState(() => (arrived && !shownRefusals.has(arrived.id) ? arrived : null));
  useEffect(() => {
    if (refusal) shownRefusals.add(refusal.id);
  }, [refusal]);
  const data: LearningResult | undefined =
    fetcher.data ??
    (refusal ? { ...refusal, intent: refusal.intent as LearningIntent, ok: false } : undefined);
  const result = data && intents.includes(data.intent) ? data : null;
  return {
    fetcher,
    action: useLocalizedPath()('/learning'),
    result,
    failed: result && !result.ok ? result : null,
  };
}
