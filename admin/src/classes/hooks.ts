import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminClass } from '@drone-exam/shared/schemas/classes';
import { PAGE_SIZE_ADMIN_CLASSES } from '@drone-exam/shared/schemas/classes-values';
import { useToast } from '@drone-exam/shared/ui/toast';
import { api, refreshAfterWrite, unwrap } from '../lib/api';

export const instructorName = (row: AdminClass) =>
  `${row.instructor.firstName} ${row.instructor.lastName}`;

export function useClasses(page: number, search: string) {
  return useQuery({
    queryKey: ['admin', 'classes', { page, search }],
    queryFn: () =>
      unwrap(api('/admin/classes', { query: { page, limit: PAGE_SIZE_ADMIN_CLASSES, search } })),
    placeholderData: keepPreviousData,
  });
}

/** Suspends a class or lifts its suspension; the list and the activity feed are read again. */
export function useSuspension(onDone: () => void) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ row, suspend }: { row: AdminClass; suspend: boolean }) =>
      unwrap(
        api(`/admin/classes/${encodeURIComponent(row.id)}/${suspend ? 'suspend' : 'unsuspend'}`, {
          method: 'POST',
        }),
      ),
    onSuccess: (_data, { row, suspend }) =>
      toast.success(suspend ? `${row.name} suspended` : `${row.name} is no longer suspended`),
    onError: (error: Error) => toast.error(error.message),
    onSettled: () => {
      onDone();
      return refreshAfterWrite(queryClient, { queryKey: ['admin'] });
    },
  });
}
