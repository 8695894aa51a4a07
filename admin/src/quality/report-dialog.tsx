import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { QuestionReportUpdateSchema } from '@drone-exam/shared/schemas/quality';
import { fieldErrors } from '@drone-exam/shared/validation';
import { Alert, Button, TextAreaField } from '@drone-exam/shared/ui/ui';
import { QUESTION_REPORT_NOTE_MAX } from '@drone-exam/shared/schemas/quality-values';

export type ReportAction = { status: 'resolved' | 'rejected'; count: number; question: string };

/**
 * Resolving or rejecting a question's open reports: a note (required, kept with the reports and
 * sent to the reporters of a resolution) and, when resolving, whether to email them. A modal on
 * the native <dialog>: focus moves in and back, Escape cancels.
 */
export function ReportActionDialog({
  action,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  action: ReportAction | null;
  busy: boolean;
  error: string | null;
  onSubmit: (update: { note: string; notify: boolean }) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [note, setNote] = useState('');
  const [notify, setNotify] = useState(true);
  const [noteError, setNoteError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (action && !dialog.open) {
      setNote('');
      setNotify(true);
      setNoteError(null);
      dialog.showModal();
    }
    if (!action && dialog.open) dialog.close();
  }, [action]);

  const resolving = action?.status === 'resolved';
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = QuestionReportUpdateSchema.safeParse({
      status: action!.status,
      note,
      notify: resolving && notify,
    });
    if (!checked.success) {
      setNoteError(fieldErrors(checked.error).note ?? checked.error.issues[0]!.message);
      event.currentTarget.querySelector('textarea')?.focus();
      return;
    }
    onSubmit({ note: checked.data.note, notify: checked.data.notify });
  }

  const reports = action?.count === 1 ? 'the report' : `all ${action?.count ?? 0} open reports`;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-900/40"
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {resolving ? 'Resolve' : 'Reject'} {reports}
        </h2>
        <p className="text-sm text-slate-700">“{action?.question}”</p>
        <TextAreaField
          label={resolving ? 'What did you correct?' : 'Why is the question right as it is?'}
          required
          rows={4}
          maxLength={QUESTION_REPORT_NOTE_MAX}
          value={note}
          error={noteError}
          onChange={(event) => setNote(event.target.value)}
        />
        {resolving && (
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={notify}
              onChange={(event) => setNotify(event.target.checked)}
              className="mt-0.5 h-4 w-4 accent-sky-700"
            />
            Email the reporters (“Thanks, we corrected …” with your note)
          </label>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={resolving ? 'primary' : 'danger'}
            loading={busy}
            loadingText="Saving…"
          >
            {resolving ? 'Resolve' : 'Reject'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
