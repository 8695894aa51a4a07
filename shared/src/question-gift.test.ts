import { describe, expect, it } from 'vitest';
import { GIFT_MESSAGES, manyRightAnswers, parseGift, questionsToGift } from './question-gift.ts';
import { checkImportFile, toExportedQuestion, validateImportRows } from './question-import.ts';
import { unknownCategoryMessage, type QuestionTextItem } from './question-text-format.ts';

/** A file with every construct the reader takes, and the questions it holds. */
const EVERY_CONSTRUCT = [
  '// A Moodle export: comments, categories by id, label and path, titles, escapes, feedback.',
  '$CATEGORY: airspace',
  '',
  '::Controlled airspace:: Which class of airspace needs an SFOC or a NAV CANADA',
  '  authorisation\\: class C, D or E? {',
  '\t=Controlled airspace, with an RPAS Flight Authorization',
  '\t~None // not a comment: it is inside a line',
  '\t~Only class G',
  '\t####CAR 901.71\\: controlled airspace needs NAV CANADA\\n(see the AIM).',
  '}',
  '',
  '$CATEGORY: Weather and NOTAMs',
  '// a comment between questions',
  '::METAR::[plain]Read \\{METAR\\} \\~ \\= \\# \\\\ \\: C\\:\\\\ and \\(x\\) {=Yes ~No}',
  '',
  '$CATEGORY: $course$/top/Human Factors',
  '',
  '[moodle]What does IMSAFE stand for? {',
  '// a comment inside a question',
  '=A personal checklist',
  '~A weather code',
  '~A class of airspace',
  '~A battery rating',
  '}',
].join('\n');

const EVERY_CONSTRUCT_QUESTIONS = [
  {
    question:
      'Which class of airspace needs an SFOC or a NAV CANADA authorisation: class C, D or E?',
    options: [
      'Controlled airspace, with an RPAS Flight Authorization',
      'None // not a comment: it is inside a line',
      'Only class G',
    ],
    correctAnswer: 0,
    explanation: 'CAR 901.71: controlled airspace needs NAV CANADA\n(see the AIM).',
    category: 'airspace',
  },
  {
    question: 'Read {METAR} ~ = # \\ : C:\\ and \\(x\\)',
    options: ['Yes', 'No'],
    correctAnswer: 0,
    category: 'weather-notams',
  },
  {
    question: 'What does IMSAFE stand for?',
    options: ['A personal checklist', 'A weather code', 'A class of airspace', 'A battery rating'],
    correctAnswer: 0,
    category: 'human-factors',
  },
];

const oneQuestion = (text: string) => {
  const parsed = parseGift(text);
  expect(parsed.errors).toEqual([]);
  expect(parsed.rows).toHaveLength(1);
  return parsed.rows[0]!;
};

const errorsOf = (text: string, category?: 'operations') => parseGift(text, { category }).errors;

