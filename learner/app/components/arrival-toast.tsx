import {
  TOAST_DURATION_MS,
  TOAST_STACK_CLASS,
  ToastCard,
  type ToastTone,
} from '@drone-exam/shared/ui/toast';

/**
 * A toast a page that runs no script shows as it arrives from the server (forgot password): where
 * and as the toasts of other pages show, leaving on its own after its tone's time (app.css
 * `toast-leave`).
 */
export function ArrivalToast({ tone, message }: { tone: ToastTone; message: string }) {
  return (
    <div className={TOAST_STACK_CLASS}>
      <div style={{ animation: `toast-leave 200ms ease-in ${TOAST_DURATION_MS[tone]}ms forwards` }}>
        <ToastCard tone={tone} message={message} />
      </div>
    </div>
  );
}
