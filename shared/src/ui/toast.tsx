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

type Tone = 'default' | 'success' | 'error';
type Toast = { id: number; tone: Tone; message: string };
type ToastApi = {
  show: (message: string, tone?: Tone) => void;
  success: (m: string) => void;
  error: (m: string) => void;
};

const ToastContext = createContext<ToastApi | null>(null);
const DURATION: Record<Tone, number> = {
  default: TOAST_DEFAULT_MS,
  success: TOAST_SUCCESS_MS,
  error: TOAST_ERROR_MS,
};
const TONE_CLASS: Record<Tone, string> = {
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
    (message: string, tone: Tone = 'default') => {
      const id = nextId.current++;
      setToasts((all) => [...all, { id, tone, message }].slice(-TOAST_LIMIT));
      setTimeout(() => dismiss(id), DURATION[tone]);
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
      <div
        aria-live="polite"
        className="pointer-events-none fixed top-4 right-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.tone === 'error' ? 'alert' : 'status'}
            className={`pointer-events-auto flex items-start justify-between gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ${TONE_CLASS[toast.tone]}`}
          >
            <span>{toast.message}</span>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="opacity-80 hover:opacity-100"
              aria-label="Dismiss"
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside ToastProvider');
  return toast;
}
