import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

export const TOAST_DEFAULT_MS = 4000;
export const TOAST_SUCCESS_MS = 3000;
export const TOAST_ERROR_MS = 5000;
export const TOAST_LIMIT = 20;

export type ToastTone = 'default' | 'success' | 'error';
type Toast = { id: number; tone: ToastTone; message: string };
type ToastApi = {
  show: (message: string, tone?: ToastTone) => void;
  success: (m: string) => void;
  error: (m: string) => void;
};

const ToastContext = createContext<ToastApi | null>(null);
/** How long a toast of each tone stays. */
export const TOAST_DURATION_MS: Record<ToastTone, number> = {
  default: TOAST_DEFAULT_MS,
  success: TOAST_SUCCESS_MS,
  error: TOAST_ERROR_MS,
};
const TONE_CLASS: Record<ToastTone, string> = {
  default: 'bg-slate-900 text-white',
  success: 'bg-emerald-700 text-white',
  error: 'bg-red-700 text-white',
};

/** Toasts top-right (ARCHITECTURE.md): 4 s default, 3 s success, 5 s error, at most 20 at once. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback(
    (id: number) => setToasts((all) => all.filter((t) => t.id !== id)),
    [],
  );
  const show = useCallback(
    (message: string, tone: ToastTone = 'default') => {
      const id = nextId.current++;
      setToasts((all) => [...all, { id, tone, message }].slice(-TOAST_LIMIT));
      setTimeout(() => dismiss(id), TOAST_DURATION_MS[tone]);
    },
    [dismiss],
  );
  const value = useMemo<ToastApi>(
    () => ({ show, success: (m) => show(m, 'success'), error: (m) => show(m, 'error') }),
    [show],
  );
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div aria-live="polite" className={TOAST_STACK_CLASS}>
        {toasts.map((toast) => (
          <ToastCard
            key={toast.id}
            tone={toast.tone}
            message={toast.message}
            onDismiss={() => dismiss(toast.id)}
          />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/**
 * One toast as the provider shows it; without `onDismiss` it has no close button (a page that runs
 * no script shows it and lets it leave on its own).
 */
export function ToastCard({
  tone,
  message,
  onDismiss,
}: {
  tone: ToastTone;
  message: string;
  onDismiss?: () => void;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`pointer-events-auto flex items-start justify-between gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ${TONE_CLASS[tone]}`}
    >
      <span>{message}</span>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          className="opacity-80 hover:opacity-100"
          aria-label="Dismiss"
        >
          ×
        </button>
      )}
    </div>
  );
}

/** Where toasts stack: top right, above the page. */
export const TOAST_STACK_CLASS =
  'pointer-events-none fixed top-4 right-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2';

export function useToast(): ToastApi {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside ToastProvider');
  return toast;
}
