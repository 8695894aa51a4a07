/**
 * The question import and export file formats (premium-quiz-admin-spec §5, §8): a JSON array of
 * question objects, a CSV with headers where options, their explanations and tags are
 * semicolon-separated (a module section as module-slug#section-id), and the plain-text GIFT (question-gift.ts) and Aiken (question-aiken.ts) files of multiple-choice
 * questions. The admin console parses and checks a file with these before sending it; the API
 * checks every row again with validateImportRows, and parses GIFT and Aiken text itself with the
 * same readers; the export writes files that parse back to the same questions.
 */
import Papa from 'papaparse';
import { joinCellList, restoreCell, splitCellList, toCsv } from './csv.ts';
import { normaliseStem } from './hash.ts';
import { parseAiken } from './question-aiken.ts';
import { parseGift } from './question-gift.ts';
import type { LearnMoreRef } from './schemas/exam.ts';
import type { ExamId } from './schemas/exam-values.ts';
import type { QuestionFigure } from './schemas/figure.ts';
import {
  IMPORT_FORMATS,
  QuestionInputSchema,
  TEXT_IMPORT_FORMATS,
  type ImportFormat,
  type Question,
  type TextImportFormat,
} from './schemas/content.ts';
import type { QuestionCategory } from './schemas/quiz-values.ts';
import { IMPORT_MAX_QUESTIONS } from './schemas/content-values.ts';

export const IMPORT_ERRORS_IN_ALERT = 10;

/** premium-quiz-admin-spec §8, word for word. */
export const IMPORT_MESSAGES = {
  csvEmpty: 'CSV file is empty',
  csvOnlyHeaders: 'CSV file only contains headers, no data rows found',
  csvMissingHeaders: 'CSV missing required headers',
  invalidJson: 'Invalid JSON format',
  jsonNotArray: 'JSON file must contain an array of question objects',
  jsonEmpty: 'JSON array is empty - no questions found',
  noValidQuestions: 'No valid questions found in import file after validation',
  importFailed: 'Import failed: ',
  unknownError: 'Unknown error',
} as const;

export const IMPORT_REQUIRED_HEADERS = ['question', 'options', 'correctAnswer'] as const;
export const IMPORT_CSV_HEADERS = [
  ...IMPORT_REQUIRED_HEADERS,
  'explanation',
  'optionExplanations',
  'category',
  'difficulty',
  'tags',
  'regulationReference',
  'imageUrl',
  'figure',
  'learnMore',
  'alsoTaughtIn',
  'exams',
  'isActive',
] as const;
type CsvHeader = (typeof IMPORT_CSV_HEADERS)[number];

export { IMPORT_FORMATS, TEXT_IMPORT_FORMATS, type ImportFormat, type TextImportFormat };
export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  csv: 'CSV',
  json: 'JSON',
  gift: 'GIFT (Moodle)',
  aiken: 'Aiken',
};

export const isTextImportFormat = (format: ImportFormat): format is TextImportFormat =>
  (TEXT_IMPORT_FORMATS as readonly string[]).includes(format);

/** A text file that holds no question at all. */
export const emptyTextFileMessage = (format: TextImportFormat) =>
  `The ${format === 'gift' ? 'GIFT' : 'Aiken'} file holds no questions`;

/**
 * Where a problem is: a row of a CSV or JSON file (numbered from 1 in file order, the first
 * question is row 1), or a line of a GIFT or Aiken file.
 */
export type ImportRowError = { row: number; message: string } | { line: number; message: string };

const errorPosition = (error: ImportRowError) => ('line' in error ? error.line : error.row);
const errorLabel = (error: ImportRowError) =>
  'line' in error ? `Line ${error.line}` : `Row ${error.row}`;

export const formatRowError = (error: ImportRowError) => `${errorLabel(error)}: ${error.message}`;

/** The API's error `fields` key for a problem: the row number, or "line N". */
export const rowErrorKey = (error: ImportRowError) =>
  'line' in error ? `line ${error.line}` : String(error.row);

/** The inverse of rowErrorKey, for the console reading the API's answer. */
export function rowErrorFromKey(key: string, message: string): ImportRowError | null {
  const line = /^line (\d+)$/.exec(key);
  if (line) return { line: Number(line[1]), message };
  return /^\d+$/.test(key) ? { row: Number(key), message } : null;
}

export type ParsedImportFile =
  | {
      ok: true;
      format: ImportFormat;
      rows: unknown[];
      errors: ImportRowError[];
      /** GIFT and Aiken: the line each row starts on, and how many questions the file holds. */
      lines?: number[];
      questionCount?: number;
    }
  | { ok: false; error: string; detail?: string };

