import { describe, expect, it } from 'vitest';
import {
  IMPORT_MESSAGES,
  checkImportFile,
  detectImportFormat,
  formatRowError,
  parseImportFile,
  rowErrorFromKey,
  rowErrorKey,
  questionsToCsv,
  toExportedQuestion,
  validateImportRows,
  type ExportedQuestion,
} from './question-import.ts';
import { LEARN_MORE_FORMAT, OPTION_EXPLANATIONS_MISMATCH } from './schemas/content.ts';
import { IMPORT_MAX_QUESTIONS } from './schemas/content-values.ts';

const valid = {
  question: 'What is the maximum altitude for basic operations?',
  options: ['400 ft AGL', '500 ft AGL'],
  correctAnswer: 0,
};

function rowsOf(name: string, text: string) {
  const parsed = parseImportFile(name, text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed;
}

function errorsOf(rows: unknown[]) {
  return validateImportRows(rows).errors.map(formatRowError);
}

describe('reading an import file (premium-quiz-admin-spec §8)', () => {
  it.each([
    ['empty.csv', '', IMPORT_MESSAGES.csvEmpty],
    ['blank.csv', ' \n\n', IMPORT_MESSAGES.csvEmpty],
    ['headers.csv', 'question,options,correctAnswer\n', IMPORT_MESSAGES.csvOnlyHeaders],
    ['missing.csv', 'question,answer\nWhy?,2\n', IMPORT_MESSAGES.csvMissingHeaders],
    ['broken.json', '[{"question": ', IMPORT_MESSAGES.invalidJson],
    ['object.json', '{"question": "Why?"}', IMPORT_MESSAGES.jsonNotArray],
    ['empty.json', '[]', IMPORT_MESSAGES.jsonEmpty],
  ])('%s → %s', (name, text, message) => {
    expect(parseImportFile(name, text)).toMatchObject({ ok: false, error: message });
  });

  it('names the missing CSV headers', () => {
    expect(parseImportFile('q.csv', 'question\nWhy?\n')).toEqual({
      ok: false,
      error: 'CSV missing required headers',
      detail: 'Missing: options, correctAnswer',
    });
  });

  it('reads CSV cells into question rows: lists split on semicolons, numbers and flags typed', () => {
    const { rows, errors, format } = rowsOf(
      'bank.CSV',
      '\uFEFFQuestion, Options ,correctAnswer,category,difficulty,tags,isActive,explanation\n' +
        '"Which, of these?",A;B\\;C;D,2,airspace,hard,x;;y,FALSE,\n' +
        'Second?,A;B,1,,,,,Because\n',
    );
    expect(format).toBe('csv');
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        question: 'Which, of these?',
        options: ['A', 'B;C', 'D'],
        correctAnswer: 2,
        category: 'airspace',
        difficulty: 'hard',
        tags: ['x', 'y'],
        isActive: false,
      },
      { question: 'Second?', options: ['A', 'B'], correctAnswer: 1, explanation: 'Because' },
    ]);
  });

  it('reports a malformed CSV row by its number', () => {
    const { errors } = rowsOf('q.csv', 'question,options,correctAnswer\nOne?,a;b,0\nTwo?,a;b\n');
    expect(errors.map(formatRowError)).toEqual([
      expect.stringMatching(/^Row 2: Malformed CSV row/),
    ]);
  });

  it('sniffs the format when the name has no known extension', () => {
    expect(rowsOf('paste', JSON.stringify([valid])).format).toBe('json');
    expect(rowsOf('paste', 'question,options,correctAnswer\nWhy?,a;b,0').format).toBe('csv');
  });
});