describe('reading GIFT', () => {
  it('reads every supported construct', () => {
    const parsed = parseGift(EVERY_CONSTRUCT);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toEqual(EVERY_CONSTRUCT_QUESTIONS);
    expect(parsed.lines).toEqual([4, 14, 18]);
    expect(parsed.questionCount).toBe(3);
  });

  it('reads the same file with CRLF or CR line ends and a byte-order mark', () => {
    for (const end of ['\r\n', '\r']) {
      const parsed = parseGift(`\uFEFF${EVERY_CONSTRUCT.replace(/\n/g, end)}`);
      expect(parsed.rows).toEqual(EVERY_CONSTRUCT_QUESTIONS);
      expect(parsed.lines).toEqual([4, 14, 18]);
    }
  });

  it('keeps the order of the options and finds the right one anywhere', () => {
    expect(oneQuestion('Pick? {~a ~b =c ~d}')).toEqual({
      question: 'Pick?',
      options: ['a', 'b', 'c', 'd'],
      correctAnswer: 2,
    });
  });

  it('takes the explanation from the general feedback, even when empty', () => {
    expect(oneQuestion('Why? {=a ~b ####Because.}')).toMatchObject({ explanation: 'Because.' });
    expect(oneQuestion('Why? {=a ~b ####}')).toMatchObject({ explanation: '' });
    expect(oneQuestion('Why? {=a ~b}')).not.toHaveProperty('explanation');
  });

  it('reads an empty title and answers on the stem line or their own lines', () => {
    expect(oneQuestion('::::Why?{=a~b}')).toMatchObject({ question: 'Why?', options: ['a', 'b'] });
    expect(oneQuestion('Why?\n{\n=a\n~b\n}')).toMatchObject({ question: 'Why?' });
  });

  describe('categories', () => {
    it.each([
      ['an id', 'air-law-regulations', 'air-law-regulations'],
      ['a label', 'Air law and regulations', 'air-law-regulations'],
      ['a label in capitals, with hyphens', 'RPAS-THEORY', 'rpas-theory'],
      ['a Moodle path', '$course$/top/First flights', 'first-flights'],
      ['the name written with underscores', 'weather_notams', 'weather-notams'],
    ])('match by %s', (_, name, category) => {
      expect(parseGift(`$CATEGORY: ${name}\n\nWhy? {=a ~b}`).rows[0]).toMatchObject({ category });
    });

    it('place every question up to the next category line', () => {
      const parsed = parseGift(
        '$CATEGORY: airspace\nOne? {=a ~b}\n\nTwo? {=a ~b}\n\n$CATEGORY: operations\n\nThree? {=a ~b}',
      );
      expect(parsed.rows.map((row) => row.category)).toEqual([
        'airspace',
        'airspace',
        'operations',
      ]);
    });

    it('leave a question before any category line to the chosen category, else to the default', () => {
      expect(parseGift('Why? {=a ~b}', { category: 'airspace' }).rows[0]).toMatchObject({
        category: 'airspace',
      });
      expect(parseGift('Why? {=a ~b}').rows[0]).not.toHaveProperty('category');
      const checked = validateImportRows(parseGift('Why? {=a ~b}').rows);
      expect(checked.questions[0]!.category).toBe('operations');
    });

    it('an unknown name takes the chosen category, and without one is refused on its line', () => {
      const text = '// exported\n$CATEGORY: $course$/top/Default for Drones 101\n\nWhy? {=a ~b}';
      expect(parseGift(text, { category: 'operations' })).toMatchObject({
        errors: [],
        rows: [{ category: 'operations' }],
      });
      expect(errorsOf(text)).toEqual([
        { line: 2, message: unknownCategoryMessage('$course$/top/Default for Drones 101') },
      ]);
      expect(unknownCategoryMessage(' Default ')).toBe(
        '"Default" is not one of the bank\'s categories (air-law-regulations, airspace, weather-notams, rpas-theory, operations, human-factors, first-flights): rename it, or choose a category for the questions the file does not place',
      );
    });

    it('a known name wins over the chosen category', () => {
      expect(
        parseGift('$CATEGORY: airspace\n\nWhy? {=a ~b}', { category: 'operations' }).rows[0],
      ).toMatchObject({ category: 'airspace' });
    });
  });
});

describe('refusing what GIFT holds beyond multiple choice, by line', () => {
  it.each([
    ['true/false', 'Fly at night? {T}', GIFT_MESSAGES.trueFalse],
    ['true/false with feedback', 'Fly at night? {FALSE#No lights}', GIFT_MESSAGES.trueFalse],
    ['short answer', 'Maximum height in feet? {=400 =four hundred}', GIFT_MESSAGES.shortAnswer],
    ['matching', 'Match: {=VLOS -> sight =BVLOS -> beyond}', GIFT_MESSAGES.matching],
    ['numerical', 'Maximum height in feet? {#400:10}', GIFT_MESSAGES.numerical],
    ['essay', 'Describe your pre-flight checks. {}', GIFT_MESSAGES.essay],
    ['essay with feedback only', 'Describe. {####Good.}', GIFT_MESSAGES.essay],
    ['a description', 'Read the next questions carefully.', GIFT_MESSAGES.noAnswers],
    ['a missing-word question', 'The limit is {=400 ~500} ft AGL.', GIFT_MESSAGES.textAfterAnswers],
    ['weights', 'Pick two: {~%50%a ~%50%b ~%-100%c}', GIFT_MESSAGES.weight],
    ['feedback on some answers only', 'Pick: {=a#Yes ~b}', GIFT_MESSAGES.partialFeedback],
    ['empty feedback beside some', 'Pick: {=a#Yes ~b# ~c#No}', GIFT_MESSAGES.partialFeedback],
    ['HTML text', '[html]<p>Pick:</p> {=a ~b}', GIFT_MESSAGES.richText],
    ['Markdown in an answer', 'Pick: {=[markdown]**a** ~b}', GIFT_MESSAGES.richText],
    ['no right answer', 'Pick: {~a ~b}', GIFT_MESSAGES.noRightAnswer],
    ['two right answers', 'Pick: {=a =b ~c}', manyRightAnswers(2)],
    ['text before the first answer', 'Pick: {a =b ~c}', GIFT_MESSAGES.answerStart],
    ['an unclosed title', '::Title Pick: {=a ~b}', GIFT_MESSAGES.unclosedTitle],
    ['a stray closing brace', 'Pick } one: {=a ~b}', GIFT_MESSAGES.strayClose],
    ['a brace inside the answers', 'Pick: {=a {~b}', GIFT_MESSAGES.braceInAnswers],
    ['unclosed answers', 'Pick: {=a ~b', GIFT_MESSAGES.unclosedAnswers],
  ])('%s', (_, question, message) => {
    const text = `// line 1\nFine? {=a ~b}\n\n${question}\n\nAlso fine? {=a ~b}\n`;
    const parsed = parseGift(text);
    expect(parsed.errors).toEqual([{ line: 4, message }]);
    expect(parsed.rows.map((row) => row.question)).toEqual(['Fine?', 'Also fine?']);
    expect(parsed.questionCount).toBe(3);
  });

  it('names the line the problem is on inside a question of several lines', () => {
    expect(errorsOf('Pick:\n{\n=a#why\n~b\n~c#why not\n}')).toEqual([
      { line: 4, message: GIFT_MESSAGES.partialFeedback },
    ]);
    expect(errorsOf('Pick:\n{\n=a\n=b\n~c\n}')).toEqual([
      { line: 4, message: manyRightAnswers(2) },
    ]);
    expect(errorsOf('Pick: {\n=a\n~b\n}\nNext? {=a ~b}')).toEqual([
      { line: 5, message: GIFT_MESSAGES.textAfterAnswers },
    ]);
  });

  it('a blank line inside the answers ends the question, and both halves are refused', () => {
    expect(errorsOf('Pick: {\n=a\n\n~b\n}')).toEqual([
      { line: 1, message: GIFT_MESSAGES.unclosedAnswers },
      { line: 5, message: GIFT_MESSAGES.strayClose },
    ]);
  });

  it('reports every problem of the file, not only the first', () => {
    expect(errorsOf('A? {T}\n\nB? {}\n\n$CATEGORY: nowhere\n\nC? {=a ~b}')).toEqual([
      { line: 1, message: GIFT_MESSAGES.trueFalse },
      { line: 3, message: GIFT_MESSAGES.essay },
      { line: 5, message: unknownCategoryMessage('nowhere') },
    ]);
  });
});

