import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from './api';

export function useCurrentUser() {
  return useQuery({
    queryKey: ['auth', 'me'],
    queryFn: () => unwrap(api('/auth/me')).then((data) => data.user),
    retry: false,
  });
}