describe('choosing the format of a file', () => {
  const gift = 'Why? {=a ~b}';
  const aiken = 'Why?\nA. a\nB. b\nANSWER: A';

  it.each([
    ['bank.JSON', gift, 'json'],
    ['bank.csv', aiken, 'csv'],
    ['bank.gift', aiken, 'gift'],
    ['bank.aiken', gift, 'aiken'],
    ['question-bank-2026-11-26.aiken.txt', gift, 'aiken'],
    ['moodle.txt', gift, 'gift'],
    ['moodle.txt', aiken, 'aiken'],
    ['moodle.txt', `${aiken}\nWith {braces}?\nA. a\nB. b\nANSWER: B`, 'gift'],
    ['paste', '[]', 'json'],
    ['paste', aiken, 'csv'],
  ])('%s holding %j is %s', (name, text, format) => {
    expect(detectImportFormat(name, text)).toBe(format);
  });

  it('the format chosen in the console wins over the name', () => {
    expect(parseImportFile('bank.csv', aiken, { format: 'aiken' })).toMatchObject({
      ok: true,
      format: 'aiken',
      rows: [{ question: 'Why?' }],
      lines: [1],
      questionCount: 1,
    });
  });

  it('the chosen category places the questions a text file does not', () => {
    const checked = checkImportFile('bank.gift', gift, { category: 'airspace' });
    expect(checked).toMatchObject({
      ok: true,
      format: 'gift',
      questions: [{ category: 'airspace' }],
    });
  });
});

describe('naming a problem by row or by line', () => {
  it("reads and writes the keys of the API's error fields", () => {
    expect(formatRowError({ row: 3, message: 'x' })).toBe('Row 3: x');
    expect(formatRowError({ line: 12, message: 'x' })).toBe('Line 12: x');
    expect(rowErrorKey({ row: 3, message: 'x' })).toBe('3');
    expect(rowErrorKey({ line: 12, message: 'x' })).toBe('line 12');
    expect(rowErrorFromKey('3', 'x')).toEqual({ row: 3, message: 'x' });
    expect(rowErrorFromKey('line 12', 'x')).toEqual({ line: 12, message: 'x' });
    expect(rowErrorFromKey('questions', 'x')).toBeNull();
  });

  it('names the rows of a text file by their lines, a repeated question too', () => {
    const { errors } = validateImportRows([valid, { ...valid, options: ['a'] }, valid], [3, 9, 14]);
    expect(errors.map(formatRowError)).toEqual([
      'Line 9: Options must have 2 to 4 entries',
      'Line 14: Same question as line 3',
    ]);
  });
});

describe('checking each row (premium-quiz-admin-spec §5)', () => {
  it('accepts a valid row and fills the defaults: category operations, difficulty medium', () => {
    const { questions, errors } = validateImportRows([valid]);
    expect(errors).toEqual([]);
    expect(questions[0]).toMatchObject({
      category: 'operations',
      difficulty: 'medium',
      tags: [],
      explanation: '',
      isActive: true,
    });
  });

  it.each([
    ['question text missing', { ...valid, question: undefined }, 'Question text is required'],
    ['question text blank', { ...valid, question: '   ' }, 'Question text is required'],
    [
      'options missing',
      { ...valid, options: undefined },
      'Options are required and must be an array',
    ],
    [
      'options not an array',
      { ...valid, options: 'a;b' },
      'Options are required and must be an array',
    ],
    ['one option', { ...valid, options: ['only'] }, 'Options must have 2 to 4 entries'],
    [
      'five options',
      { ...valid, options: ['a', 'b', 'c', 'd', 'e'] },
      'Options must have 2 to 4 entries',
    ],
    ['an empty option', { ...valid, options: ['a', ' '] }, 'Options must not be empty'],
    ['an option not text', { ...valid, options: ['a', 5] }, 'Every option must be text'],
    [
      'correctAnswer missing',
      { ...valid, correctAnswer: undefined },
      'correctAnswer must be a number from 0 to 3',
    ],
    [
      'correctAnswer a string',
      { ...valid, correctAnswer: '1' },
      'correctAnswer must be a number from 0 to 3',
    ],
    [
      'correctAnswer 4',
      { ...valid, correctAnswer: 4 },
      'correctAnswer must be a number from 0 to 3',
    ],
    [
      'correctAnswer -1',
      { ...valid, correctAnswer: -1 },
      'correctAnswer must be a number from 0 to 3',
    ],
    [
      'correctAnswer 1.5',
      { ...valid, correctAnswer: 1.5 },
      'correctAnswer must be a number from 0 to 3',
    ],
    [
      'correctAnswer past the options',
      { ...valid, correctAnswer: 2 },
      'correctAnswer must point at one of the options',
    ],
    [
      'unknown category',
      { ...valid, category: 'law' },
      'Category must be one of: air-law-regulations, airspace, weather-notams, rpas-theory, operations, human-factors, first-flights',
    ],
    [
      'unknown difficulty',
      { ...valid, difficulty: 'expert' },
      'Difficulty must be easy, medium or hard',
    ],
    ['tags not an array', { ...valid, tags: 'a,b' }, 'Tags must be an array'],
    ['isActive not a flag', { ...valid, isActive: 'yes' }, 'isActive must be true or false'],
  ])('%s', (_, row, message) => {
    expect(errorsOf([valid, row])).toEqual([`Row 2: ${message}`]);
  });

  it('lists every problem of a row in one message', () => {
    expect(errorsOf([{ question: '', options: ['a'], correctAnswer: 9 }])).toEqual([
      'Row 1: Question text is required; Options must have 2 to 4 entries; correctAnswer must be a number from 0 to 3',
    ]);
  });

  it('rejects an entry that is not a question object', () => {
    expect(errorsOf([valid, 'text', null, [1]])).toEqual([
      'Row 2: Each entry must be a question object',
      'Row 3: Each entry must be a question object',
      'Row 4: Each entry must be a question object',
    ]);
  });

  it('flags a row asking the same question as an earlier row', () => {
    expect(
      errorsOf([
        valid,
        { ...valid, question: 'what is the MAXIMUM altitude for basic operations' },
      ]),
    ).toEqual(['Row 2: Same question as row 1']);
  });

  it(`refuses more than ${IMPORT_MAX_QUESTIONS} rows`, () => {
    const rows = Array.from({ length: IMPORT_MAX_QUESTIONS + 1 }, (_, i) => ({
      ...valid,
      question: `Question ${i}?`,
    }));
    expect(errorsOf(rows)).toEqual([
      `Row ${IMPORT_MAX_QUESTIONS + 1}: An import holds at most ${IMPORT_MAX_QUESTIONS} questions; split the file`,
    ]);
  });
});

