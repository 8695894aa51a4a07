import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Button } from '@drone-exam/shared/ui/ui';

/**
 * The dialog's code loads when the pointer or focus reaches the button, or at the latest when it
 * is pressed: it stays out of the quiz and results pages' start-up JavaScript.
 */
const loadDialog = () => import('./report-dialog');
const ReportDialog = lazy(() => loadDialog().then((module) => ({ default: module.ReportDialog })));

/**
 * "Report a problem" on an answered question (issue 18): a modal dialog with the reasons and an
 * optional comment (report-dialog.tsx). `onOpenChange` lets the quiz pause its keyboard shortcuts
 * while it is open.
 */
export function ReportProblem({
  questionId,
  questionNumber,
  onOpenChange,
}: {
  questionId: string;
  questionNumber: number;
  onOpenChange?: (open: boolean) => void;
}) {
  const { t } = useTranslation('quiz');
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [reported, setReported] = useState(false);
  const show = (next: boolean) => {
    onOpenChange?.(next);
    setOpen(next);
    if (next) setOpened(true);
  };
  return (
    <>
      <Button
        variant="ghost"
        className="px-2 py-1 text-sky-800"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => show(true)}
      >
        {reported ? t('report.reported') : t('report.open')}
        <span className="sr-only"> {t('report.withQuestion', { number: questionNumber })}</span>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ReportDialog
            questionId={questionId}
            questionNumber={questionNumber}
            open={open}
            onClose={() => show(false)}
            onSent={() => setReported(true)}
          />
        </Suspense>
      )}
    </>
  );
}
