import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DELETE_USER_CONFIRMATION,
  type AdminUser,
  type AdminUserUpdate,
  type AdminUsersPage,
} from '@drone-exam/shared';
import {
  ADMIN_SEARCH_DEBOUNCE_MS,
  PAGE_SIZE_USERS,
  type AssignableRole,
  type Role,
} from '@drone-exam/shared/constants';
import { formatPercent1 } from '@drone-exam/shared/text';
import { useToast } from '@drone-exam/shared/ui/toast';
import { Badge, Button, Field, SelectField } from '@drone-exam/shared/ui/ui';
import { api, unwrap } from '../lib/api';
import { useCurrentUser } from '../lib/session';
import { useDebounced } from '../lib/use-debounced';
import { formatDate, formatCount, plural } from '../lib/format';
import {
  ConfirmDialog,
  ErrorPanel,
  LoadingRows,
  PageTitle,
  Pager,
  Panel,
  TableFrame,
  td,
  th,
} from '../components/admin-ui';

/** The role filter: premium is not a stored role but a paid period that is running. */
const ROLE_FILTERS: Array<{ value: Role | ''; label: string }> = [
  { value: '', label: 'All roles' },
  { value: 'user', label: 'Users (no premium)' },
  { value: 'premium', label: 'Premium (paid period running)' },
  { value: 'admin', label: 'Admins' },
];

const ROLE_LABEL: Record<AssignableRole, string> = { user: 'User', admin: 'Admin' };

type Pending =
  | { kind: 'role'; user: AdminUser; role: AssignableRole }
  | { kind: 'deactivate'; user: AdminUser }
  | { kind: 'delete'; user: AdminUser };

const fullName = (user: AdminUser) => `${user.firstName} ${user.lastName}`;
const storedRole = (user: AdminUser): AssignableRole => (user.role === 'admin' ? 'admin' : 'user');