/** An Aiken file has answer lines and, unlike GIFT, no braces. */
const looksLikeAiken = (text: string) =>
  /^\s*ANSWER:\s*[A-Z]\s*$/m.test(text) && !text.includes('{');

/**
 * The format of a file by its name: .json, .csv, .gift, .aiken or .aiken.txt; a .txt file is
 * GIFT unless it reads as Aiken (Moodle names both .txt). Without a known extension, text that
 * opens with [ or { is JSON and anything else CSV.
 */
export function detectImportFormat(fileName: string, text: string): ImportFormat {
  const lower = fileName.toLowerCase();
  const content = text.replace(/^\uFEFF/, '');
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.gift')) return 'gift';
  if (lower.endsWith('.aiken') || lower.endsWith('.aiken.txt')) return 'aiken';
  if (lower.endsWith('.txt')) return looksLikeAiken(content) ? 'aiken' : 'gift';
  return /^\s*[[{]/.test(content) ? 'json' : 'csv';
}

export type ImportFileOptions = {
  /** The format chosen in the console; without it, detectImportFormat decides. */
  format?: ImportFormat;
  /** GIFT and Aiken: the category for questions the file does not place. */
  category?: QuestionCategory;
};

export function parseImportFile(
  fileName: string,
  text: string,
  options: ImportFileOptions = {},
): ParsedImportFile {
  const content = text.replace(/^\uFEFF/, '');
  const format = options.format ?? detectImportFormat(fileName, content);
  if (isTextImportFormat(format)) return parseTextImport(format, content, options.category);
  return format === 'json' ? parseJsonImport(content) : parseCsvImport(content);
}

/** A GIFT or Aiken file's questions as rows, with the line of each and every syntax error. */
export function parseTextImport(
  format: TextImportFormat,
  text: string,
  category?: QuestionCategory,
): ParsedImportFile {
  const parsed = (format === 'gift' ? parseGift : parseAiken)(text, { category });
  if (parsed.questionCount === 0 && parsed.errors.length === 0) {
    return { ok: false, error: emptyTextFileMessage(format) };
  }
  return {
    ok: true,
    format,
    rows: parsed.rows,
    errors: parsed.errors,
    lines: parsed.lines,
    questionCount: parsed.questionCount,
  };
}

export function parseJsonImport(text: string): ParsedImportFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: IMPORT_MESSAGES.invalidJson };
  }
  if (!Array.isArray(data)) return { ok: false, error: IMPORT_MESSAGES.jsonNotArray };
  if (data.length === 0) return { ok: false, error: IMPORT_MESSAGES.jsonEmpty };
  return { ok: true, format: 'json', rows: data, errors: [] };
}

const HEADER_BY_NAME = new Map<string, CsvHeader>(
  IMPORT_CSV_HEADERS.map((header) => [header.toLowerCase(), header]),
);

export function parseCsvImport(text: string): ParsedImportFile {
  if (text.trim() === '') return { ok: false, error: IMPORT_MESSAGES.csvEmpty };
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    delimiter: ',',
    skipEmptyLines: 'greedy',
    transformHeader: (header) => HEADER_BY_NAME.get(header.trim().toLowerCase()) ?? header.trim(),
  });
  const headers = parsed.meta.fields ?? [];
  const missing = IMPORT_REQUIRED_HEADERS.filter((header) => !headers.includes(header));
  if (missing.length > 0) {
    return {
      ok: false,
      error: IMPORT_MESSAGES.csvMissingHeaders,
      detail: `Missing: ${missing.join(', ')}`,
    };
  }
  if (parsed.data.length === 0) return { ok: false, error: IMPORT_MESSAGES.csvOnlyHeaders };
  const errors: ImportRowError[] = parsed.errors
    .filter((error) => error.row !== undefined)
    .map((error) => ({ row: error.row! + 1, message: `Malformed CSV row: ${error.message}` }));
  return { ok: true, format: 'csv', rows: parsed.data.map(csvRecordToRow), errors };
}

/**
 * A module section in a CSV cell, "module-slug#section-id" (the section's address in the learner
 * app); a cell without the # is left for the schema to refuse with its own message.
 */
function readSectionCell(cell: string): unknown {
  const [moduleSlug, sectionId, ...rest] = cell.trim().split('#');
  return sectionId === undefined || rest.length > 0 ? cell : { moduleSlug, sectionId };
}

const sectionCell = (ref: LearnMoreRef) => `${ref.moduleSlug}#${ref.sectionId}`;

