import { EXAM_IDS, type ExamId } from '@drone-exam/shared/schemas/exam-values';

export const EXAM_LABELS: Record<ExamId, string> = { basic: 'Basic', advanced: 'Advanced' };

/** The exams a question or module belongs to (issue 28): at least one, which the API checks. */
export function ExamCheckboxes({
  value,
  onChange,
  error,
}: {
  value: ExamId[];
  onChange: (exams: ExamId[]) => void;
  error?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Exams</legend>
      <div className="mt-2 flex gap-5">
        {EXAM_IDS.map((exam) => (
          <label key={exam} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={value.includes(exam)}
              onChange={(event) =>
                onChange(
                  EXAM_IDS.filter((id) =>
                    id === exam ? event.target.checked : value.includes(id),
                  ),
                )
              }
              className="h-4 w-4 accent-sky-700"
            />
            {EXAM_LABELS[exam]}
          </label>
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
