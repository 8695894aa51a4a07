import { useState } from 'react';
import {
  DELETE_USER_CONFIRMATION,
  GrantPremiumSchema,
  type GrantPremiumInput,
} from '@drone-exam/shared';
import { fieldErrors } from '@drone-exam/shared/validation';
import { Field } from '@drone-exam/shared/ui/ui';
import { ConfirmDialog } from '../components/admin-ui';
import { formatDate } from '../lib/format';
import { fullName } from './hooks';
import type { Pending } from './user-row';
import {
  COMPLIMENTARY_DAYS_FOR_ROLE,
  COMPLIMENTARY_DAYS_MAX,
  COMPLIMENTARY_DAYS_MIN,
} from '@drone-exam/shared/schemas/admin-values';

const ROLE_LABEL = { user: 'User', admin: 'Admin' } as const;

function copyFor(pending: Pending) {
  const name = fullName(pending.user);
  switch (pending.kind) {
    case 'delete':
      return { title: `Delete ${name}?`, body: DELETE_USER_CONFIRMATION, confirm: 'Delete user' };
    case 'deactivate':
      return {
        title: `Deactivate ${name}?`,
        body: 'They are signed out at once and cannot sign in until an admin activates the account again.',
        confirm: 'Deactivate',
      };
    case 'role':
      return {
        title: `Make ${name} ${pending.role === 'admin' ? 'an Admin' : 'a User'}?`,
        body:
          pending.role === 'admin'
            ? 'Admins manage users, content and email, and count as premium. They are signed out and sign in again with the new role.'
            : 'They lose access to the admin console, and are signed out to sign in again with the new role.',
        confirm: `Make ${ROLE_LABEL[pending.role]}`,
      };
    case 'grant':
      return {
        title: `Give ${name} premium`,
        body: `Complimentary premium starts now, or when their current premium ends (${formatDate(pending.user.premiumUntil)}). It shows in their history as complimentary, never as a payment.`,
        confirm: 'Grant premium',
      };
    case 'revoke':
      return {
        title: `Revoke ${name}'s complimentary premium?`,
        body: 'What is left of every complimentary grant ends now. Periods they paid for are kept.',
        confirm: 'Revoke premium',
      };
  }
}

/** The days and reason of a grant, checked with the schema the API uses. */
function GrantFields({
  value,
  errors,
  onChange,
}: {
  value: { days: string; reason: string };
  errors: Record<string, string>;
  onChange: (value: { days: string; reason: string }) => void;
}) {
  return (
    <div className="mt-4 space-y-3">
      <Field
        label="Days of premium"
        type="number"
        inputMode="numeric"
        min={COMPLIMENTARY_DAYS_MIN}
        max={COMPLIMENTARY_DAYS_MAX}
        required
        value={value.days}
        error={errors.days}
        hint={`${COMPLIMENTARY_DAYS_MIN} to ${COMPLIMENTARY_DAYS_MAX} days`}
        onChange={(event) => onChange({ ...value, days: event.target.value })}
      />
      <Field
        label="Reason (kept in the activity feed)"
        maxLength={500}
        value={value.reason}
        error={errors.reason}
        onChange={(event) => onChange({ ...value, reason: event.target.value })}
      />
    </div>
  );
}

export function Confirmation({
  pending,
  busy,
  onConfirm,
  onCancel,
}: {
  pending: Pending | null;
  busy: boolean;
  /** The grant's checked days and reason when the dialog is a grant. */
  onConfirm: (grant?: GrantPremiumInput) => void;
  onCancel: () => void;
}) {
  // The page keys this dialog by what it asks, so every grant starts from the defaults.
  const [grant, setGrant] = useState({ days: String(COMPLIMENTARY_DAYS_FOR_ROLE), reason: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const copy = pending ? copyFor(pending) : { title: '', body: '', confirm: '' };
  const confirm = () => {
    if (pending?.kind !== 'grant') return onConfirm();
    const checked = GrantPremiumSchema.safeParse(grant);
    if (!checked.success) return setErrors(fieldErrors(checked.error));
    setErrors({});
    onConfirm(checked.data);
  };
  return (
    <ConfirmDialog
      open={pending !== null}
      title={copy.title}
      confirmLabel={copy.confirm}
      busyLabel="Working…"
      danger={
        pending?.kind === 'delete' || pending?.kind === 'deactivate' || pending?.kind === 'revoke'
      }
      busy={busy}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <p>{copy.body}</p>
      {pending?.kind === 'grant' && (
        <GrantFields value={grant} errors={errors} onChange={setGrant} />
      )}
    </ConfirmDialog>
  );
}
