import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../i18n/react';
import { Alert, Button } from '@drone-exam/shared/ui/ui';
import { api } from '../../lib/api';
import type { FieldErrors } from '../../lib/form-data';
import { useFormat, useMessage } from '../../i18n/hooks';
import {
  QUESTION_REPORT_COMMENT_MAX,
  QUESTION_REPORT_REASONS,
} from '@drone-exam/shared/schemas/quality-values';

/**
 * The form validates with the API's own schema, loaded when it is first sent: the validation
 * library stays out of the quiz and results pages' start-up JavaScript.
 */
const reportForms = () => import('./report-forms');

/** Shown when the API gave no reason (the catalog's `report.notSent`, by its English id). */
const REPORT_NOT_SENT = 'Your report could not be sent. Please try again.';

type Sent = { state: 'idle' } | { state: 'sending' } | { state: 'sent'; message: string };

/** Sends one report; a report already open for this question counts as sent, with its words. */
function useQuestionReport(questionId: string) {
  const [sent, setSent] = useState<Sent>({ state: 'idle' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function send(values: { reason: unknown; comment: string }) {
    setFailure(null);
    const { validateForm, QuestionReportSchema, QUESTION_REPORT_SENT } = await reportForms();
    const checked = validateForm(QuestionReportSchema, values);
    if (!checked.ok) {
      // Committed at once, so the caller can move focus to the field now marked invalid.
      flushSync(() => setErrors(checked.errors));
      return false;
    }
    setErrors({});
    setSent({ state: 'sending' });
    const result = await api(`/questions/${encodeURIComponent(questionId)}/reports`, {
      method: 'POST',
      body: checked.data,
    });
    // Committed at once, so the caller can move focus to the result's button.
    if (result.success) {
      flushSync(() => setSent({ state: 'sent', message: QUESTION_REPORT_SENT }));
      return true;
    }
    if (result.code === 'REPORT_EXISTS') {
      flushSync(() => setSent({ state: 'sent', message: result.error }));
      return true;
    }
    flushSync(() => {
      setSent({ state: 'idle' });
      setErrors(result.fields ?? {});
      setFailure(result.error || REPORT_NOT_SENT);
    });
    return false;
  }

  return { sent, errors, failure, send };
}

/**
 * The "Report a problem" dialog (report-problem.tsx opens it): the reasons and an optional comment.
 * It opens as a modal when it mounts and whenever `open` turns true; focus moves into it and back
 * to the button that opened it, Escape closes it, and the result is announced.
 */
export function ReportDialog({
  questionId,
  questionNumber,
  open,
  onClose,
  onSent,
}: {
  questionId: string;
  questionNumber: number;
  open: boolean;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation('quiz');
  const message = useMessage();
  const format = useFormat();
  const dialog = useRef<HTMLDialogElement>(null);
  const done = useRef<HTMLButtonElement>(null);
  const [reason, setReason] = useState<string>('');
  const [comment, setComment] = useState('');
  const { sent, errors, failure, send } = useQuestionReport(questionId);
  const titleId = useId();
  const reasonId = useId();
  const commentId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
  }, [open]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // React lets go of the event's target once the handler yields.
    const form = event.currentTarget;
    if (await send({ reason: reason || undefined, comment })) {
      onSent();
      // The result replaces the form: focus goes to its one action, so it is read out.
      done.current?.focus();
    } else {
      const first = form.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
      first?.focus();
    }
  }

  const reported = sent.state === 'sent';
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-1.5rem))] rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t('report.title', { number: questionNumber })}
        </h2>
        {reported ? (
          <div className="mt-4 space-y-4">
            <Alert tone="success">{message(sent.message)}</Alert>
            <div className="flex justify-end">
              <Button
                ref={done}
                onClick={() => dialog.current?.close()}
                className="w-full sm:w-auto"
              >
                {t('report.close')}
              </Button>
            </div>
          </div>
        ) : (
          <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
            <fieldset
              aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
              className="space-y-2"
            >
              <legend className="text-sm font-medium text-slate-800">
                {t('report.whatIsWrong')}
              </legend>
              {QUESTION_REPORT_REASONS.map((value, i) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-900 has-[:checked]:border-sky-600 has-[:checked]:bg-sky-50"
                >
                  <input
                    type="radio"
                    name="reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                    data-invalid={errors.reason && i === 0 ? true : undefined}
                    className="mt-0.5 h-4 w-4 accent-sky-700"
                  />
                  {t(`report.reasons.${value}`)}
                </label>
              ))}
              {errors.reason && (
                <p id={`${reasonId}-error`} className="text-sm text-red-700">
                  {message(errors.reason)}
                </p>
              )}
            </fieldset>
            <div>
              <label htmlFor={commentId} className="block text-sm font-medium text-slate-800">
                {t('report.comment')}
              </label>
              <textarea
                id={commentId}
                name="comment"
                rows={4}
                maxLength={QUESTION_REPORT_COMMENT_MAX}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
                aria-invalid={errors.comment ? true : undefined}
                aria-describedby={`${commentId}-count${errors.comment ? ` ${commentId}-error` : ''}`}
                placeholder={t('report.commentPlaceholder')}
                className={`mt-1 block w-full rounded-lg border px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-sky-600 ${errors.comment ? 'border-red-500' : 'border-slate-300'}`}
              />
              <p id={`${commentId}-count`} className="mt-1 text-xs text-slate-500">
                {t('report.count', {
                  used: format.number(comment.length),
                  max: format.number(QUESTION_REPORT_COMMENT_MAX),
                })}
              </p>
              {errors.comment && (
                <p id={`${commentId}-error`} className="mt-1 text-sm text-red-700">
                  {message(errors.comment)}
                </p>
              )}
            </div>
            {failure && <Alert tone="error">{message(failure)}</Alert>}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => dialog.current?.close()}>
                {t('report.cancel')}
              </Button>
              <Button
                type="submit"
                loading={sent.state === 'sending'}
                loadingText={t('report.sending')}
              >
                {t('report.send')}
              </Button>
            </div>
          </form>
        )}
      </div>
    </dialog>
  );
}
