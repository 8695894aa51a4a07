import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { joinCellList, neutraliseCell, restoreCell, splitCellList, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes cells with commas, quotes and line breaks, and ends rows with CRLF', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'two\nlines', 3, true, null]])).toBe(
      'a,"b,c","say ""hi""","two\nlines",3,true,\r\n',
    );
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
    const rows = [
      ['question', 'options'],
      ['What is "VLOS"?', 'a, b;c'],
      ['=1+1', 'x\r\ny'],
    ];
    const parsed = Papa.parse<string[]>(toCsv(rows), { skipEmptyLines: true }).data;
    expect(parsed.map((row) => row.map(restoreCell))).toEqual(rows);
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
