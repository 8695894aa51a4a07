import { useSearchParams } from 'react-router';
import { EXAM_IDS, type ExamId } from '@drone-exam/shared/schemas/exam-values';
import { EXAM_LABELS } from '../content/exam-checkboxes';

const isExam = (value: string | null): value is ExamId =>
  (EXAM_IDS as readonly string[]).includes(value ?? '');

/**
 * The exam a page is filtered by (issue 28), kept in the URL's `?exam=` so a filtered view can be
 * reloaded, shared and gone back to; '' for every exam. An unknown value reads as every exam.
 */
export function useExamFilter(): [ExamId | '', (exam: ExamId | '') => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('exam');
  const setExam = (exam: ExamId | '') =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (exam) next.set('exam', exam);
        else next.delete('exam');
        return next;
      },
      { replace: true },
    );
  return [isExam(raw) ? raw : '', setExam];
}

export function ExamFilter({
  id,
  value,
  onChange,
  className,
  hiddenLabel = false,
}: {
  id: string;
  value: ExamId | '';
  onChange: (exam: ExamId | '') => void;
  className: string;
  /** In a row of filters whose labels are for screen readers only. */
  hiddenLabel?: boolean;
}) {
  return (
    <div>
      <label
        htmlFor={id}
        className={hiddenLabel ? 'sr-only' : 'mr-2 text-sm font-medium text-slate-800'}
      >
        Exam
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ExamId | '')}
        className={className}
      >
        <option value="">All exams</option>
        {EXAM_IDS.map((exam) => (
          <option key={exam} value={exam}>
            {EXAM_LABELS[exam]}
          </option>
        ))}
      </select>
    </div>
  );
}
