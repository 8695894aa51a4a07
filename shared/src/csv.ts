/**
 * The one CSV writer for every export (RFC 4180: comma-separated, CRLF line ends, fields with a
 * comma, quote or line break quoted, quotes doubled). Text cells that a spreadsheet would run as a
 * formula (starting with = + - @, or a tab or carriage return) are neutralised with a leading
 * apostrophe (OWASP "CSV injection"); numbers are written as numbers.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
