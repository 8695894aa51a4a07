import type { QuestionFigure } from '../schemas/figure.ts';

/**
 * A question's figure. A drawing is shown as an image from a data address: an SVG in <img> runs
 * nothing and loads nothing, whoever wrote it. A report (METAR, TAF, NOTAM) is its own text in
 * monospace, wrapped at its spaces so a phone never scrolls sideways; its description is for
 * screen readers, who read the report itself as well.
 */
export function QuestionFigureView({
  figure,
  className = '',
}: {
  figure: QuestionFigure;
  className?: string;
}) {
  if (figure.kind === 'svg') {
    return (
      <figure className={`rounded-lg border border-slate-200 bg-white p-2 ${className}`}>
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(figure.content)}`}
          alt={figure.alt}
          className="mx-auto block h-auto w-full max-w-2xl"
          decoding="async"
        />
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
