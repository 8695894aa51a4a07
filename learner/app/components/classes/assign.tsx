import { useState } from 'react';
import { Form } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { Roster } from '@drone-exam/shared/schemas/classes';
import {
  ASSIGNMENT_KINDS,
  ASSIGNMENT_QUESTIONS_MAX,
  ASSIGNMENT_QUESTIONS_MIN,
  type AssignmentKind,
} from '@drone-exam/shared/schemas/classes-values';
import { QUESTION_CATEGORIES } from '@drone-exam/shared/schemas/quiz-values';
import { Button, Field, SelectField } from '@drone-exam/shared/ui/ui';
import { FormCard, useFailure } from './form-card';
import type { FieldErrors } from '../../lib/form-data';
import { useFormat } from '../../i18n/hooks';
import { useAssignmentText } from './assignments';

type AssignResult =
  | { ok: true }
  | { ok: false; error?: string; errors?: FieldErrors; values?: Record<string, unknown> };

/** Completion per assignment, as the instructor sees it. */
export function ClassAssignments({
  assignments,
  members,
}: {
  assignments: Roster['assignments'];
  members: number;
}) {
  const { t } = useTranslation('classes');
  const describe = useAssignmentText();
  const format = useFormat();
  return (
    <section aria-labelledby="assignments-title" className="mt-10">
      <h2 id="assignments-title" className="text-lg font-semibold text-slate-900">
        {t('assignments')}
      </h2>
      {assignments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('noAssignments')}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {assignments.map((assignment) => (
            <li
              key={assignment.id}
              className="text-sm text-slate-800"
              data-testid="class-assignment"
            >
              <span className="font-medium">{describe(assignment)}</span> ·{' '}
              {t('due', { date: format.date(assignment.dueAt, { timeZone: 'UTC' }) })} ·{' '}
              {t('roster.completion', { done: assignment.completed, members })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The assignment form: only the chosen kind's fields are shown and sent. */
export function AssignForm({
  modules,
  result,
  busy,
}: {
  modules: ReadonlyArray<{ slug: string; title: string }>;
  result: AssignResult | null;
  busy: boolean;
}) {
  const { t } = useTranslation(['classes', 'common']);
  const { failed, error } = useFailure(result);
  const [kind, setKind] = useState<AssignmentKind>(
    (failed?.values?.kind as AssignmentKind | undefined) ?? 'read-module',
  );
  return (
    <FormCard
      className="mt-6"
      title={t('roster.assignTitle')}
      done={result?.ok ? t('roster.assigned') : null}
      failure={failed}
    >
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="assign" />
        <SelectField
          label={t('roster.kind')}
          name="kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as AssignmentKind)}
          error={error('kind')}
        >
          {ASSIGNMENT_KINDS.map((option) => (
            <option key={option} value={option}>
              {t(`kinds.${option}`, { module: '…', topic: '…', count: ASSIGNMENT_QUESTIONS_MIN })}
            </option>
          ))}
        </SelectField>
        {kind === 'read-module' && (
          <SelectField label={t('roster.module')} name="moduleSlug" error={error('moduleSlug')}>
            {modules.map((module) => (
              <option key={module.slug} value={module.slug}>
                {module.title}
              </option>
            ))}
          </SelectField>
        )}
        {kind === 'practise-topic' && (
          <>
            <SelectField label={t('roster.topic')} name="category" error={error('category')}>
              {QUESTION_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`common:categories.${category}`)}
                </option>
              ))}
            </SelectField>
            <Field
              label={t('roster.questionCount')}
              name="questionCount"
              type="number"
              min={ASSIGNMENT_QUESTIONS_MIN}
              max={ASSIGNMENT_QUESTIONS_MAX}
              defaultValue="20"
              error={error('questionCount')}
            />
          </>
        )}
        <Field
          label={t('roster.dueDate')}
          name="dueDate"
          type="date"
          required
          error={error('dueAt')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" loading={busy}>
            {t('roster.assign')}
          </Button>
        </div>
      </Form>
    </FormCard>
  );
}
