import { Suspense } from 'react';
import { Await } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { MemberClass } from '@drone-exam/shared/schemas/classes';
import { Card } from '@drone-exam/shared/ui/ui';
import { Link } from '../links';
import { AssignmentList } from './assignments';

/** The assignments of the learner's classes on the dashboard; nothing when they are in none. */
export function ClassAssignmentsPanel({ data }: { data: Promise<MemberClass[]> }) {
  return (
    <Suspense fallback={null}>
      <Await resolve={data}>{(classes) => <Panel classes={classes} />}</Await>
    </Suspense>
  );
}

function Panel({ classes }: { classes: MemberClass[] }) {
  const { t } = useTranslation('classes');
  if (classes.length === 0) return null;
  return (
    <section aria-labelledby="class-assignments-title" className="mt-10">
      <h2 id="class-assignments-title" className="text-xl font-semibold text-slate-900">
        {t('assignments')}
      </h2>
      <ul className="mt-4 space-y-4">
        {classes.map((joined) => (
          <li key={joined.id}>
            <Card>
              <h3 className="font-semibold text-slate-900">
                <Link to="/classes" className="hover:underline">
                  {joined.name}
                </Link>
              </h3>
              <AssignmentList assignments={joined.assignments} />
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
