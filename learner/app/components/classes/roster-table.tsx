import { Form } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { Roster } from '@drone-exam/shared/schemas/classes';
import type { RosterSort } from '@drone-exam/shared/schemas/classes-values';
import { EmptyState } from '@drone-exam/shared/ui/ui';
import { useFormat } from '../../i18n/hooks';
import { Link } from '../links';

const COLUMNS: readonly RosterSort[] = [
  'name',
  'passProbability',
  'answered',
  'modulesCompleted',
  'attemptsCompleted',
  'assignmentsDone',
  'lastActiveDay',
];

/**
 * The roster, sortable by any column and paged. On a phone the table scrolls sideways with the
 * learner's name held at the left, so every figure stays beside whose it is.
 */
export function RosterTable({
  roster,
  sort,
  order,
  busy,
}: {
  roster: Roster;
  sort: RosterSort;
  order: 'asc' | 'desc';
  busy: boolean;
}) {
  const { t } = useTranslation(['classes', 'common']);
  const format = useFormat();
  const { students, pagination } = roster;
  const link = (params: { sort?: RosterSort; order?: string; page?: number }) => {
    const query = new URLSearchParams({
      sort: params.sort ?? sort,
      order: params.order ?? order,
      page: String(params.page ?? 1),
    });
    return `?${query.toString()}`;
  };
  return (
    <section aria-labelledby="roster-title" className="mt-8">
      <h2 id="roster-title" className="text-lg font-semibold text-slate-900">
        {t('roster.title')}
      </h2>
      {pagination.totalItems === 0 ? (
        <EmptyState title={t('roster.empty')} />
      ) : (
        <>
          <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="min-w-full text-left text-sm" data-testid="roster">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {COLUMNS.map((column) => {
                    const active = column === sort;
                    const next = active && order === 'asc' ? 'desc' : 'asc';
                    return (
                      <th
                        key={column}
                        scope="col"
                        aria-sort={
                          active ? (order === 'asc' ? 'ascending' : 'descending') : undefined
                        }
                        className={`px-3 py-2 font-semibold whitespace-nowrap ${column === 'name' ? 'sticky left-0 bg-slate-50' : ''}`}
                      >
                        <Link
                          to={link({ sort: column, order: next })}
                          className="text-slate-800 hover:underline"
                          aria-label={t('roster.sortBy', { column: t(`roster.${column}`) })}
                        >
                          {t(`roster.${column}`)}
                          {active ? (order === 'asc' ? ' ▲' : ' ▼') : ''}
                        </Link>
                      </th>
                    );
                  })}
                  <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                    {t('roster.topics')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">{t('roster.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {students.map((student) => {
                  const name = `${student.firstName} ${student.lastName}`;
                  return (
                    <tr key={student.userId} data-testid="roster-row">
                      <th
                        scope="row"
                        className="sticky left-0 bg-white px-3 py-2 font-medium whitespace-nowrap text-slate-900"
                      >
                        {name}
                      </th>
                      <td className="px-3 py-2">
                        {student.passProbability === null
                          ? t('roster.notYet')
                          : format.percent(student.passProbability * 100)}
                      </td>
                      <td className="px-3 py-2">{format.number(student.answered)}</td>
                      <td className="px-3 py-2">{format.number(student.modulesCompleted)}</td>
                      <td className="px-3 py-2">{format.number(student.attemptsCompleted)}</td>
                      <td className="px-3 py-2 whitespace-nowrap" data-testid="assignments-done">
                        {t('roster.of', {
                          done: student.assignmentsDone,
                          total: student.assignmentsTotal,
                        })}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap">
                        {student.lastActiveDay
                          ? format.date(student.lastActiveDay, { timeZone: 'UTC' })
                          : t('roster.never')}
                      </td>
                      <td className="px-3 py-2">
                        {student.weakest.map((area) => t(`common:categories.${area}`)).join(', ')}
                      </td>
                      <td className="px-3 py-2" aria-label={t('roster.actions')}>
                        <Form method="post">
                          <input type="hidden" name="intent" value="remove" />
                          <input type="hidden" name="userId" value={student.userId} />
                          <button
                            type="submit"
                            disabled={busy}
                            className="rounded-md px-2 py-1 text-sm font-semibold whitespace-nowrap text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-sky-600"
                          >
                            {t('roster.remove', { name })}
                          </button>
                        </Form>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <nav
            aria-label={t('roster.title')}
            className="mt-3 flex items-center justify-between gap-3 text-sm"
          >
            {pagination.hasPrevPage ? (
              <Link
                to={link({ page: pagination.currentPage - 1 })}
                className="text-sky-800 hover:underline"
              >
                {t('roster.previous')}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-slate-700">
              {t('roster.page', { page: pagination.currentPage, pages: pagination.totalPages })}
            </span>
            {pagination.hasNextPage ? (
              <Link
                to={link({ page: pagination.currentPage + 1 })}
                className="text-sky-800 hover:underline"
              >
                {t('roster.next')}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        </>
      )}
    </section>
  );
}
