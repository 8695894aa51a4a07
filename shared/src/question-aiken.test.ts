import { describe, expect, it } from 'vitest';
import {
  AIKEN_MESSAGES,
  answerNamesNoOption,
  expectedOption,
  optionOutOfOrder,
  parseAiken,
  questionsToAiken,
} from './question-aiken.ts';
import { checkImportFile, toExportedQuestion } from './question-import.ts';

/** A file with every construct the reader takes. */
const EVERY_CONSTRUCT = [
  '',
  'What is the maximum height for a basic operation?',
  'A. 400 ft AGL',
  'B) 500 ft AGL',
  'C.   122 m above the highest obstacle within 200 ft',
  'D) 1000 ft AGL',
  'ANSWER: A',
  'Which document must you carry?',
  '  A. Your pilot certificate  ',
  'B. A flight plan',
  'ANSWER:B',
  '',
  '',
  'A. B. C. — a stem may look like anything but an answer line',
  'A. Yes',
  'B. No',
  'C. Maybe: {braces} ~ = # are plain text here',
  'ANSWER: C',
].join('\n');

const EVERY_CONSTRUCT_QUESTIONS = [
  {
    question: 'What is the maximum height for a basic operation?',
    options: [
      '400 ft AGL',
      '500 ft AGL',
      '122 m above the highest obstacle within 200 ft',
      '1000 ft AGL',
    ],
    correctAnswer: 0,
  },
  {
    question: 'Which document must you carry?',
    options: ['Your pilot certificate', 'A flight plan'],
    correctAnswer: 1,
  },
  {
    question: 'A. B. C. — a stem may look like anything but an answer line',
    options: ['Yes', 'No', 'Maybe: {braces} ~ = # are plain text here'],
    correctAnswer: 2,
  },
];

const errorsOf = (text: string) => parseAiken(text).errors;

describe('reading Aiken', () => {
  it('reads every supported construct', () => {
    const parsed = parseAiken(EVERY_CONSTRUCT);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toEqual(EVERY_CONSTRUCT_QUESTIONS);
    expect(parsed.lines).toEqual([2, 8, 14]);
    expect(parsed.questionCount).toBe(3);
  });

  it('reads the same file with CRLF line ends and a byte-order mark', () => {
    const parsed = parseAiken(`\uFEFF${EVERY_CONSTRUCT.replace(/\n/g, '\r\n')}`);
    expect(parsed.rows).toEqual(EVERY_CONSTRUCT_QUESTIONS);
    expect(parsed.lines).toEqual([2, 8, 14]);
  });

  it('places every question in the chosen category; without one they take the default', () => {
    const parsed = parseAiken(EVERY_CONSTRUCT, { category: 'airspace' });
    expect(parsed.rows.map((row) => row.category)).toEqual(['airspace', 'airspace', 'airspace']);
    const checked = checkImportFile('bank.aiken.txt', EVERY_CONSTRUCT);
    expect(checked.ok && checked.questions.map((q) => q.category)).toEqual([
      'operations',
      'operations',
      'operations',
    ]);
  });
});

