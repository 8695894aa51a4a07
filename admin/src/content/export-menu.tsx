import { useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { IMPORT_FORMATS, type ImportFormat } from '@drone-exam/shared/question-import';
import { useToast } from '@drone-exam/shared/ui/toast';
import { Button, buttonClass } from '@drone-exam/shared/ui/ui';
import { downloadFile } from '../lib/api';
import {
  QUESTION_CATEGORY_LABELS,
  type QuestionCategory,
} from '@drone-exam/shared/schemas/quiz-values';

const CHOICES: Record<ImportFormat, { label: string; note: string; type: ExportType }> = {
  csv: { label: 'CSV', note: 'every field', type: 'text/csv' },
  json: { label: 'JSON', note: 'every field', type: 'application/json' },
  gift: {
    label: 'GIFT (Moodle)',
    note: 'question, options, answer, explanation, category',
    type: 'text/plain',
  },
  aiken: { label: 'Aiken', note: 'question, options and answer only', type: 'text/plain' },
};
type ExportType = 'text/csv' | 'application/json' | 'text/plain';

/**
 * The question bank's Export button: a disclosure listing the four file formats. It exports the
 * category the list is filtered to, else the whole bank (an Aiken file holds no category, so a
 * category at a time imports back where it came from).
 */
export function ExportMenu({ category }: { category: QuestionCategory | '' }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  const exportBank = useMutation({
    mutationFn: (format: ImportFormat) =>
      downloadFile('/admin/questions/export', {
        query: { format, category: category || undefined },
        type: CHOICES[format].type,
      }),
    onSuccess: () => setOpen(false),
    onError: (error) => toast.error(`Export failed: ${error.message}`),
  });

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        toggle.current?.focus();
      } else if (root.current?.contains(event.target as Node)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  const scope = category ? `${QUESTION_CATEGORY_LABELS[category]} questions` : 'the whole bank';
  return (
    <div ref={root} className="relative">
      <button
        ref={toggle}
        type="button"
        className={buttonClass('secondary')}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        Export
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 z-10 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
        >
          <p className="px-2 pb-2 text-xs text-slate-600">Export {scope} as</p>
          <ul className="space-y-1">
            {IMPORT_FORMATS.map((format) => (
              <li key={format}>
                <Button
                  variant="ghost"
                  className="w-full justify-start text-left"
                  disabled={exportBank.isPending}
                  loading={exportBank.isPending && exportBank.variables === format}
                  loadingText="Exporting..."
                  onClick={() => exportBank.mutate(format)}
                >
                  <span>
                    <span className="block">{CHOICES[format].label}</span>
                    <span className="block text-xs font-normal text-slate-600">
                      {CHOICES[format].note}
                    </span>
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