const csv = (...rows: string[]) => ['question,options,correctAnswer', ...rows].join('\n');

describe('checkImportFile: what the admin is told before anything is sent', () => {
  it('passes a valid file on with its checked questions', () => {
    const checked = checkImportFile('q.csv', csv('One?,a;b,0', 'Two?,a;b;c,2'));
    expect(checked).toMatchObject({
      ok: true,
      questions: [{ question: 'One?' }, { question: 'Two?' }],
    });
  });

  it('aborts on any row error, naming the rows', () => {
    expect(checkImportFile('q.csv', csv('One?,a;b,0', 'Two?,a,0', 'Three?,a;b,5'))).toEqual({
      ok: false,
      error: '2 of 3 rows have errors, so nothing was imported',
      details: [
        'Row 2: Options must have 2 to 4 entries',
        'Row 3: correctAnswer must be a number from 0 to 3',
      ],
    });
  });

  it('says no valid questions were found when every row fails', () => {
    expect(checkImportFile('q.json', '[{"question": ""}, 3]')).toEqual({
      ok: false,
      error: IMPORT_MESSAGES.noValidQuestions,
      details: [
        'Row 1: Question text is required; Options are required and must be an array; correctAnswer must be a number from 0 to 3',
        'Row 2: Each entry must be a question object',
      ],
    });
  });

  it('shows the first 10 row errors and how many more there are', () => {
    const rows = Array.from({ length: 14 }, (_, i) => `Q${i}?,only,0`);
    const checked = checkImportFile('q.csv', csv('Fine?,a;b,0', ...rows));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.details).toHaveLength(11);
    expect(checked.details[0]).toBe('Row 2: Options must have 2 to 4 entries');
    expect(checked.details[10]).toBe('…and 4 more');
  });

  it('passes on file-level messages with their detail', () => {
    expect(checkImportFile('q.csv', 'question\nWhy?')).toEqual({
      ok: false,
      error: IMPORT_MESSAGES.csvMissingHeaders,
      details: ['Missing: options, correctAnswer'],
    });
    expect(checkImportFile('q.json', '{}')).toEqual({
      ok: false,
      error: IMPORT_MESSAGES.jsonNotArray,
      details: [],
    });
  });
});