/** One CSV record as the JSON row it stands for; empty cells mean "not given". */
function csvRecordToRow(record: Record<string, string>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const header of IMPORT_CSV_HEADERS) {
    const raw = record[header];
    if (raw === undefined || raw === null || raw.trim() === '') continue;
    const cell = restoreCell(raw);
    switch (header) {
      case 'options':
      case 'optionExplanations':
        row[header] = splitCellList(cell);
        break;
      case 'tags':
      case 'exams':
        row[header] = splitCellList(cell).filter((item) => item.trim());
        break;
      case 'learnMore':
        row[header] = readSectionCell(cell);
        break;
      case 'alsoTaughtIn':
        row[header] = splitCellList(cell)
          .filter((item) => item.trim())
          .map(readSectionCell);
        break;
      case 'correctAnswer':
        row[header] = /^\s*-?\d*\.?\d+\s*$/.test(cell) ? Number(cell) : cell;
        break;
      case 'figure':
        // A figure travels as its JSON in one cell; a cell that is not JSON is left for the
        // schema to refuse with its own message.
        try {
          row[header] = JSON.parse(cell) as unknown;
        } catch {
          row[header] = cell;
        }
        break;
      case 'isActive': {
        const value = cell.trim().toLowerCase();
        row[header] = value === 'true' ? true : value === 'false' ? false : cell;
        break;
      }
      default:
        row[header] = cell;
    }
  }
  return row;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A problem of the row at `index`: by its row, or by its line when the file has lines. */
export function errorAt(index: number, message: string, lines?: readonly number[]): ImportRowError {
  const line = lines?.[index];
  return line === undefined ? { row: index + 1, message } : { line, message };
}

export const sortRowErrors = (errors: ImportRowError[]) =>
  errors.sort((a, b) => errorPosition(a) - errorPosition(b));

/**
 * Checks every row with QuestionInputSchema (premium-quiz-admin-spec §5) and flags a row that asks
 * the same question as an earlier one. Each failing row gets one message listing its problems,
 * named by its row, or by the line it starts on when `lines` gives them (GIFT and Aiken).
 */
export function validateImportRows(
  rows: readonly unknown[],
  lines?: readonly number[],
): {
  questions: Question[];
  errors: ImportRowError[];
} {
  const questions: Question[] = [];
  const errors: ImportRowError[] = [];
  const firstByStem = new Map<string, ImportRowError>();
  if (rows.length > IMPORT_MAX_QUESTIONS) {
    errors.push(
      errorAt(
        IMPORT_MAX_QUESTIONS,
        `An import holds at most ${IMPORT_MAX_QUESTIONS} questions; split the file`,
        lines,
      ),
    );
  }
  rows.slice(0, IMPORT_MAX_QUESTIONS).forEach((raw, index) => {
    if (!isRecord(raw)) {
      errors.push(errorAt(index, 'Each entry must be a question object', lines));
      return;
    }
    const result = QuestionInputSchema.safeParse(raw);
    if (!result.success) {
      const messages = [...new Set(result.error.issues.map((issue) => issue.message))];
      errors.push(errorAt(index, messages.join('; '), lines));
      return;
    }
    const stem = normaliseStem(result.data.question);
    const earlier = firstByStem.get(stem);
    if (earlier !== undefined) {
      errors.push(errorAt(index, `Same question as ${errorLabel(earlier).toLowerCase()}`, lines));
      return;
    }
    firstByStem.set(stem, errorAt(index, '', lines));
    questions.push(result.data);
  });
  return { questions, errors: sortRowErrors(errors) };
}

export type CheckedImportFile =
  | { ok: true; format: ImportFormat; questions: Question[] }
  | { ok: false; error: string; details: string[] };

export function importRejectedMessage(failing: number, total: number): string {
  const rows = `${failing} of ${total} ${total === 1 ? 'row' : 'rows'}`;
  return `${rows} ${failing === 1 ? 'has' : 'have'} errors, so nothing was imported`;
}

/** A GIFT or Aiken file refused: its problems are counted by line. */
export function textImportRejectedMessage(failingLines: number): string {
  return `${failingLines} ${failingLines === 1 ? 'line has' : 'lines have'} errors, so nothing was imported`;
}

/**
 * A parsed file's rows checked (premium-quiz-admin-spec §5): its questions, and its syntax and
 * row errors together, one message per row or line, in file order. The console and the API both
 * decide with it.
 */
