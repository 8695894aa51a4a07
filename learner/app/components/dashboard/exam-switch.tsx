import { Form, useNavigation } from 'react-router';
import { EXAM_IDS, type ExamId } from '@drone-exam/shared/schemas/exam-values';
import { useTranslation } from '../../i18n/react';

/**
 * The learner's target exam (issue 28): readiness, the pools and practice follow it. Switching
 * keeps every answer; it only changes which exam is forecast and practised first.
 */
export function ExamSwitch({ current }: { current: ExamId }) {
  const { t } = useTranslation('dashboard');
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="mb-4">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="float-left mr-2 text-sm font-medium text-slate-800">
          {t('exam.label')}
        </legend>
        {EXAM_IDS.map((exam) => (
          <button
            key={exam}
            type="submit"
            name="targetExam"
            value={exam}
            disabled={busy}
            aria-pressed={exam === current}
            className={`rounded-lg border px-3 py-1.5 text-sm font-semibold ${exam === current ? 'border-sky-700 bg-sky-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
          >
            {t(`exam.${exam}`)}
          </button>
        ))}
      </fieldset>
    </Form>
  );
}