function useUsers(page: number, search: string, role: string) {
  return useQuery({
    queryKey: ['admin', 'users', { page, search, role }],
    queryFn: () =>
      unwrap(
        api<AdminUsersPage>('/admin/users', {
          query: { page, limit: PAGE_SIZE_USERS, search, role },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

function useUserActions(onDone: () => void) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  const update = useMutation({
    mutationFn: ({ id, change }: { id: string; change: AdminUserUpdate; name: string }) =>
      unwrap(
        api<{ user: AdminUser }>(`/admin/users/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body: change,
        }),
      ),
    onSuccess: ({ user }, { change, name }) => {
      if (change.role)
        toast.success(`${name} is now ${change.role === 'admin' ? 'an Admin' : 'a User'}`);
      else toast.success(`${name} ${user.isActive ? 'reactivated' : 'deactivated'}`);
    },
    onError: (error) => toast.error(error.message),
    onSettled: () => {
      onDone();
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: ({ id }: { id: string; name: string }) =>
      unwrap(api(`/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' })),
    onSuccess: (_data, { name }) => toast.success(`${name} deleted`),
    onError: (error) => toast.error(error.message),
    onSettled: () => {
      onDone();
      return refresh();
    },
  });
  return { update, remove };
}

function RoleBadges({ user }: { user: AdminUser }) {
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      {user.role === 'premium' && (
        <Badge tone="violet">Premium until {formatDate(user.premiumUntil)}</Badge>
      )}
      {!user.emailVerified && <Badge tone="amber">Email unverified</Badge>}
    </div>
  );
}

function UserRow({
  user,
  isSelf,
  busy,
  onAsk,
  onReactivate,
}: {
  user: AdminUser;
  isSelf: boolean;
  busy: boolean;
  onAsk: (pending: Pending) => void;
  onReactivate: (user: AdminUser) => void;
}) {
  const isAdmin = user.role === 'admin';
  const name = fullName(user);
  return (
    <tr>
      <td className={td}>
        <p className="font-medium text-slate-900">
          {name}
          {isSelf && <span className="ml-1 text-sm font-normal text-slate-500">(you)</span>}
        </p>
        <p className="text-slate-600">{user.email}</p>
        <RoleBadges user={user} />
      </td>
      <td className={td}>
        <label className="sr-only" htmlFor={`role-${user._id}`}>
          Role of {name}
        </label>
        <select
          id={`role-${user._id}`}
          value={storedRole(user)}
          disabled={isSelf || busy}
          title={isSelf ? 'You cannot change your own role' : undefined}
          onChange={(event) =>
            onAsk({ kind: 'role', user, role: event.target.value as AssignableRole })
          }
          className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm disabled:bg-slate-100"
        >
          <option value="user">User</option>
          <option value="admin">Admin</option>
        </select>
      </td>
      <td className={td}>
        {user.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="red">Inactive</Badge>}
      </td>
      <td className={td}>{formatDate(user.createdAt)}</td>
      <td className={td}>{formatDate(user.lastLoginAt)}</td>
      <td className={td}>
        {formatCount(user.stats.totalAttempts)}
        {user.stats.averageScore !== null && (
          <span className="block text-xs text-slate-500">
            avg {formatPercent1(user.stats.averageScore)}
          </span>
        )}
      </td>
      <td className={td}>
        <div className="flex flex-wrap gap-2">
          {user.isActive ? (
            <Button
              variant="secondary"
              className="px-3 py-1"
              disabled={isSelf || busy}
              title={isSelf ? 'You cannot deactivate your own account' : undefined}
              onClick={() => onAsk({ kind: 'deactivate', user })}
              aria-label={`Deactivate ${name}`}
            >
              Deactivate
            </Button>
          ) : (
            <Button
              variant="secondary"
              className="px-3 py-1"
              disabled={busy}
              onClick={() => onReactivate(user)}
              aria-label={`Activate ${name}`}
            >
              Activate
            </Button>
          )}
          <Button
            variant="danger"
            className="px-3 py-1"
            disabled={isAdmin || busy}
            title={isAdmin ? 'Admin accounts cannot be deleted' : undefined}
            onClick={() => onAsk({ kind: 'delete', user })}
            aria-label={`Delete ${name}`}
          >
            Delete
          </Button>
        </div>
      </td>
    </tr>
  );
}

function Confirmation({
  pending,
  busy,
  onConfirm,
  onCancel,
}: {
  pending: Pending | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const name = pending ? fullName(pending.user) : '';
  const copy =
    pending?.kind === 'delete'
      ? { title: `Delete ${name}?`, body: DELETE_USER_CONFIRMATION, confirm: 'Delete user' }
      : pending?.kind === 'deactivate'
        ? {
            title: `Deactivate ${name}?`,
            body: 'They are signed out at once and cannot sign in until an admin activates the account again.',
            confirm: 'Deactivate',
          }
        : pending?.kind === 'role'
          ? {
              title: `Make ${name} ${pending.role === 'admin' ? 'an Admin' : 'a User'}?`,
              body:
                pending.role === 'admin'
                  ? 'Admins manage users, content and email, and count as premium. They are signed out and sign in again with the new role.'
                  : 'They lose access to the admin console, and are signed out to sign in again with the new role.',
              confirm: `Make ${ROLE_LABEL[pending.role]}`,
            }
          : { title: '', body: '', confirm: '' };
  return (
    <ConfirmDialog
      open={pending !== null}
      title={copy.title}
      confirmLabel={copy.confirm}
      busyLabel="Working…"
      danger={pending?.kind !== 'role'}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{copy.body}</p>
    </ConfirmDialog>
  );
}

/** Users tab (premium-quiz-admin-spec §2): search, role filter, role change, (de)activation, delete. */
export function UsersPage() {
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const [role, setRole] = useState('');
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending | null>(null);
  const me = useCurrentUser();
  const users = useUsers(page, search, role);
  const { update, remove } = useUserActions(() => setPending(null));
  const busy = update.isPending || remove.isPending;

  const confirm = () => {
    if (!pending) return;
    const { user } = pending;
    const name = fullName(user);
    if (pending.kind === 'delete') remove.mutate({ id: user._id, name });
    else if (pending.kind === 'deactivate')
      update.mutate({ id: user._id, name, change: { isActive: false } });
    else update.mutate({ id: user._id, name, change: { role: pending.role } });
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
          Roles are User or Admin. Premium is not a role you assign: it comes with a purchase of the
          30-day Practice Pass and shows as a badge while it runs.
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
                  <th scope="col" className={th}>
                    User
                  </th>
                  <th scope="col" className={th}>
                    Role
                  </th>
                  <th scope="col" className={th}>
                    Status
                  </th>
                  <th scope="col" className={th}>
                    Joined
                  </th>
                  <th scope="col" className={th}>
                    Last login
                  </th>
                  <th scope="col" className={th}>
                    Attempts
                  </th>
                  <th scope="col" className={th}>
                    Actions
                  </th>
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
        pending={pending}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
