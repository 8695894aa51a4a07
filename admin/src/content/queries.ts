import {
  hashKey,
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';

import { api, refreshAfterWrite, unwrap } from '../lib/api';

export type ModuleListParams = { page: number; search: string; status: string; exam: string };
export type QuestionListParams = {
  page: number;
  search: string;
  category: string;
  difficulty: string;
  exam: string;
};

/** Every content query sits under ['content'], so one invalidation refreshes them after a write. */
export const contentKeys = {
  all: ['content'] as const,
  statistics: ['content', 'statistics'] as const,
  modules: (params: ModuleListParams) => ['content', 'modules', params] as const,
  module: (id: string) => ['content', 'module', id] as const,
  questions: (params: QuestionListParams) => ['content', 'questions', params] as const,
  question: (id: string) => ['content', 'question', id] as const,
};

export function useContentStatistics() {
  return useQuery({
    queryKey: contentKeys.statistics,
    queryFn: () => unwrap(api('/admin/content/statistics')),
  });
}

export function useModules(params: ModuleListParams) {
  return useQuery({
    queryKey: contentKeys.modules(params),
    queryFn: () =>
      unwrap(
        api('/admin/modules', {
          query: { ...params, sortBy: 'updatedAt', sortOrder: 'desc' },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useModule(id: string | undefined) {
  return useQuery({
    queryKey: contentKeys.module(id ?? ''),
    queryFn: () => unwrap(api(`/admin/modules/${id}`)),
    select: (data) => data.module,
    enabled: Boolean(id),
    // The editor must start from the stored text, never from a cached copy.
    staleTime: 0,
  });
}

export function useQuestions(params: QuestionListParams) {
  return useQuery({
    queryKey: contentKeys.questions(params),
    queryFn: () =>
      unwrap(
        api('/admin/questions', {
          query: params,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useQuestion(id: string | undefined) {
  return useQuery({
    queryKey: contentKeys.question(id ?? ''),
    queryFn: () => unwrap(api(`/admin/questions/${id}`)),
    select: (data) => data.question,
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/**
 * Refreshes every content query after a write. A deleted item's own query is left alone: its
 * editor may still be on screen while it leaves, and asking for the item again would only 404.
 */
export function useRefreshContent() {
  const queryClient = useQueryClient();
  return (deleted?: QueryKey) =>
    refreshAfterWrite(queryClient, {
      queryKey: contentKeys.all,
      predicate: deleted ? (query) => query.queryHash !== hashKey(deleted) : undefined,
    });
}
