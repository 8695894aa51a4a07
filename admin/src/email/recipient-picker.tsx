import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { Badge, Field } from '@drone-exam/shared/ui/ui';
import { api, unwrap } from '../lib/api';
import { useDebounced } from '../lib/use-debounced';
import { ErrorPanel, LoadingRows, Pager } from '../components/admin-ui';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '../lib/constants';

export type Recipient = { id: string; name: string; email: string };

export function RecipientPicker({
  selected,
  onToggle,
}: {
  selected: Map<string, Recipient>;
  onToggle: (recipient: Recipient, on: boolean) => void;
}) {
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const users = useQuery({
    queryKey: ['admin', 'users', { page, search, role: '' }],
    queryFn: () => unwrap(api('/admin/users', { query: { page, search } })),
    placeholderData: keepPreviousData,
  });
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Recipients</legend>
      <Field
        label="Find users"
        type="search"
        placeholder="Name or email"
        value={searchText}
        onChange={(event) => {
          setSearchText(event.target.value);
          setPage(1);
        }}
      />
      {users.isPending ? (
        <LoadingRows rows={4} label="Loading users" />
      ) : users.isError ? (
        <ErrorPanel error={users.error} onRetry={() => users.refetch()} />
      ) : users.data.users.length === 0 ? (
        <p className="text-sm text-slate-600">No users match.</p>
      ) : (
        <>
          <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
            {users.data.users.map((user) => {
              const recipient = {
                id: user._id,
                name: `${user.firstName} ${user.lastName}`,
                email: user.email,
              };
              return (
                <li key={user._id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                    <input
                      type="checkbox"
                      checked={selected.has(user._id)}
                      onChange={(event) => onToggle(recipient, event.target.checked)}
                      className="h-4 w-4"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="font-medium text-slate-900">{recipient.name}</span>{' '}
                      <span className="text-slate-600">{user.email}</span>
                    </span>
                    {!user.isActive && <Badge tone="red">Inactive</Badge>}
                  </label>
                </li>
              );
            })}
          </ul>
          <Pager
            label="Recipient pages"
            page={page}
            totalPages={users.data.pagination.totalPages}
            hasNextPage={users.data.pagination.hasNextPage}
            onPage={setPage}
          />
        </>
      )}
    </fieldset>
  );
}