describe('GIFT files through the import check', () => {
  it('options, stems and keys are checked with the CSV and JSON rules, named by line', () => {
    const text = [
      'Fine? {=a ~b}',
      '',
      'Five? {=a ~b ~c ~d ~e}',
      '',
      '::Empty stem:: {=a ~b}',
      '',
      'One option? {=a ~}',
      '',
      'fine {=c ~d}',
    ].join('\n');
    expect(checkImportFile('bank.gift', text)).toEqual({
      ok: false,
      error: '4 lines have errors, so nothing was imported',
      details: [
        'Line 3: Options must have 2 to 4 entries',
        'Line 5: Question text is required',
        'Line 7: Options must not be empty',
        'Line 9: Same question as line 1',
      ],
    });
  });

  it('a file of only broken questions says no valid questions were found', () => {
    expect(checkImportFile('bank.gift', 'A? {T}\n\nB? {}')).toEqual({
      ok: false,
      error: 'No valid questions found in import file after validation',
      details: [`Line 1: ${GIFT_MESSAGES.trueFalse}`, `Line 3: ${GIFT_MESSAGES.essay}`],
    });
  });

  it('a file with no question at all is refused as such', () => {
    expect(checkImportFile('bank.gift', '// only a comment\n\n$CATEGORY: airspace\n')).toEqual({
      ok: false,
      error: 'The GIFT file holds no questions',
      details: [],
    });
  });
});

