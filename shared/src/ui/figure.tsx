import { useRef } from 'react';
import type { QuestionFigure } from '../schemas/figure.ts';

/** The words the figure's controls need, in the reader's language. */
export type FigureLabels = { enlarge: string; close: string };

const dataAddress = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * A question's figure. A drawing is shown as an image from a data address: an SVG in <img> runs
 * nothing and loads nothing, whoever wrote it. On a phone a chart's labels come out small, so a
 * drawing opens at a readable size in a dialog that pans. A report (METAR, TAF, NOTAM) is its own
 * text in monospace, wrapped at its spaces so a phone never scrolls sideways; its description is
 * for screen readers, who read the report itself as well.
 */
export function QuestionFigureView({
  figure,
  labels,
  className = '',
}: {
  figure: QuestionFigure;
  labels: FigureLabels;
  className?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  if (figure.kind === 'svg') {
    const src = dataAddress(figure.content);
    return (
      <figure className={`rounded-lg border border-slate-200 bg-white p-2 ${className}`}>
        <img src={src} alt={figure.alt} className="mx-auto block h-auto w-full max-w-2xl" />
        <button
          type="button"
          onClick={() => dialog.current?.showModal()}
          className="mt-1 ml-auto block rounded px-2 py-1 text-sm font-medium text-sky-800 hover:underline focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          {labels.enlarge}
        </button>
        <dialog
          ref={dialog}
          aria-label={labels.enlarge}
          className="m-auto h-[90vh] w-[95vw] max-w-none overflow-auto rounded-lg p-0 backdrop:bg-slate-900/60"
        >
          <div className="sticky top-0 left-0 flex justify-end border-b border-slate-200 bg-white p-2">
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600"
            >
              {labels.close}
            </button>
          </div>
          <img src={src} alt={figure.alt} className="h-auto w-[200%] max-w-none p-2 sm:w-full" />
        </dialog>
      </figure>
    );
  }
  return (
    <figure className={className}>
      <pre
        data-format={figure.format ?? 'plain'}
        className="rounded-lg border border-slate-300 bg-slate-50 p-3 font-mono text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-900"
      >
        {figure.content}
      </pre>
      <figcaption className="sr-only">{figure.alt}</figcaption>
    </figure>
  );
}
