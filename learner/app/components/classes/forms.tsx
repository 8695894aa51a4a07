import { Form } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { Button, CheckboxField, Field, SelectField } from '@drone-exam/shared/ui/ui';
import { EXAM_IDS } from '@drone-exam/shared/schemas/exam-values';
import type { FieldErrors } from '../../lib/form-data';
import { FormCard, useFailure } from './form-card';

export type FormResult =
  | { intent: 'create' | 'join'; ok: true; name: string }
  | { intent: 'leave'; ok: true }
  | {
      intent: 'create' | 'join' | 'leave';
      ok: false;
      error?: string;
      errors?: FieldErrors;
      values?: Record<string, unknown>;
    };

const text = (values: Record<string, unknown> | undefined, key: string) =>
  typeof values?.[key] === 'string' ? (values[key] as string) : undefined;

/** The join form: what the instructor will and will never see, then an explicit consent box. */
export function JoinClassForm({ result, busy }: { result: FormResult | null; busy: boolean }) {
  const { t } = useTranslation('classes');
  const { failed, error } = useFailure(result);
  return (
    <FormCard
      title={t('join.title')}
      done={result?.ok && 'name' in result ? t('join.done', { name: result.name }) : null}
      failure={failed}
    >
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="join" />
        <Field
          label={t('join.code')}
          name="code"
          autoComplete="off"
          hint={t('join.codeHint')}
          defaultValue={text(failed?.values, 'code')}
          error={error('code')}
          required
        />
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          <p data-testid="join-sees">{t('join.sees')}</p>
          <p className="mt-2" data-testid="join-never">
            {t('join.never')}
          </p>
        </div>
        <CheckboxField name="consent" label={t('join.consent')} error={error('consent')} />
        <Button type="submit" loading={busy}>
          {t('join.submit')}
        </Button>
      </Form>
    </FormCard>
  );
}

export function CreateClassForm({ result, busy }: { result: FormResult | null; busy: boolean }) {
  const { t } = useTranslation('classes');
  const { failed, error } = useFailure(result);
  return (
    <FormCard
      title={t('create.title')}
      done={result?.ok ? t('create.done') : null}
      failure={failed}
    >
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="create" />
        <Field
          label={t('create.name')}
          name="name"
          defaultValue={text(failed?.values, 'name')}
          error={error('name')}
          required
        />
        <SelectField
          label={t('create.exam')}
          name="exam"
          defaultValue={text(failed?.values, 'exam') ?? 'basic'}
          error={error('exam')}
        >
          {EXAM_IDS.map((exam) => (
            <option key={exam} value={exam}>
              {t(`exams.${exam}`)}
            </option>
          ))}
        </SelectField>
        <Field
          label={t('create.examDate')}
          name="examDate"
          type="date"
          defaultValue={text(failed?.values, 'examDate')}
          error={error('examDate')}
        />
        <Button type="submit" loading={busy}>
          {t('create.submit')}
        </Button>
      </Form>
    </FormCard>
  );
}