describe('writing GIFT', () => {
  const bank: QuestionTextItem[] = [
    {
      question: 'What is the maximum height: 400 ft or 500 ft?',
      options: ['400 ft AGL', '500 ft AGL'],
      correctAnswer: 0,
      explanation: 'CAR 901.25.\nSee the AIM.',
      category: 'air-law-regulations',
    },
    {
      question: 'Which {METAR} group gives the wind?',
      options: ['dddff', 'a=b', 'c~d', 'e#f'],
      correctAnswer: 3,
      explanation: '',
      category: 'weather-notams',
    },
    {
      question: 'Another air law question?',
      options: ['Yes', 'No', 'C:\\path'],
      correctAnswer: 1,
      explanation: 'Because.',
      category: 'air-law-regulations',
    },
  ];

  it('writes each category once, one answer a line, with escapes', () => {
    expect(questionsToGift(bank)).toBe(
      [
        '$CATEGORY: air-law-regulations',
        '',
        'What is the maximum height\\: 400 ft or 500 ft? {',
        '\t=400 ft AGL',
        '\t~500 ft AGL',
        '\t####CAR 901.25.\\nSee the AIM.',
        '}',
        '',
        'Another air law question? {',
        '\t~Yes',
        '\t=No',
        '\t~C\\:\\\\path',
        '\t####Because.',
        '}',
        '',
        '$CATEGORY: weather-notams',
        '',
        'Which \\{METAR\\} group gives the wind? {',
        '\t~dddff',
        '\t~a\\=b',
        '\t~c\\~d',
        '\t=e\\#f',
        '}',
        '',
      ].join('\n'),
    );
    expect(questionsToGift([])).toBe('');
  });

  it('starts a text with [plain] where it would read as something else', () => {
    const text = questionsToGift([
      {
        question: '// looks like a comment',
        options: ['[html] looks like a marker', '%50% looks like a weight'],
        correctAnswer: 0,
        explanation: '[markdown]',
        category: 'operations',
      },
    ]);
    expect(text).toContain('[plain]// looks like a comment {');
    expect(text).toContain('\t=[plain][html] looks like a marker');
    expect(text).toContain('\t~[plain]%50% looks like a weight');
    expect(parseGift(text).rows[0]).toMatchObject({
      question: '// looks like a comment',
      options: ['[html] looks like a marker', '%50% looks like a weight'],
      explanation: '[markdown]',
    });
  });

  it('reads back what it wrote, in category order', () => {
    const parsed = parseGift(questionsToGift(bank));
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toEqual(
      [0, 2, 1]
        .map((i) => bank[i]!)
        .map(({ explanation, ...q }) => (explanation ? { ...q, explanation } : q)),
    );
  });

  it('a file with every construct imports and exports back as the same questions, and its export is a fixed point', () => {
    const checked = checkImportFile('every.gift', EVERY_CONSTRUCT);
    if (!checked.ok) throw new Error(checked.details.join('\n'));
    const exported = questionsToGift(checked.questions.map(toExportedQuestion));
    const again = checkImportFile('again.gift', exported);
    if (!again.ok) throw new Error(again.details.join('\n'));
    expect(again.questions).toEqual(checked.questions);
    expect(questionsToGift(again.questions.map(toExportedQuestion))).toBe(exported);
  });
});

describe('per-answer feedback: why each option is right or wrong (issue 29)', () => {
  /** A file as the export writes it: one question with feedback on every answer, one without. */
  const WITH_FEEDBACK = [
    '$CATEGORY: air-law-regulations',
    '',
    'What is the maximum height for a basic operation? {',
    '\t=400 ft AGL#CAR 901.25 sets 400 ft above ground level\\: the limit in uncontrolled airspace.',
    '\t~500 ft AGL#That is the height for \\{manned\\} aircraft, not for an RPA \\= drone.',
    '\t~[plain][no limit]#[plain][CAR 901.25] sets one\\n(see the AIM).',
    '\t####Part IX sets the height.',
    '}',
    '',
    'Who must hold a pilot certificate? {',
    '\t=The pilot#Every pilot of an RPA of 250 g to 25 kg.',
    '\t~Nobody#Wrong\\: the certificate is required.',
    '}',
    '',
    'Which document is carried on every flight? {',
    '\t=The pilot certificate',
    '\t~The logbook',
    '}',
    '',
  ].join('\n');

  it("reads each answer's feedback into optionExplanations, in the answers' order", () => {
    const parsed = parseGift(WITH_FEEDBACK);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows[0]).toMatchObject({
      options: ['400 ft AGL', '500 ft AGL', '[no limit]'],
      correctAnswer: 0,
      explanation: 'Part IX sets the height.',
      optionExplanations: [
        'CAR 901.25 sets 400 ft above ground level: the limit in uncontrolled airspace.',
        'That is the height for {manned} aircraft, not for an RPA = drone.',
        '[CAR 901.25] sets one\n(see the AIM).',
      ],
    });
  });

  it('imports a file mixing questions with and without feedback, each as it is', () => {
    const checked = checkImportFile('mixed.gift', WITH_FEEDBACK);
    if (!checked.ok) throw new Error(checked.details.join('\n'));
    expect(checked.questions).toHaveLength(3);
    expect(checked.questions[1]!.optionExplanations).toEqual([
      'Every pilot of an RPA of 250 g to 25 kg.',
      'Wrong: the certificate is required.',
    ]);
    expect(checked.questions[2]).not.toHaveProperty('optionExplanations');
  });

  it('exports the same feedback back: the file imported and exported is the same file', () => {
    const checked = checkImportFile('mixed.gift', WITH_FEEDBACK);
    if (!checked.ok) throw new Error(checked.details.join('\n'));
    expect(questionsToGift(checked.questions.map(toExportedQuestion))).toBe(WITH_FEEDBACK);
  });

  it('refuses feedback that breaks the import rules, by its line', () => {
    const long = 'x'.repeat(501);
    const checked = checkImportFile('long.gift', `Fine? {=a ~b}\n\nPick: {\n=a#${long}\n~b#ok\n}`);
    expect(checked).toMatchObject({
      ok: false,
      details: ["Line 3: An option's explanation must be at most 500 characters"],
    });
  });
});
