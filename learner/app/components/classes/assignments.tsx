import { useTranslation } from '../../i18n/react';
import type { Assignment } from '@drone-exam/shared/schemas/classes';
import { Badge } from '@drone-exam/shared/ui/ui';
import { Link } from '../links';
import { useFormat } from '../../i18n/hooks';

/** What an assignment asks, in the learner's words. */
export function useAssignmentText() {
  const { t } = useTranslation(['classes', 'common']);
  return (assignment: Assignment) =>
    t(`classes:kinds.${assignment.kind}`, {
      module: assignment.moduleSlug ?? '',
      topic: assignment.category ? t(`common:categories.${assignment.category}`) : '',
      count: assignment.questionCount ?? 0,
    });
}

/** A class's assignments as its learner sees them, each done or to do from what they did. */
export function AssignmentList({
  assignments,
}: {
  assignments: ReadonlyArray<Assignment & { done: boolean }>;
}) {
  const { t } = useTranslation('classes');
  const describe = useAssignmentText();
  const format = useFormat();
  if (assignments.length === 0)
    return <p className="mt-3 text-sm text-slate-600">{t('noAssignments')}</p>;
  return (
    <div className="mt-4">
      <h4 className="text-sm font-semibold text-slate-900">{t('assignments')}</h4>
      <ul className="mt-2 space-y-2">
        {assignments.map((assignment) => (
          <li
            key={assignment.id}
            className="flex flex-wrap items-center gap-2 text-sm text-slate-800"
            data-testid="assignment"
          >
            <Badge tone={assignment.done ? 'green' : 'slate'}>
              {assignment.done ? t('done') : t('todo')}
            </Badge>
            {assignment.kind === 'read-module' && assignment.moduleSlug ? (
              <Link
                to={`/study/${assignment.moduleSlug}`}
                className="font-medium text-sky-800 hover:underline"
              >
                {describe(assignment)}
              </Link>
            ) : (
              <span className="font-medium">{describe(assignment)}</span>
            )}
            <span className="text-slate-600">
              {t('due', { date: format.date(assignment.dueAt, { timeZone: 'UTC' }) })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
