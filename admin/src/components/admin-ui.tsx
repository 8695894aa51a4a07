import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Alert, Button, Skeleton } from '@drone-exam/shared/ui/ui';

/** A section of an admin page: a card with its own heading, so every panel is a landmark. */
export function Panel({
  title,
  actions,
  children,
  className = '',
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className}`}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h3 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h2 id="admin-page-title" className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}

export function StatCard({
  label,
  value,
  hint,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{value}</p>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
    </div>
  );
}

/** Stat cards two by two on a phone, four in a row on a wide screen. */
export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">{children}</div>;
}

export function StatCardsSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="rounded-xl border border-slate-200 bg-white p-5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="mt-3 h-8 w-16" />
          <Skeleton className="mt-2 h-4 w-32" />
        </div>
      ))}
    </div>
  );
}

export function LoadingRows({ rows = 4, label = 'Loading…' }: { rows?: number; label?: string }) {
  return (
    <output aria-label={label} className="block space-y-3">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-6 w-full" />
      ))}
    </output>
  );
}

/**
 * A failed load: what went wrong and a way to try again, never made-up figures. The title may
 * already say what went wrong; `error` adds the server's message beneath it.
 */
export function ErrorPanel({
  title = 'Could not load this section',
  error,
  onRetry,
  retryLabel = 'Retry',
}: {
  title?: string;
  error?: unknown;
  onRetry: () => void;
  retryLabel?: string;
}) {
  return (
    <Alert tone="error" title={title}>
      {error !== undefined && (
        <p>{error instanceof Error ? error.message : 'Something went wrong'}</p>
      )}
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}

/** Previous / Next with "Page x of y"; the total is optional (lists paged by "more"). */
export function Pager({
  page,
  totalPages,
  hasNextPage,
  onPage,
  label,
}: {
  page: number;
  totalPages?: number;
  hasNextPage: boolean;
  onPage: (page: number) => void;
  label: string;
}) {
  if (page === 1 && !hasNextPage) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p className="text-sm text-slate-600" aria-live="polite">
        Page {page}
        {totalPages ? ` of ${totalPages}` : ''}
      </p>
      <Button variant="secondary" disabled={!hasNextPage} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/**
 * A modal confirmation on the native <dialog>: focus moves into it and back, Escape cancels,
 * and the page behind is inert while it is open. `open` mirrors the parent's state.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** What the confirm button says while busy; without it, its label beside a spinner. */
  busyLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-2 text-sm text-slate-700">{children}</div>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant={danger ? 'danger' : 'primary'}
          onClick={onConfirm}
          loading={busy}
          loadingText={busyLabel}
        >
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

export type Message = { id: number; tone: 'success' | 'error' | 'info'; text: string };

/** Messages that stay until dismissed (premium-quiz-admin-spec §2, Email Management). */
export function Messages({
  messages,
  onDismiss,
}: {
  messages: Message[];
  onDismiss: (id: number) => void;
}) {
  if (messages.length === 0) return null;
  return (
    <div className="mb-6 space-y-2">
      {messages.map((message) => (
        <Alert key={message.id} tone={message.tone}>
          <div className="flex items-start justify-between gap-3">
            <p>{message.text}</p>
            <button
              type="button"
              onClick={() => onDismiss(message.id)}
              className="shrink-0 rounded px-2 py-0.5 text-sm font-semibold underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-sky-600"
            >
              Dismiss
            </button>
          </div>
        </Alert>
      ))}
    </div>
  );
}

/**
 * A table that scrolls sideways on a phone instead of squashing its columns. The frame is the
 * containing block of its screen-reader-only text, so that text never widens the page.
 */
export function TableFrame({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="relative -mx-5 overflow-x-auto px-5">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const th = 'border-b border-slate-200 px-3 py-2 font-semibold text-slate-700';
export const td = 'border-b border-slate-100 px-3 py-2 align-top text-slate-800';
