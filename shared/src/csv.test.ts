import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { csvCell, joinCellList, neutraliseCell, restoreCell, splitCellList, toCsv } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tindent', "'\tindent"],
  ])('neutralises the formula %j', (input, expected) => expect(csvCell(input)).toBe(expected));

  it('quotes commas, quotes and line breaks, and leaves plain text alone', () => {
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain text')).toBe('plain text');
  });

  it('writes numbers as numbers, negative ones included, and empties for nothing', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
  });
});

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['Name', 'Score'],
        [
          ['Ada', 91.5],
          ['=cmd', null],
        ],
      ),
    ).toBe("Name,Score\r\nAda,91.5\r\n'=cmd,\r\n");
  });

  it('neutralises cells a spreadsheet would run as formulas, and restoreCell undoes it', () => {
    for (const value of ['=SUM(A1)', '+1', '-5 °C', '@cmd', "'=already", "''+x"]) {
      expect(neutraliseCell(value)).toBe(`'${value}`);
      expect(restoreCell(neutraliseCell(value))).toBe(value);
    }
    for (const value of ['plain', "it's", "'quoted", '5-10 m']) {
      expect(neutraliseCell(value)).toBe(value);
      expect(restoreCell(value)).toBe(value);
    }
  });

  it('parses back with Papa Parse to the same cells', () => {
    const header = ['question', 'options'];
    const rows = [
      ['What is "VLOS"?', 'a, b;c'],
      ['=1+1', 'x\r\ny'],
    ];
    const parsed = Papa.parse<string[]>(toCsv(header, rows), { skipEmptyLines: true }).data;
    expect(parsed.map((row) => row.map(restoreCell))).toEqual([header, ...rows]);
  });
});

describe('cell lists', () => {
  it('separates items with semicolons and escapes semicolons and backslashes inside an item', () => {
    const items = ['None; a VO needs no certificate', 'C:\\path', 'plain'];
    const cell = joinCellList(items);
    expect(cell).toBe('None\\; a VO needs no certificate;C:\\\\path;plain');
    expect(splitCellList(cell)).toEqual(items);
  });

  it('reads a hand-written list', () => {
    expect(splitCellList('a;b; c')).toEqual(['a', 'b', ' c']);
    expect(splitCellList('')).toEqual(['']);
    expect(splitCellList('lone \\ backslash')).toEqual(['lone \\ backslash']);
  });
});
