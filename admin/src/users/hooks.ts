import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserUpdate, GrantPremiumInput } from '@drone-exam/shared';
import { useToast } from '@drone-exam/shared/ui/toast';
import { api, refreshAfterWrite, unwrap } from '../lib/api';
import { formatDate } from '../lib/format';
import { PAGE_SIZE_USERS } from '@drone-exam/shared/schemas/admin-values';

export const fullName = (user: AdminUser) => `${user.firstName} ${user.lastName}`;

const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}` as const;

export function useUsers(page: number, search: string, role: string) {
  return useQuery({
    queryKey: ['admin', 'users', { page, search, role }],
    queryFn: () =>
      unwrap(
        api('/admin/users', {
          query: { page, limit: PAGE_SIZE_USERS, search, role },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every change a row can ask for; each refreshes the console's figures and closes its dialog. */
export function useUserActions(onDone: () => void) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const settled = () => {
    onDone();
    return refreshAfterWrite(queryClient, { queryKey: ['admin'] });
  };
  const failed = (error: Error) => toast.error(error.message);
  const update = useMutation({
    mutationFn: ({ id, change }: { id: string; change: AdminUserUpdate; name: string }) =>
      unwrap(api(userPath(id), { method: 'PATCH', body: change })),
    onSuccess: ({ user }, { change, name }) => {
      if (change.role)
        toast.success(`${name} is now ${change.role === 'admin' ? 'an Admin' : 'a User'}`);
      else toast.success(`${name} ${user.isActive ? 'reactivated' : 'deactivated'}`);
    },
    onError: failed,
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: ({ id }: { id: string; name: string }) =>
      unwrap(api(userPath(id), { method: 'DELETE' })),
    onSuccess: (_data, { name }) => toast.success(`${name} deleted`),
    onError: failed,
    onSettled: settled,
  });
  const grant = useMutation({
    mutationFn: ({ id, input }: { id: string; input: GrantPremiumInput; name: string }) =>
      unwrap(api(`${userPath(id)}/premium`, { method: 'POST', body: input })),
    onSuccess: ({ premiumUntil }, { name }) =>
      toast.success(`${name} has premium until ${formatDate(premiumUntil)}`),
    onError: failed,
    onSettled: settled,
  });
  const revoke = useMutation({
    mutationFn: ({ id }: { id: string; name: string }) =>
      unwrap(api(`${userPath(id)}/premium`, { method: 'DELETE' })),
    onSuccess: (_data, { name }) => toast.success(`Complimentary premium revoked for ${name}`),
    onError: failed,
    onSettled: settled,
  });
  const busy = update.isPending || remove.isPending || grant.isPending || revoke.isPending;
  return { update, remove, grant, revoke, busy };
}
