import { Parser } from 'htmlparser2';
import { z } from 'zod';
import {
  FIGURE_ALT_MAX_CHARS,
  FIGURE_ALT_MIN_CHARS,
  FIGURE_KINDS,
  FIGURE_SVG_MAX_CHARS,
  FIGURE_TEXT_MAX_CHARS,
  TEXT_FIGURE_FORMATS,
} from './figure-values.ts';

/**
 * The elements a question's drawing may use: shapes, text and paint. Anything that fetches,
 * runs or embeds (script, foreignObject, image, style sheets) is refused, so a figure is inert
 * wherever it is shown, the admin console's preview included.
 */
const SVG_ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'title',
  'desc',
  'defs',
  'marker',
  'lineargradient',
  'radialgradient',
  'stop',
  'pattern',
  'clippath',
  'mask',
  'use',
  'symbol',
]);

/**
 * The attributes they may carry: geometry, paint and text presentation, ids and accessibility.
 * No event handler, no style (CSS can load), and links only within the drawing (checked below).
 */
const SVG_ATTRIBUTES = new Set(
  [
    'xmlns',
    'xmlns:xlink',
    'xml:space',
    'xml:lang',
    'version',
    'id',
    'class',
    'role',
    'lang',
    'aria-label',
    'aria-hidden',
    'aria-labelledby',
    'aria-describedby',
    'viewBox',
    'preserveAspectRatio',
    'width',
    'height',
    'x',
    'y',
    'x1',
    'x2',
    'y1',
    'y2',
    'cx',
    'cy',
    'r',
    'rx',
    'ry',
    'fx',
    'fy',
    'd',
    'points',
    'pathLength',
    'transform',
    'dx',
    'dy',
    'rotate',
    'textLength',
    'lengthAdjust',
    'fill',
    'fill-opacity',
    'fill-rule',
    'stroke',
    'stroke-width',
    'stroke-opacity',
    'stroke-dasharray',
    'stroke-dashoffset',
    'stroke-linecap',
    'stroke-linejoin',
    'stroke-miterlimit',
    'opacity',
    'color',
    'visibility',
    'display',
    'font-family',
    'font-size',
    'font-style',
    'font-weight',
    'font-variant',
    'text-anchor',
    'text-decoration',
    'dominant-baseline',
    'alignment-baseline',
    'baseline-shift',
    'letter-spacing',
    'word-spacing',
    'writing-mode',
    'marker-start',
    'marker-mid',
    'marker-end',
    'markerWidth',
    'markerHeight',
    'markerUnits',
    'refX',
    'refY',
    'orient',
    'offset',
    'stop-color',
    'stop-opacity',
    'gradientUnits',
    'gradientTransform',
    'spreadMethod',
    'patternUnits',
    'patternContentUnits',
    'patternTransform',
    'clipPathUnits',
    'clip-path',
    'clip-rule',
    'mask',
    'maskUnits',
    'maskContentUnits',
    'href',
    'xlink:href',
  ].map((name) => name.toLowerCase()),
);

