/**
 * The one CSV writer for every export (RFC 4180: comma-separated, CRLF line ends, fields with a
 * comma, quote or line break quoted, quotes doubled). Text cells that a spreadsheet would run as a
 * formula (starting with = + - @, a tab or a carriage return) are neutralised with a leading
 * apostrophe (OWASP "CSV injection"; ARCHITECTURE.md); `restoreCell` undoes it, so a file we
 * export imports back unchanged. Numbers are written as numbers.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^'*[=+\-@\t\r]/;

/** Prefixes one apostrophe to a cell that starts with a formula character (after any apostrophes). */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The inverse of neutraliseCell: drops the apostrophe it added. */
export function restoreCell(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = neutraliseCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Lists inside one cell (question options, tags) are separated by semicolons; a semicolon or a
 * backslash inside an item is written with a backslash before it.
 */
export function joinCellList(items: readonly string[]): string {
  return items.map((item) => item.replace(/[\\;]/g, (ch) => `\\${ch}`)).join(';');
}

export function splitCellList(cell: string): string[] {
  const items: string[] = [];
  let current = '';
  for (let i = 0; i < cell.length; i++) {
    const ch = cell[i]!;
    if (ch === '\\' && (cell[i + 1] === ';' || cell[i + 1] === '\\')) {
      current += cell[i + 1];
      i++;
    } else if (ch === ';') {
      items.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  items.push(current);
  return items;
}
