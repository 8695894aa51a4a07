import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from './api';

export const ADMIN_STATS_KEY = ['admin', 'stats'] as const;

/** The overview's figures (counters kept on write), shared by every view that shows one. */
export function useAdminStats() {
  return useQuery({
    queryKey: ADMIN_STATS_KEY,
    queryFn: () => unwrap(api('/admin/stats')),
  });
}
