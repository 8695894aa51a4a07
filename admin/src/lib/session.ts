import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@drone-exam/shared';
import { api, unwrap } from './api';

export function useCurrentUser() {
  return useQuery({
    queryKey: ['auth', 'me'],
    queryFn: () => unwrap(api<{ user: PublicUser }>('/auth/me')).then((data) => data.user),
    retry: false,
  });
}
