import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Pagination } from '@drone-exam/shared/api';
import { addTag } from '@drone-exam/shared/text';
import { Button } from '@drone-exam/shared/ui/ui';

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-CA', { year: 'numeric', month: 'short', day: 'numeric' });

/** Previous / Next with the page position; lists reset to page 1 when a filter changes. */
export function Pager({
  pagination,
  onPage,
  label,
}: {
  pagination: Pagination;
  onPage: (page: number) => void;
  label: string;
}) {
  if (pagination.totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-4">
      <Button
        variant="secondary"
        disabled={!pagination.hasPrevPage}
        onClick={() => onPage(pagination.currentPage - 1)}
      >
        Previous
      </Button>
      <p className="text-sm text-slate-600" aria-live="polite">
        Page {pagination.currentPage} of {pagination.totalPages}
      </p>
      <Button
        variant="secondary"
        disabled={!pagination.hasNextPage}
        onClick={() => onPage(pagination.currentPage + 1)}
      >
        Next
      </Button>
    </nav>
  );
}

/**
 * A confirmation in a native modal dialog (focus is trapped and Escape cancels). `open` mirrors
 * the parent's state; closing by any means calls onCancel.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
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
      onClose={onCancel}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-2 text-sm text-slate-700">{children}</div>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

/** Tags with the spec's add rules (trimmed, no empty, no duplicate); Enter adds too. */
export function TagInput({
  tags,
  onChange,
  error,
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  error?: string | undefined;
}) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const add = () => {
    onChange(addTag(tags, draft));
    setDraft('');
  };
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        Tags
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          placeholder="Type a tag and press Enter"
          className={`block w-full rounded-lg border px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-sky-600 ${error ? 'border-red-500' : 'border-slate-300'}`}
        />
        <Button variant="secondary" onClick={add}>
          Add
        </Button>
      </div>
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      {tags.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Tags added">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 text-sm text-slate-800"
            >
              {tag}
              <button
                type="button"
                onClick={() => onChange(tags.filter((t) => t !== tag))}
                aria-label={`Remove tag ${tag}`}
                className="rounded-full px-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-900"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const STATUS_CLASS: Record<string, string> = {
  published: 'bg-emerald-100 text-emerald-800',
  review: 'bg-amber-100 text-amber-800',
  draft: 'bg-slate-100 text-slate-700',
  active: 'bg-emerald-100 text-emerald-800',
  inactive: 'bg-slate-100 text-slate-700',
};

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_CLASS[status] ?? STATUS_CLASS.draft}`}
    >
      {label ?? status.charAt(0).toUpperCase() + status.slice(1)}
    </span>
  );
}

/** Failed loads say what failed and offer a retry (never silent, never made-up defaults). */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{message}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
