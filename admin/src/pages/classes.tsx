import { useState } from 'react';
import type { AdminClass } from '@drone-exam/shared/schemas/classes';
import { Field } from '@drone-exam/shared/ui/ui';
import { useDebounced } from '../lib/use-debounced';
import { plural } from '../lib/format';
import {
  ConfirmDialog,
  ErrorPanel,
  LoadingRows,
  PageTitle,
  Pager,
  Panel,
  TableFrame,
  th,
} from '../components/admin-ui';
import { instructorName, useClasses, useSuspension } from '../classes/hooks';
import { ClassRow } from '../classes/class-row';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '../lib/constants';

const COLUMNS = [
  'Class',
  'Exam',
  'Instructor',
  'Members',
  'Seats used / bought',
  'Created',
  'Status',
  'Actions',
];

/**
 * Classes (issue 30): every class learners opened, searched by name, and suspension. A suspended
 * class's code stops working and its instructor cannot set assignments; nothing is deleted.
 */
export function ClassesPage() {
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<AdminClass | null>(null);
  const classes = useClasses(page, search);
  const suspension = useSuspension(() => setPending(null));
  const suspending = pending !== null && pending.suspendedAt === null;

  return (
    <section aria-labelledby="admin-page-title" className="space-y-6">
      <PageTitle title="Classes" />
      <Panel title="All classes">
        <div className="mb-4 max-w-md">
          <Field
            label="Search classes"
            type="search"
            placeholder="Class name"
            value={searchText}
            onChange={(event) => {
              setSearchText(event.target.value);
              setPage(1);
            }}
          />
        </div>
        {classes.isPending ? (
          <LoadingRows rows={6} label="Loading classes" />
        ) : classes.isError ? (
          <ErrorPanel error={classes.error} onRetry={() => classes.refetch()} />
        ) : classes.data.classes.length === 0 ? (
          <p className="py-6 text-center text-slate-600">
            {search ? 'No class has a name like this.' : 'No classes yet.'}
          </p>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {plural(classes.data.pagination.totalItems, 'class', 'classes')}
            </p>
            <TableFrame caption="Classes">
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
                {classes.data.classes.map((row) => (
                  <ClassRow key={row.id} row={row} busy={suspension.isPending} onAsk={setPending} />
                ))}
              </tbody>
            </TableFrame>
            <Pager
              label="Class pages"
              page={page}
              totalPages={classes.data.pagination.totalPages}
              hasNextPage={classes.data.pagination.hasNextPage}
              onPage={setPage}
            />
          </>
        )}
      </Panel>
      <ConfirmDialog
        open={pending !== null}
        title={
          pending
            ? suspending
              ? `Suspend ${pending.name}?`
              : `Lift the suspension of ${pending.name}?`
            : ''
        }
        confirmLabel={suspending ? 'Suspend class' : 'Unsuspend class'}
        busyLabel="Working…"
        danger={suspending}
        busy={suspension.isPending}
        onConfirm={() => pending && suspension.mutate({ row: pending, suspend: suspending })}
        onCancel={() => setPending(null)}
      >
        {pending && (
          <p>
            {suspending
              ? `Its code stops working at once and ${instructorName(pending)} can no longer set assignments. Its members keep their progress; nothing is deleted.`
              : `Its code works again and ${instructorName(pending)} can set assignments again.`}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
