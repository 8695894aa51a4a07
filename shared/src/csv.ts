/**
 * CSV files the product writes (RFC 4180: comma-separated, CRLF, quotes doubled). Cells that a
 * spreadsheet would run as a formula (starting with = + - @) are neutralised with a leading
 * apostrophe (ARCHITECTURE.md); `restoreCell` undoes it, so a file we export imports back unchanged.
 */

const FORMULA_START = /^'*[=+\-@]/;

/** Prefixes one apostrophe to a cell that starts with a formula character (after any apostrophes). */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The inverse of neutraliseCell: drops the apostrophe it added. */
export function restoreCell(value: string): string {
  return /^'+[=+\-@]/.test(value) ? value.slice(1) : value;
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null>>) {
  return `${rows
    .map((row) =>
      row.map((cell) => quote(neutraliseCell(cell === null ? '' : String(cell)))).join(','),
    )
    .join('\r\n')}\r\n`;
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
