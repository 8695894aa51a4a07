import { useQuery } from '@tanstack/react-query';
import type { ExamId } from '@drone-exam/shared/schemas/exam-values';

import { api, unwrap } from './api';

/** Every exam's figures sit under this key, so one invalidation refreshes them all. */
export const ADMIN_STATS_KEY = ['admin', 'stats'] as const;

/**
 * The overview's figures (counters kept on write), shared by every view that shows one; with an
 * exam, that exam's content and quiz figures (issue 28). Another exam's figures load afresh (the
 * page shows its loading state) rather than showing the last exam's under the new one's name.
 */
export function useAdminStats(exam: ExamId | '' = '') {
  return useQuery({
    queryKey: [...ADMIN_STATS_KEY, exam],
    queryFn: () => unwrap(api('/admin/stats', { query: { exam } })),
  });
}
