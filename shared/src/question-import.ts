/**
 * The question import and export file formats (premium-quiz-admin-spec §5, §8): a JSON array of
 * question objects, or a CSV with headers where options and tags are semicolon-separated. The admin
 * console parses and checks a file with these before sending it; the API checks every row again
 * with validateImportRows; the export writes files that parse back to the same questions.
 */
import Papa from 'papaparse';
import { IMPORT_ERRORS_IN_ALERT, IMPORT_MAX_QUESTIONS } from './constants.ts';
import { joinCellList, restoreCell, splitCellList, toCsv } from './csv.ts';
import { normaliseStem } from './hash.ts';
import { QuestionInputSchema, type Question } from './schemas/content.ts';

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
  'category',
  'difficulty',
  'tags',
  'regulationReference',
  'imageUrl',
  'isActive',
] as const;
type CsvHeader = (typeof IMPORT_CSV_HEADERS)[number];

/** Rows are numbered from 1, in file order (the first question is row 1). */
export type ImportRowError = { row: number; message: string };

export type ParsedImportFile =
  | { ok: true; format: 'csv' | 'json'; rows: unknown[]; errors: ImportRowError[] }
  | { ok: false; error: string; detail?: string };

export const formatRowError = (error: ImportRowError) => `Row ${error.row}: ${error.message}`;

export function parseImportFile(fileName: string, text: string): ParsedImportFile {
  const content = text.replace(/^\uFEFF/, '');
  const lower = fileName.toLowerCase();
  const isJson = lower.endsWith('.json') || (!lower.endsWith('.csv') && /^\s*[[{]/.test(content));
  return isJson ? parseJsonImport(content) : parseCsvImport(content);
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

/** One CSV record as the JSON row it stands for; empty cells mean "not given". */
function csvRecordToRow(record: Record<string, string>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const header of IMPORT_CSV_HEADERS) {
    const raw = record[header];
    if (raw === undefined || raw === null || raw.trim() === '') continue;
    const cell = restoreCell(raw);
    switch (header) {
      case 'options':
      case 'tags':
        row[header] = splitCellList(cell).filter((item) => header === 'options' || item.trim());
        break;
      case 'correctAnswer':
        row[header] = /^\s*-?\d*\.?\d+\s*$/.test(cell) ? Number(cell) : cell;
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

/**
 * Checks every row with QuestionInputSchema (premium-quiz-admin-spec §5) and flags a row that asks
 * the same question as an earlier one. Each failing row gets one message listing its problems.
 */
export function validateImportRows(rows: readonly unknown[]): {
  questions: Question[];
  errors: ImportRowError[];
} {
  const questions: Question[] = [];
  const errors: ImportRowError[] = [];
  const firstRowByStem = new Map<string, number>();
  if (rows.length > IMPORT_MAX_QUESTIONS) {
    errors.push({
      row: IMPORT_MAX_QUESTIONS + 1,
      message: `An import holds at most ${IMPORT_MAX_QUESTIONS} questions; split the file`,
    });
  }
  rows.slice(0, IMPORT_MAX_QUESTIONS).forEach((raw, index) => {
    const row = index + 1;
    if (!isRecord(raw)) {
      errors.push({ row, message: 'Each entry must be a question object' });
      return;
    }
    const result = QuestionInputSchema.safeParse(raw);
    if (!result.success) {
      const messages = [...new Set(result.error.issues.map((issue) => issue.message))];
      errors.push({ row, message: messages.join('; ') });
      return;
    }
    const stem = normaliseStem(result.data.question);
    const earlier = firstRowByStem.get(stem);
    if (earlier !== undefined) {
      errors.push({ row, message: `Same question as row ${earlier}` });
      return;
    }
    firstRowByStem.set(stem, row);
    questions.push(result.data);
  });
  errors.sort((a, b) => a.row - b.row);
  return { questions, errors };
}

export type CheckedImportFile =
  { ok: true; questions: Question[] } | { ok: false; error: string; details: string[] };

export function importRejectedMessage(failing: number, total: number): string {
  const rows = `${failing} of ${total} ${total === 1 ? 'row' : 'rows'}`;
  return `${rows} ${failing === 1 ? 'has' : 'have'} errors, so nothing was imported`;
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
 * every row, and abort on any error, naming the first IMPORT_ERRORS_IN_ALERT failing rows.
 */
export function checkImportFile(fileName: string, text: string): CheckedImportFile {
  const parsed = parseImportFile(fileName, text);
  if (!parsed.ok)
    return { ok: false, error: parsed.error, details: parsed.detail ? [parsed.detail] : [] };
  const checked = validateImportRows(parsed.rows);
  const failing = new Map<number, string>();
  for (const error of [...parsed.errors, ...checked.errors]) {
    failing.set(
      error.row,
      failing.has(error.row) ? `${failing.get(error.row)}; ${error.message}` : error.message,
    );
  }
  const errors = [...failing].sort(([a], [b]) => a - b).map(([row, message]) => ({ row, message }));
  if (errors.length === 0) return { ok: true, questions: checked.questions };
  return {
    ok: false,
    error:
      checked.questions.length === 0
        ? IMPORT_MESSAGES.noValidQuestions
        : importRejectedMessage(errors.length, parsed.rows.length),
    details: rowErrorLines(errors),
  };
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
  isActive: boolean;
};

type StoredQuestion = Omit<ExportedQuestion, 'regulationReference' | 'imageUrl'> & {
  regulationReference?: string | null;
  imageUrl?: string | null;
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
      q.category,
      q.difficulty,
      joinCellList(q.tags),
      q.regulationReference ?? '',
      q.imageUrl ?? '',
      q.isActive,
    ]),
  );
}