export function checkParsedImport(parsed: Extract<ParsedImportFile, { ok: true }>): {
  questions: Question[];
  errors: ImportRowError[];
  /** The message for the whole file when it has errors. */
  rejection: string;
} {
  const checked = validateImportRows(parsed.rows, parsed.lines);
  const failing = new Map<string, ImportRowError>();
  for (const error of [...parsed.errors, ...checked.errors]) {
    const key = rowErrorKey(error);
    const earlier = failing.get(key);
    failing.set(
      key,
      earlier ? { ...earlier, message: `${earlier.message}; ${error.message}` } : error,
    );
  }
  const errors = sortRowErrors([...failing.values()]);
  const rejection =
    checked.questions.length === 0
      ? IMPORT_MESSAGES.noValidQuestions
      : parsed.lines
        ? textImportRejectedMessage(errors.length)
        : importRejectedMessage(errors.length, parsed.rows.length);
  return { questions: checked.questions, errors, rejection };
}

/** The first IMPORT_ERRORS_IN_ALERT row errors as the admin reads them, and how many more there are. */
export function rowErrorLines(errors: readonly ImportRowError[]): string[] {
  const lines = errors.slice(0, IMPORT_ERRORS_IN_ALERT).map(formatRowError);
  if (errors.length > IMPORT_ERRORS_IN_ALERT) {
    lines.push(`…and ${errors.length - IMPORT_ERRORS_IN_ALERT} more`);
  }
  return lines;
}

/**
 * The whole client-side check of an import file (premium-quiz-admin-spec §4, §8): read it, check
 * every row, and abort on any error, naming the first IMPORT_ERRORS_IN_ALERT failing rows (lines
 * in GIFT and Aiken).
 */
export function checkImportFile(
  fileName: string,
  text: string,
  options: ImportFileOptions = {},
): CheckedImportFile {
  const parsed = parseImportFile(fileName, text, options);
  if (!parsed.ok)
    return { ok: false, error: parsed.error, details: parsed.detail ? [parsed.detail] : [] };
  const { questions, errors, rejection } = checkParsedImport(parsed);
  if (errors.length === 0) return { ok: true, format: parsed.format, questions };
  return { ok: false, error: rejection, details: rowErrorLines(errors) };
}

/** A question as it is written to an export file: exactly what the import reads back. */
export type ExportedQuestion = {
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
  category: Question['category'];
  difficulty: Question['difficulty'];
  tags: string[];
  regulationReference?: string;
  imageUrl?: string;
  figure?: QuestionFigure;
  /** Why each option is right or wrong, in the options' order (issue 29). */
  optionExplanations?: string[];
  learnMore?: LearnMoreRef;
  alsoTaughtIn?: LearnMoreRef[];
  /** The exams it belongs to (issue 28); GIFT and Aiken have no place for them. */
  exams: ExamId[];
  isActive: boolean;
};

type StoredQuestion = Omit<
  ExportedQuestion,
  'regulationReference' | 'imageUrl' | 'figure' | 'optionExplanations' | 'learnMore'
> & {
  regulationReference?: string | null;
  imageUrl?: string | null;
  figure?: QuestionFigure | null;
  optionExplanations?: string[] | null;
  learnMore?: LearnMoreRef | null;
};

/** A stored (AdminQuestion) or just-checked (Question) question in export form. */
export function toExportedQuestion(question: StoredQuestion): ExportedQuestion {
  return {
    question: question.question,
    options: question.options,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
    category: question.category,
    difficulty: question.difficulty,
    tags: question.tags,
    ...(question.regulationReference ? { regulationReference: question.regulationReference } : {}),
    ...(question.imageUrl ? { imageUrl: question.imageUrl } : {}),
    ...(question.figure ? { figure: question.figure } : {}),
    ...(question.optionExplanations ? { optionExplanations: question.optionExplanations } : {}),
    ...(question.learnMore ? { learnMore: question.learnMore } : {}),
    ...(question.learnMore && question.alsoTaughtIn?.length
      ? { alsoTaughtIn: question.alsoTaughtIn }
      : {}),
    exams: question.exams,
    isActive: question.isActive,
  };
}

export function questionsToCsv(questions: readonly ExportedQuestion[]): string {
  return toCsv(
    IMPORT_CSV_HEADERS,
    questions.map((q) => [
      q.question,
      joinCellList(q.options),
      q.correctAnswer,
      q.explanation,
      q.optionExplanations ? joinCellList(q.optionExplanations) : '',
      q.category,
      q.difficulty,
      joinCellList(q.tags),
      q.regulationReference ?? '',
      q.imageUrl ?? '',
      q.figure ? JSON.stringify(q.figure) : '',
      q.learnMore ? sectionCell(q.learnMore) : '',
      joinCellList((q.alsoTaughtIn ?? []).map(sectionCell)),
      joinCellList(q.exams),
      q.isActive,
    ]),
  );
}
