import { useTranslation } from '../../i18n/react';
import type { Exam } from '@drone-exam/shared/schemas/exam';
import type { ExamId } from '@drone-exam/shared/schemas/exam-values';

/** Which exam the quiz practises (issue 28): its questions, and in exam mode its figures. */
export function ExamChoice({
  exams,
  value,
  onChange,
  error,
}: {
  exams: Exam[];
  value: ExamId;
  onChange: (exam: ExamId) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation(['practice']);
  return (
    <fieldset aria-describedby={error ? 'exam-error' : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t('setup.exam')}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {exams.map((exam) => (
          <label
            key={exam.id}
            className={`flex cursor-pointer items-center gap-3 rounded-lg border p-3 ${value === exam.id ? 'border-sky-600 bg-sky-50 ring-1 ring-sky-600' : 'border-slate-300 hover:bg-slate-50'}`}
          >
            <input
              type="radio"
              name="exam"
              value={exam.id}
              checked={value === exam.id}
              onChange={() => onChange(exam.id)}
            />
            <span className="text-sm text-slate-800">
              <strong className="block font-semibold text-slate-900">{exam.name}</strong>
              {t('setup.examPassMark', { mark: exam.passMark })}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="exam-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
