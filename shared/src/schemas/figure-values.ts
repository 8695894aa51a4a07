/** A question's figure (issue 21): a drawing of ours, or a report's text in monospace. */
export const FIGURE_KINDS = ['svg', 'text'] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];
/** What a text figure holds; METAR and TAF figures are parsed by the content tests. */
export const TEXT_FIGURE_FORMATS = ['metar', 'taf', 'notam', 'plain'] as const;
export type TextFigureFormat = (typeof TEXT_FIGURE_FORMATS)[number];
export const FIGURE_SVG_MAX_CHARS = 20_000;
export const FIGURE_TEXT_MAX_CHARS = 2_000;
export const FIGURE_ALT_MIN_CHARS = 10;
export const FIGURE_ALT_MAX_CHARS = 1_000;