describe('refusing anything else, by line', () => {
  it.each([
    [
      'a second line of question text',
      ['Which of these', 'is right?', 'A. a', 'B. b', 'ANSWER: A'],
      [{ line: 2, message: expectedOption(0, 1) }],
    ],
    [
      'options out of order',
      ['Why?', 'A. a', 'C. c', 'ANSWER: A'],
      [{ line: 3, message: optionOutOfOrder(1, 'C') }],
    ],
    [
      'an option without its letter',
      ['Why?', 'A. a', 'b', 'ANSWER: A'],
      [{ line: 3, message: expectedOption(1, 1) }],
    ],
    [
      'an answer naming no option',
      ['Why?', 'A. a', 'B. b', 'ANSWER: C'],
      [{ line: 4, message: answerNamesNoOption('C', 2) }],
    ],
    [
      'an answer with no options',
      ['Why?', 'ANSWER: A'],
      [{ line: 2, message: answerNamesNoOption('A', 0) }],
    ],
    [
      'an answer in lower case',
      ['Why?', 'A. a', 'B. b', 'ANSWER: b'],
      [{ line: 4, message: AIKEN_MESSAGES.answerFormat }],
    ],
    [
      'an answer line with no question',
      ['ANSWER: A', '', 'Why?', 'A. a', 'B. b', 'ANSWER: A'],
      [{ line: 1, message: AIKEN_MESSAGES.answerWithoutQuestion }],
    ],
    [
      'a blank line before the answer',
      ['Why?', 'A. a', 'B. b', '', 'ANSWER: A'],
      [
        { line: 1, message: AIKEN_MESSAGES.noAnswer },
        { line: 5, message: AIKEN_MESSAGES.answerWithoutQuestion },
      ],
    ],
    [
      'no answer at the end of the file',
      ['Why?', 'A. a', 'B. b'],
      [{ line: 1, message: AIKEN_MESSAGES.noAnswer }],
    ],
  ])('%s', (_, lines, errors) => {
    expect(errorsOf(lines.join('\n'))).toEqual(errors);
  });

  it('passes over the rest of a broken question and reads the next one', () => {
    const parsed = parseAiken(
      ['Broken?', 'A. a', 'C. c', 'D. d', 'ANSWER: A', 'Fine?', 'A. a', 'B. b', 'ANSWER: B'].join(
        '\n',
      ),
    );
    expect(parsed.errors).toEqual([{ line: 3, message: optionOutOfOrder(1, 'C') }]);
    expect(parsed.rows).toEqual([{ question: 'Fine?', options: ['a', 'b'], correctAnswer: 1 }]);
    expect(parsed.lines).toEqual([6]);
    expect(parsed.questionCount).toBe(2);
  });

  it('option count and empty options get the CSV and JSON messages, named by line', () => {
    const text = [
      'Fine?',
      'A. a',
      'B. b',
      'ANSWER: A',
      '',
      'Five?',
      'A. a',
      'B. b',
      'C. c',
      'D. d',
      'E. e',
      'ANSWER: E',
      '',
      'Empty?',
      'A.',
      'B. b',
      'ANSWER: B',
      '',
      'One?',
      'A) a',
      'ANSWER: A',
    ].join('\n');
    expect(checkImportFile('bank.txt', text)).toEqual({
      ok: false,
      error: '3 lines have errors, so nothing was imported',
      details: [
        'Line 6: Options must have 2 to 4 entries; correctAnswer must be a number from 0 to 3',
        'Line 14: Options must not be empty',
        'Line 19: Options must have 2 to 4 entries',
      ],
    });
  });

  it('a file with no question at all is refused as such', () => {
    expect(checkImportFile('bank.aiken', '\n  \n')).toEqual({
      ok: false,
      error: 'The Aiken file holds no questions',
      details: [],
    });
  });
});

describe('writing Aiken', () => {
  const bank = [
    {
      question: 'What is the maximum height?',
      options: ['400 ft AGL', '500 ft AGL'],
      correctAnswer: 1,
      explanation: 'Not written: Aiken has no place for it.',
      category: 'air-law-regulations' as const,
    },
    {
      question: 'A question on\ntwo lines?',
      options: ['One\r\nline', 'b', 'c'],
      correctAnswer: 2,
      explanation: '',
      category: 'airspace' as const,
    },
  ];

  it('writes a stem, lettered options and the answer, a line each', () => {
    expect(questionsToAiken(bank)).toBe(
      [
        'What is the maximum height?',
        'A. 400 ft AGL',
        'B. 500 ft AGL',
        'ANSWER: B',
        '',
        'A question on two lines?',
        'A. One line',
        'B. b',
        'C. c',
        'ANSWER: C',
        '',
      ].join('\n'),
    );
    expect(questionsToAiken([])).toBe('');
  });

  it('a file with every construct imports and exports back as the same questions, and its export is a fixed point', () => {
    // Its braces would make a .txt read as GIFT, so the format is chosen as in the console.
    const checked = checkImportFile('every.txt', EVERY_CONSTRUCT, { format: 'aiken' });
    if (!checked.ok) throw new Error(checked.details.join('\n'));
    const exported = questionsToAiken(checked.questions.map(toExportedQuestion));
    const again = checkImportFile('again.aiken.txt', exported);
    if (!again.ok) throw new Error(again.details.join('\n'));
    expect(again.questions).toEqual(checked.questions);
    expect(questionsToAiken(again.questions.map(toExportedQuestion))).toBe(exported);
  });
});
