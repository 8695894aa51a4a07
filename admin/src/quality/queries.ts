import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuestionReportUpdate } from '@drone-exam/shared/schemas/quality';
import { api, refreshAfterWrite, unwrap } from '../lib/api';
import { contentKeys } from '../content/queries';
import { ADMIN_STATS_KEY } from '../lib/stats';
import type { QuestionCategory } from '@drone-exam/shared/schemas/quiz-values';
import type {
  ItemAnalysisSort,
  ItemFlag,
  QuestionReportStatus,
} from '@drone-exam/shared/schemas/quality-values';
import type { ExamId } from '@drone-exam/shared/schemas/exam-values';

/** The table's order, filter, category ('' for any) and page. */
export type ItemAnalysisParams = {
  sort: ItemAnalysisSort;
  filter: ItemFlag | '';
  category: QuestionCategory | '';
  exam: ExamId | '';
  page: number;
};

/** Under ['content'], so a question edit or a closed report refreshes them with the bank. */
export const qualityKeys = {
  reports: (status: QuestionReportStatus, page: number) =>
    [...contentKeys.all, 'reports', status, page] as const,
  itemAnalysis: (query: ItemAnalysisParams) =>
    [...contentKeys.all, 'item-analysis', query] as const,
  analysis: (id: string) => [...contentKeys.all, 'analysis', id] as const,
};

export function useQuestionReports(status: QuestionReportStatus, page: number) {
  return useQuery({
    queryKey: qualityKeys.reports(status, page),
    queryFn: () => unwrap(api('/admin/question-reports', { query: { status, page } })),
    placeholderData: keepPreviousData,
  });
}

export function useCloseReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, update }: { reportId: string; update: QuestionReportUpdate }) =>
      unwrap(
        api(`/admin/question-reports/${reportId}`, {
          method: 'PATCH',
          body: update,
        }),
      ),
    onSuccess: () => {
      void refreshAfterWrite(queryClient, { queryKey: contentKeys.all });
      void refreshAfterWrite(queryClient, { queryKey: ADMIN_STATS_KEY });
    },
  });
}

export function useItemAnalysis(query: ItemAnalysisParams) {
  return useQuery({
    queryKey: qualityKeys.itemAnalysis(query),
    queryFn: () => unwrap(api('/admin/item-analysis', { query })),
    placeholderData: keepPreviousData,
  });
}

export function useQuestionAnalysis(id: string | null) {
  return useQuery({
    queryKey: qualityKeys.analysis(id ?? ''),
    queryFn: () => unwrap(api(`/admin/questions/${id}/analysis`)),
    enabled: Boolean(id),
  });
}