const LOADS_SOMETHING = /javascript:|url\(\s*['"]?(?!#)|@import|<!ENTITY|<!DOCTYPE/i;

/**
 * The first element or attribute outside the allow-lists, as the browser's own parser reads the
 * drawing (htmlparser2, the parser sanitize-html is built on: "<rect/onclick=…>" is a rect with an
 * onclick, as in a browser), so a spelling a pattern would miss cannot slip through.
 */
function markupProblem(svg: string): string | null {
  let problem: string | null = null;
  const refuse = (message: string) => {
    problem ??= message;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!SVG_ELEMENTS.has(name.toLowerCase()))
          refuse(`The drawing may not use <${name}>: only shapes, text and paint`);
        for (const [attribute, value] of Object.entries(attributes)) {
          const lower = attribute.toLowerCase();
          if (lower.startsWith('on')) refuse('The drawing may not carry event handlers');
          else if (!SVG_ATTRIBUTES.has(lower))
            refuse(`The drawing may not use the attribute ${attribute}`);
          else if ((lower === 'href' || lower === 'xlink:href') && !value.startsWith('#'))
            refuse('The drawing may only link within itself (#id)');
          else if (LOADS_SOMETHING.test(value)) refuse('The drawing may not load anything');
        }
      },
      onprocessinginstruction: () => refuse('The drawing may not load anything'),
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(svg);
  return problem;
}

/** Why a drawing cannot be stored, or null when it can. */
export function svgProblem(svg: string): string | null {
  const text = svg.trim();
  if (!/^<svg[\s>]/.test(text) || !text.endsWith('</svg>'))
    return 'A drawing must be one <svg> element';
  if (!/\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(text))
    return 'The drawing needs xmlns="http://www.w3.org/2000/svg"';
  if (!/\sviewBox="[^"]+"/.test(text)) return 'The drawing needs a viewBox so it can scale';
  const problem = markupProblem(text);
  if (problem) return problem;
  // The same rules once more on the raw text, in case a browser reads the markup otherwise.
  if (/[\s/"']on[a-z]+\s*=/i.test(text)) return 'The drawing may not carry event handlers';
  if (/href\s*=\s*["'](?!#)/i.test(text)) return 'The drawing may only link within itself (#id)';
  if (LOADS_SOMETHING.test(text)) return 'The drawing may not load anything';
  return null;
}

const AltSchema = z
  .string({ error: 'The figure needs a text alternative' })
  .trim()
  .min(
    FIGURE_ALT_MIN_CHARS,
    `Describe the figure in at least ${FIGURE_ALT_MIN_CHARS} characters (its text alternative)`,
  )
  .max(
    FIGURE_ALT_MAX_CHARS,
    `The text alternative must be at most ${FIGURE_ALT_MAX_CHARS} characters`,
  );

/** One question's figure, in the editor, the API, imports and the content files. */
export const QuestionFigureSchema = z
  .strictObject({
    kind: z.enum(FIGURE_KINDS, { error: 'Figure kind must be svg or text' }),
    content: z
      .string({ error: 'The figure needs its content' })
      .trim()
      .min(1, 'The figure needs its content'),
    alt: AltSchema,
    format: z
      .enum(TEXT_FIGURE_FORMATS, {
        error: `Text figure format must be one of: ${TEXT_FIGURE_FORMATS.join(', ')}`,
      })
      .optional(),
  })
  .superRefine((figure, context) => {
    if (figure.kind === 'svg') {
      const problem =
        figure.content.length > FIGURE_SVG_MAX_CHARS
          ? `A drawing must be at most ${FIGURE_SVG_MAX_CHARS.toLocaleString('en-CA')} characters`
          : svgProblem(figure.content);
      if (problem) context.addIssue({ code: 'custom', path: ['content'], message: problem });
      if (figure.format)
        context.addIssue({
          code: 'custom',
          path: ['format'],
          message: 'Only a text figure has a format',
        });
    } else if (figure.content.length > FIGURE_TEXT_MAX_CHARS) {
      context.addIssue({
        code: 'custom',
        path: ['content'],
        message: `A text figure must be at most ${FIGURE_TEXT_MAX_CHARS.toLocaleString('en-CA')} characters`,
      });
    }
  });
export type QuestionFigure = z.output<typeof QuestionFigureSchema>;

/**
 * A figure's French: its text alternative, and a French copy of a drawing whose labels are
 * words. A report (METAR, TAF, NOTAM) is never translated.
 */
export const QuestionFigureFrenchSchema = z
  .strictObject({
    alt: AltSchema,
    content: z.string().trim().min(1).optional(),
  })
  .superRefine((figure, context) => {
    if (figure.content === undefined) return;
    const problem =
      figure.content.length > FIGURE_SVG_MAX_CHARS
        ? `A drawing must be at most ${FIGURE_SVG_MAX_CHARS.toLocaleString('en-CA')} characters`
        : svgProblem(figure.content);
    if (problem) context.addIssue({ code: 'custom', path: ['content'], message: problem });
  });
export type QuestionFigureFrench = z.output<typeof QuestionFigureFrenchSchema>;

/** The French drawing is a copy of an English drawing only: a text figure stays as issued. */
export const FRENCH_FIGURE_CONTENT_FOR_SVG =
  'Only a drawing has a French copy; a report stays as issued';
/** A French figure needs an English one to describe. */
export const FRENCH_FIGURE_WITHOUT_FIGURE = 'The English question has no figure to describe';

/** The figure in the reader's language: the French alternative and drawing where there are. */
export function figureIn(
  figure: QuestionFigure | null,
  french: QuestionFigureFrench | null | undefined,
): QuestionFigure | null {
  if (!figure) return null;
  if (!french) return figure;
  return {
    ...figure,
    alt: french.alt,
    content: figure.kind === 'svg' && french.content ? french.content : figure.content,
  };
}

/** A stored figure column back to a figure (null when there is none). */
export const parseFigure = <T>(json: string | null | undefined): T | null =>
  json ? (JSON.parse(json) as T) : null;
