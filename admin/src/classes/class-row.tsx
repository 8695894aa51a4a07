import type { AdminClass } from '@drone-exam/shared/schemas/classes';
import { Badge, Button } from '@drone-exam/shared/ui/ui';
import { td } from '../components/admin-ui';
import { formatCount, formatDate } from '../lib/format';
import { instructorName } from './hooks';

const EXAM_LABEL = { basic: 'Basic', advanced: 'Advanced' } as const;

export function ClassRow({
  row,
  busy,
  onAsk,
}: {
  row: AdminClass;
  busy: boolean;
  onAsk: (row: AdminClass) => void;
}) {
  const suspended = row.suspendedAt !== null;
  return (
    <tr>
      <th scope="row" className={`${td} text-left font-medium text-slate-900`}>
        {row.name}
      </th>
      <td className={td}>{EXAM_LABEL[row.exam]}</td>
      <td className={td}>
        <p>{instructorName(row)}</p>
        <p className="text-slate-600">{row.instructor.email}</p>
      </td>
      <td className={td}>{formatCount(row.members)}</td>
      <td className={td}>
        {formatCount(row.seats.used)} / {formatCount(row.seats.bought)}
      </td>
      <td className={td}>{formatDate(row.createdAt)}</td>
      <td className={td}>
        {suspended ? (
          <Badge tone="red">Suspended {formatDate(row.suspendedAt)}</Badge>
        ) : (
          <Badge tone="green">Active</Badge>
        )}
      </td>
      <td className={td}>
        <Button
          variant={suspended ? 'secondary' : 'danger'}
          className="px-3 py-1"
          disabled={busy}
          onClick={() => onAsk(row)}
          aria-label={suspended ? `Lift the suspension of ${row.name}` : `Suspend ${row.name}`}
        >
          {suspended ? 'Unsuspend' : 'Suspend'}
        </Button>
      </td>
    </tr>
  );
}
