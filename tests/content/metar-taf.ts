/**
 * The `decoded` checks of a METAR, SPECI or TAF figure question: which values a question may
 * check, how each is read from metar-taf-parser's decoding of the figure, and the comparison.
 *
 * A check is a path into the parser's output (IMetar or ITAF, see
 * node_modules/metar-taf-parser/metar-taf-parser.d.ts) and the value the question relies on.
 * Only decoded values may be checked (never the raw text the parser copies), and a few values
 * the parser expresses by leaving a field out are given a name, so a question can rely on them:
 * - a flag (AUTO, AMD, COR, CNL, NIL, CAVOK, NOSIG) not in the report reads `false`;
 * - a weather group without an intensity sign (no -, + or VC) reads intensity `"moderate"`:
 *   "no indicator is included when the intensity is moderate" (WMO-No. 306, FM 15, reg. 15.8.4;
 *   the parser's Intensity enum says the same).
 * `<list>.length` counts a list's items (cloud layers, weather groups, phenomena, trends, runways).
 */
import { parseMetar, parseTAF } from 'metar-taf-parser';

/** A question asked on a METAR or TAF checks at least this many decoded values. */
export const MIN_DECODED_CHECKS = 2;

export type DecodedValue = string | number | boolean;
export type ReportFormat = 'metar' | 'taf';

const N = '(?:0|[1-9]\\d*)';
const FLAGS = ['auto', 'amendment', 'corrected', 'canceled', 'nil', 'cavok', 'nosig'];

/** What a METAR, a TAF and each TAF change group carry (IAbstractWeatherContainer). */
const WEATHER = [
  'wind\\.(?:degrees|direction|speed|gust|unit|minVariation|maxVariation)',
  'windShear\\.(?:degrees|direction|speed|gust|unit|height)',
  'visibility\\.(?:value|unit|indicator|ndv)',
  'verticalVisibility',
  `clouds\\.(?:length|${N}\\.(?:quantity|height|type|secondaryType))`,
  `weatherConditions\\.(?:length|${N}\\.(?:intensity|descriptive|phenomenons\\.(?:length|${N})))`,
  'remark',
  `(?:${FLAGS.join('|')})`,
].join('|');

const METAR_KEYS = new RegExp(
  `^(?:${WEATHER}|type|station|day|hour|minute|temperature|dewPoint|altimeter\\.(?:value|unit)|` +
    `runwaysInfo\\.(?:length|${N}\\.(?:name|minRange|maxRange|indicator|trend|unit))|trends\\.length)$`,
);
const VALIDITY = 'validity\\.(?:startDay|startHour|startMinutes|endDay|endHour)';
const TAF_KEYS = new RegExp(
  `^(?:${WEATHER}|station|day|hour|minute|${VALIDITY}|(?:max|min)Temperature\\.(?:temperature|day|hour)|` +
    `trends\\.(?:length|${N}\\.(?:type|probability|${VALIDITY}|${WEATHER})))$`,
);

/** Whether a question may check this path on a report of this format. */
export function isComparableKey(format: ReportFormat, key: string): boolean {
  return (format === 'taf' ? TAF_KEYS : METAR_KEYS).test(key);
}

export function decodeReport(content: string, format: ReportFormat): unknown {
  // A TAF figure is one forecast over several lines; a METAR or SPECI figure is one report.
  return format === 'taf' ? parseTAF(content) : parseMetar(content);
}

/** The value at a comparable path of a decoded report, with the names given above. */
export function readDecoded(report: unknown, key: string): unknown {
  const parts = key.split('.');
  let node: unknown = report;
  for (const [i, part] of parts.entries()) {
    if (node === null || typeof node !== 'object') return undefined;
    const parent = node as Record<string, unknown>;
    node = parent[part];
    if (node !== undefined) continue;
    const last = i === parts.length - 1;
    if (last && FLAGS.includes(part)) return false;
    if (last && part === 'intensity' && Array.isArray(parent.phenomenons)) return 'moderate';
    return undefined;
  }
  return node;
}

/** What differs between a question's checks and the decoded report: empty when all hold. */
export function decodedMismatches(
  content: string,
  format: ReportFormat,
  checks: Record<string, DecodedValue>,
): string[] {
  const report = decodeReport(content, format);
  return Object.entries(checks).flatMap(([key, expected]) => {
    if (!isComparableKey(format, key))
      return [`${key}: not a decoded value a ${format} check can compare`];
    const found = readDecoded(report, key);
    return found === expected
      ? []
      : [
          `${key}: the report decodes to ${JSON.stringify(found) ?? 'nothing'}, not ${JSON.stringify(expected)}`,
        ];
  });
}
