import type { AdminUser } from '@drone-exam/shared';
import { formatPercent1 } from '@drone-exam/shared/text';
import { Badge, Button } from '@drone-exam/shared/ui/ui';
import { td } from '../components/admin-ui';
import { formatCount, formatDate } from '../lib/format';
import { fullName } from './hooks';
import type { AssignableRole } from '@drone-exam/shared/schemas/auth-values';

/** A change a row asks for; the page confirms it in a dialog before anything is sent. */
export type Pending =
  | { kind: 'role'; user: AdminUser; role: AssignableRole }
  | { kind: 'deactivate'; user: AdminUser }
  | { kind: 'delete'; user: AdminUser }
  | { kind: 'grant'; user: AdminUser }
  | { kind: 'revoke'; user: AdminUser };

const storedRole = (user: AdminUser): AssignableRole => (user.role === 'admin' ? 'admin' : 'user');

function RoleBadges({ user }: { user: AdminUser }) {
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      {user.role === 'premium' && (
        <Badge tone="violet">Premium until {formatDate(user.premiumUntil)}</Badge>
      )}
      {user.complimentary && <Badge tone="sky">Complimentary</Badge>}
      {!user.emailVerified && <Badge tone="amber">Email unverified</Badge>}
    </div>
  );
}

const small = 'px-3 py-1';

export function UserRow({
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
          {!isAdmin && (
            <Button
              variant="secondary"
              className={small}
              disabled={busy}
              onClick={() => onAsk({ kind: 'grant', user })}
              aria-label={`Give ${name} premium`}
            >
              Give premium
            </Button>
          )}
          {user.complimentary && (
            <Button
              variant="secondary"
              className={small}
              disabled={busy}
              onClick={() => onAsk({ kind: 'revoke', user })}
              aria-label={`Revoke ${name}'s complimentary premium`}
            >
              Revoke premium
            </Button>
          )}
          {user.isActive ? (
            <Button
              variant="secondary"
              className={small}
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
              className={small}
              disabled={busy}
              onClick={() => onReactivate(user)}
              aria-label={`Activate ${name}`}
            >
              Activate
            </Button>
          )}
          <Button
            variant="danger"
            className={small}
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
