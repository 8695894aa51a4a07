import { useState } from 'react';
import type { GrantPremiumInput } from '@drone-exam/shared';
import { Field, SelectField } from '@drone-exam/shared/ui/ui';
import { useCurrentUser } from '../lib/session';
import { useDebounced } from '../lib/use-debounced';
import { plural } from '../lib/format';
import {
  ErrorPanel,
  LoadingRows,
  PageTitle,
  Pager,
  Panel,
  TableFrame,
  th,
} from '../components/admin-ui';
import { fullName, useUserActions, useUsers } from '../users/hooks';
import { UserRow, type Pending } from '../users/user-row';
import { Confirmation } from '../users/confirmation';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '../lib/constants';
import type { Role } from '@drone-exam/shared/schemas/auth-values';

/** The role filter: premium is not a stored role but a paid or complimentary period that runs. */
const ROLE_FILTERS: Array<{ value: Role | ''; label: string }> = [
  { value: '', label: 'All roles' },
  { value: 'user', label: 'Users (no premium)' },
  { value: 'premium', label: 'Premium (period running)' },
  { value: 'admin', label: 'Admins' },
];

const COLUMNS = ['User', 'Role', 'Status', 'Joined', 'Last login', 'Attempts', 'Actions'];

/**
 * Users tab (premium-quiz-admin-spec §2): search, role filter, role change, (de)activation,
 * complimentary premium, delete.
 */
export function UsersPage() {
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const [role, setRole] = useState('');
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending | null>(null);
  const me = useCurrentUser();
  const users = useUsers(page, search, role);
  const { update, remove, grant, revoke, busy } = useUserActions(() => setPending(null));

  const confirm = (premium?: GrantPremiumInput) => {
    if (!pending) return;
    const { user } = pending;
    const target = { id: user._id, name: fullName(user) };
    if (pending.kind === 'delete') remove.mutate(target);
    else if (pending.kind === 'deactivate')
      update.mutate({ ...target, change: { isActive: false } });
    else if (pending.kind === 'role') update.mutate({ ...target, change: { role: pending.role } });
    else if (pending.kind === 'grant' && premium) grant.mutate({ ...target, input: premium });
    else if (pending.kind === 'revoke') revoke.mutate(target);
  };

  return (
    <section aria-labelledby="admin-page-title" className="space-y-6">
      <PageTitle title="Users" />
      <Panel title="All users">
        <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_16rem]">
          <Field
            label="Search users"
            type="search"
            placeholder="Name or email"
            value={searchText}
            onChange={(event) => {
              setSearchText(event.target.value);
              setPage(1);
            }}
          />
          <SelectField
            label="Role"
            value={role}
            onChange={(event) => {
              setRole(event.target.value);
              setPage(1);
            }}
          >
            {ROLE_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </SelectField>
        </div>
        <p className="mb-4 text-sm text-slate-600">
          Roles are User or Admin. Premium is not a stored role: it comes with a purchase of the
          30-day Practice Pass, or as complimentary days you give here, and shows as a badge while
          it runs.
        </p>
        {users.isPending ? (
          <LoadingRows rows={6} label="Loading users" />
        ) : users.isError ? (
          <ErrorPanel error={users.error} onRetry={() => users.refetch()} />
        ) : users.data.users.length === 0 ? (
          <p className="py-6 text-center text-slate-600">
            {search || role ? 'No users match these filters.' : 'No users yet.'}
          </p>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {plural(users.data.pagination.totalUsers, 'user')}
            </p>
            <TableFrame caption="Users">
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className={th}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {users.data.users.map((user) => (
                  <UserRow
                    key={user._id}
                    user={user}
                    isSelf={user._id === me.data?.id}
                    busy={busy}
                    onAsk={setPending}
                    onReactivate={(target) =>
                      update.mutate({
                        id: target._id,
                        name: fullName(target),
                        change: { isActive: true },
                      })
                    }
                  />
                ))}
              </tbody>
            </TableFrame>
            <Pager
              label="User pages"
              page={page}
              totalPages={users.data.pagination.totalPages}
              hasNextPage={users.data.pagination.hasNextPage}
              onPage={setPage}
            />
          </>
        )}
      </Panel>
      <Confirmation
        key={pending ? `${pending.kind}:${pending.user._id}` : 'closed'}
        pending={pending}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
