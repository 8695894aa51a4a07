import { svgProblem, type QuestionFigure } from '@drone-exam/shared/schemas/figure';
import { QuestionFigureView } from '@drone-exam/shared/ui/figure';
import { SelectField, TextAreaField } from '@drone-exam/shared/ui/ui';
import {
  FIGURE_KINDS,
  TEXT_FIGURE_FORMATS,
  type FigureKind,
  type TextFigureFormat,
} from '@drone-exam/shared/schemas/figure-values';

/** The editor's figure: "none" until the admin picks a kind. */
export type FigureDraft = {
  kind: FigureKind | 'none';
  content: string;
  alt: string;
  format: TextFigureFormat;
};

/** The console's words for a figure's controls (it is in English only). */
export const FIGURE_LABELS = { enlarge: 'Enlarge the figure', close: 'Close' };

export const NO_FIGURE: FigureDraft = { kind: 'none', content: '', alt: '', format: 'plain' };

const KIND_LABELS: Record<FigureKind | 'none', string> = {
  none: 'No figure',
  svg: 'Drawing (SVG)',
  text: 'Report text (METAR, TAF, NOTAM…)',
};
const FORMAT_LABELS: Record<TextFigureFormat, string> = {
  metar: 'METAR',
  taf: 'TAF',
  notam: 'NOTAM',
  plain: 'Other text',
};

export function figureDraftOf(figure: QuestionFigure | null): FigureDraft {
  return figure
    ? {
        kind: figure.kind,
        content: figure.content,
        alt: figure.alt,
        format: figure.format ?? 'plain',
      }
    : NO_FIGURE;
}

/** The figure as the API takes it: null removes it; a drawing has no format. */
export function figurePayload(draft: FigureDraft): QuestionFigure | null {
  if (draft.kind === 'none') return null;
  return {
    kind: draft.kind,
    content: draft.content,
    alt: draft.alt,
    ...(draft.kind === 'text' ? { format: draft.format } : {}),
  };
}

/**
 * The figure a question is asked on (issue 21), with a preview as learners will see it. The
 * preview shows only a drawing the API would accept, so what is previewed is what is stored.
 */
export function FigureField({
  draft,
  onChange,
  errors,
}: {
  draft: FigureDraft;
  onChange: (draft: FigureDraft) => void;
  errors: Record<string, string>;
}) {
  const set = <K extends keyof FigureDraft>(key: K, value: FigureDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const figure = figurePayload(draft);
  const previewable =
    figure !== null &&
    figure.content.trim() !== '' &&
    (figure.kind === 'text' || svgProblem(figure.content) === null);
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-slate-800">Figure</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Kind"
          value={draft.kind}
          onChange={(event) => set('kind', event.target.value as FigureDraft['kind'])}
        >
          {(['none', ...FIGURE_KINDS] as const).map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        {draft.kind === 'text' && (
          <SelectField
            label="Report"
            value={draft.format}
            error={errors['figure.format']}
            onChange={(event) => set('format', event.target.value as TextFigureFormat)}
          >
            {TEXT_FIGURE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {FORMAT_LABELS[format]}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {draft.kind !== 'none' && (
        <>
          <TextAreaField
            label={draft.kind === 'svg' ? 'Drawing (SVG markup)' : 'Report text, as issued'}
            hint={
              draft.kind === 'svg'
                ? 'One <svg> with xmlns and a viewBox; shapes and text only, nothing it loads or runs.'
                : undefined
            }
            rows={draft.kind === 'svg' ? 8 : 4}
            className="font-mono"
            value={draft.content}
            error={errors['figure.content'] ?? errors.figure}
            onChange={(event) => set('content', event.target.value)}
            required
          />
          <TextAreaField
            label="Text alternative"
            hint="What the figure shows, for learners who cannot see it, without giving the answer away."
            rows={2}
            value={draft.alt}
            error={errors['figure.alt']}
            onChange={(event) => set('alt', event.target.value)}
            required
          />
          <div>
            <p className="text-sm font-medium text-slate-800">Preview</p>
            {previewable ? (
              <QuestionFigureView
                figure={figure}
                labels={FIGURE_LABELS}
                className="mt-2 max-w-xl"
              />
            ) : (
              <p className="mt-1 text-sm text-slate-600">
                The preview shows once the figure is complete and valid.
              </p>
            )}
          </div>
        </>
      )}
    </fieldset>
  );
}