describe('export files', () => {
  const bank: ExportedQuestion[] = [
    {
      question: '=What, if "anything", is required?',
      options: ['None; a VO needs no certificate', 'A basic certificate', '-5 °C', 'C:\\dir'],
      correctAnswer: 0,
      explanation: 'Line one.\nLine two, with a comma.',
      category: 'air-law-regulations',
      difficulty: 'hard',
      tags: ['visual-observer', 'certificates'],
      regulationReference: 'CARs 901.20',
      optionExplanations: [
        'Right; CAR 901.20 asks nothing of a VO',
        '=Wrong: no certificate at all',
        'A temperature, not a certificate',
        'A path \\ not; a rule',
      ],
      learnMore: { moduleSlug: 'air-law', sectionId: 'visual-observers' },
      alsoTaughtIn: [
        { moduleSlug: 'operations', sectionId: 'crew' },
        { moduleSlug: 'air-law', sectionId: 'certificates' },
      ],
      exams: ['advanced'],
      isActive: false,
    },
    {
      question: 'Plain question?',
      options: ['Yes', 'No'],
      correctAnswer: 1,
      explanation: '',
      category: 'operations',
      difficulty: 'medium',
      tags: [],
      imageUrl: 'https://example.com/chart.png',
      exams: ['basic', 'advanced'],
      isActive: true,
    },
  ];

  it('a CSV export parses and validates back to the same questions', () => {
    const { rows, errors } = rowsOf('export.csv', questionsToCsv(bank));
    expect(errors).toEqual([]);
    const checked = validateImportRows(rows);
    expect(checked.errors).toEqual([]);
    expect(checked.questions.map(toExportedQuestion)).toEqual(bank);
  });

  it('a CSV export carries the rationales in one ;-separated column and learnMore as slug#id', () => {
    const csvText = questionsToCsv(bank);
    const [header, first] = csvText.split('\r\n');
    expect(header).toBe(
      'question,options,correctAnswer,explanation,optionExplanations,category,difficulty,tags,regulationReference,imageUrl,figure,learnMore,alsoTaughtIn,exams,isActive',
    );
    expect(first).toContain(
      '"Right\\; CAR 901.20 asks nothing of a VO;=Wrong: no certificate at all;A temperature, not a certificate;A path \\\\ not\\; a rule"',
    );
    expect(first).toContain(
      ',air-law#visual-observers,operations#crew;air-law#certificates,advanced,false',
    );
  });

  it('a CSV or JSON row without exams belongs to both, as the Basic bank does; a bad one is refused', () => {
    const checked = checkImportFile(
      'q.csv',
      'question,options,correctAnswer,exams\nOne?,a;b,0,\nTwo?,a;b,0,advanced;expert\n',
    );
    expect(checked).toMatchObject({
      ok: false,
      details: ['Row 2: Exam must be basic or advanced'],
    });
    const { rows } = rowsOf(
      'q.json',
      JSON.stringify([{ question: 'One?', options: ['a', 'b'], correctAnswer: 0 }]),
    );
    expect(validateImportRows(rows).questions[0]!.exams).toEqual(['basic', 'advanced']);
  });

  it('refuses rationales that do not match the options, and a learnMore cell without #', () => {
    const checked = checkImportFile(
      'q.csv',
      'question,options,correctAnswer,optionExplanations,learnMore\n' +
        'One?,a;b,0,why a,\n' +
        'Two?,a;b,0,why a;,\n' +
        'Three?,a;b,0,why a;why b,air-law\n',
    );
    expect(checked).toEqual({
      ok: false,
      error: IMPORT_MESSAGES.noValidQuestions,
      details: [
        `Row 1: ${OPTION_EXPLANATIONS_MISMATCH}`,
        'Row 2: Every option needs its explanation, or leave them all out',
        `Row 3: ${LEARN_MORE_FORMAT}`,
      ],
    });
  });

  it('a JSON export parses and validates back to the same questions', () => {
    const { rows } = rowsOf('export.json', JSON.stringify(bank));
    expect(validateImportRows(rows).questions.map(toExportedQuestion)).toEqual(bank);
  });
});
