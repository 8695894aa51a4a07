import { exports as worker } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { AIKEN_MESSAGES } from '@drone-exam/shared/question-aiken';
import { GIFT_MESSAGES } from '@drone-exam/shared/question-gift';
import { unknownCategoryMessage } from '@drone-exam/shared/question-text-format';
import type { ExportedQuestion } from '@drone-exam/shared/question-import';
import type { AdminQuestion, ImportJob } from '@drone-exam/shared/schemas/content';
import { expectWithinBudget } from '../../test/budget.ts';
import { call, callOk, testDb } from '../../test/helpers.ts';
import { counters, questions } from '../db/schema.ts';
import {
  QUESTION_COUNTERS,
  adminToken,
  contentBankForImport,
  countRows,
  expectAdminsOnly,
  expectCountersRight,
  sampleQuestion,
} from './test-fixtures.ts';
import { QUESTION_CATEGORIES } from '@drone-exam/shared/schemas/quiz-values';
import { IMPORT_SYNC_MAX_QUESTIONS } from '@drone-exam/shared/schemas/content-values';

const importText = (token: string, body: Record<string, unknown>) =>
  call('/api/admin/questions/bulk-import', { token, body });

async function exportBank(token: string, query: string) {
  const response = await worker.default.fetch(
    new Request(`http://app.test/api/admin/questions/export?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  expect(response.status, query).toBe(200);
  return { text: await response.text(), headers: response.headers };
}

async function emptyBank() {
  const db = testDb();
  await db.batch([db.delete(questions), db.delete(counters)]);
}

/** What GIFT carries of a question: the rationales as per-answer feedback (issue 29). */
const giftFields = (q: {
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
  category: string;
  optionExplanations?: string[];
}) => ({
  question: q.question,
  options: q.options,
  correctAnswer: q.correctAnswer,
  explanation: q.explanation,
  category: q.category,
  optionExplanations: q.optionExplanations,
});

const byStem = <T extends { question: string }>(list: T[]) =>
  [...list].sort((a, b) => a.question.localeCompare(b.question));

/** What Aiken carries of a question. */
function aikenFields(q: ExportedQuestion) {
  const {
    explanation: _notInAiken,
    optionExplanations: _norTheRationales,
    ...fields
  } = giftFields(q);
  return fields;
}

/**
 * A GIFT file as the export writes it, holding every construct the writer uses: a category line
 * per category, every escape, a line break in a text, [plain] before a text that would read as
 * something else, 2 to 4 options, and questions with and without an explanation.
 */
const CANONICAL_GIFT = [
  '$CATEGORY: air-law-regulations',
  '',
  'Under CAR 901.25, how high may a basic operation fly\\: 400 ft or 500 ft? {',
  '\t=400 ft AGL',
  '\t~500 ft AGL',
  '\t~122 m above the highest obstacle',
  '\t####CAR 901.25 sets the limit at 400 ft (122 m) AGL.\\nIt applies to every basic operation.',
  '}',
  '',
  '[plain]// Which escapes does GIFT know\\: \\~ \\= \\# \\{ \\} \\\\ ? {',
  '\t~[plain][html] none',
  '\t=All of them',
  '}',
  '',
  '$CATEGORY: weather-notams',
  '',
  'In a METAR, what does the group 27015G25KT give? {',
  '\t~Visibility',
  '\t~Cloud cover',
  '\t~[plain]%50% of the time, gusts',
  '\t=Wind from 270° at 15 knots, gusting 25',
  '\t####ddd \\= direction, ff \\= speed, G \\= gusts.',
  '}',
  '',
].join('\n');

/** The same questions as a Moodle user would write them by hand. */
const HANDWRITTEN_GIFT = [
  '// Exported from Moodle 4.5',
  '$CATEGORY: $course$/top/Air law and regulations',
  '',
  '// question: 101  name: Altitude',
  '::Altitude::[moodle]Under CAR 901.25, how high may a basic operation fly\\: 400 ft',
  'or 500 ft?{=400 ft AGL ~500 ft AGL ~122 m above the highest obstacle',
  '####CAR 901.25 sets the limit at 400 ft (122 m) AGL.\\nIt applies to every basic operation.}',
  '',
  '::Escapes::[plain]// Which escapes does GIFT know\\: \\~ \\= \\# \\{ \\} \\\\ ? {',
  '  ~[plain][html] none',
  '  =All of them',
  '}',
  '',
  '$CATEGORY: Weather and NOTAMs',
  '',
  'In a METAR, what does the group 27015G25KT give?',
  '{',
  '~Visibility ~Cloud cover ~[plain]%50% of the time, gusts',
  '=Wind from 270° at 15 knots, gusting 25',
  '#### ddd \\= direction, ff \\= speed, G \\= gusts. ',
  '}',
].join('\r\n');

const CANONICAL_AIKEN = [
  'Which document must the pilot of a basic operation carry?',
  'A. A pilot certificate for basic operations',
  'B. A flight plan filed with NAV CANADA',
  'ANSWER: A',
  '',
  'What must you check before every flight?',
  'A. The weather and NOTAMs',
  'B. Nothing',
  'C. Only the battery',
  'D. The {A}{B}{C} of it = ~ #',
  'ANSWER: A',
  '',
].join('\n');

describe('POST /api/admin/questions/bulk-import {format, content}', () => {
  it('a GIFT file with every construct imports, and exports back unchanged', async () => {
    const token = await adminToken();
    const { status, json } = await importText(token, { format: 'gift', content: CANONICAL_GIFT });
    expect(status).toBe(200);
    expect(json).toEqual({ success: true, data: { successful: 3, failed: 0, errors: [] } });
    await expectCountersRight(QUESTION_COUNTERS);
    const { questions: stored } = await callOk<{ questions: AdminQuestion[] }>(
      '/api/admin/questions?search=METAR',
      { token },
    );
    expect(stored[0]).toMatchObject({
      question: 'In a METAR, what does the group 27015G25KT give?',
      options: [
        'Visibility',
        'Cloud cover',
        '%50% of the time, gusts',
        'Wind from 270° at 15 knots, gusting 25',
      ],
      correctAnswer: 3,
      explanation: 'ddd = direction, ff = speed, G = gusts.',
      category: 'weather-notams',
      difficulty: 'medium',
      isActive: true,
    });

    const gift = await exportBank(token, 'format=gift');
    expect(gift.text).toBe(CANONICAL_GIFT);
    expect(gift.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(gift.headers.get('content-disposition')).toMatch(
      /^attachment; filename="question-bank-\d{4}-\d{2}-\d{2}\.gift"$/,
    );
  });

  it('a hand-written GIFT file (comments, titles, labels, paths, CRLF) imports as the same questions', async () => {
    const token = await adminToken();
    const { status } = await importText(token, { format: 'gift', content: HANDWRITTEN_GIFT });
    expect(status).toBe(200);
    expect((await exportBank(token, 'format=gift')).text).toBe(CANONICAL_GIFT);
  });

  it('an Aiken file imports into the chosen category, and exports back unchanged', async () => {
    const token = await adminToken();
    const { status, json } = await importText(token, {
      format: 'aiken',
      content: CANONICAL_AIKEN,
      category: 'first-flights',
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ data: { successful: 2 } });
    const aiken = await exportBank(token, 'format=aiken&category=first-flights');
    expect(aiken.text).toBe(CANONICAL_AIKEN);
    expect(aiken.headers.get('content-disposition')).toMatch(
      /^attachment; filename="question-bank-first-flights-\d{4}-\d{2}-\d{2}\.aiken\.txt"$/,
    );
    expect((await exportBank(token, 'format=aiken&category=airspace')).text).toBe('');
  });

  it('without a category, Aiken questions take the default one (operations)', async () => {
    const token = await adminToken();
    await callOk('/api/admin/questions/bulk-import', {
      token,
      body: { format: 'aiken', content: CANONICAL_AIKEN },
    });
    expect((await exportBank(token, 'format=aiken&category=operations')).text).toBe(
      CANONICAL_AIKEN,
    );
  });

  it('a GIFT category the bank does not know needs a chosen category, else is refused by its line', async () => {
    const token = await adminToken();
    const content = '$CATEGORY: $course$/top/Default for Drones 101\n\nWhy? {=a ~b}\n';
    const refused = await importText(token, { format: 'gift', content });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      success: false,
      error: '1 line has errors, so nothing was imported',
      code: 'IMPORT_INVALID',
      fields: { 'line 1': unknownCategoryMessage('$course$/top/Default for Drones 101') },
    });
    expect(await countRows('questions')).toBe(0);

    const placed = await importText(token, { format: 'gift', content, category: 'airspace' });
    expect(placed.status).toBe(200);
    expect((await exportBank(token, 'format=gift')).text).toBe(
      '$CATEGORY: airspace\n\nWhy? {\n\t=a\n\t~b\n}\n',
    );
  });

  it('a malformed file is refused whole, each problem by its line, and nothing is written', async () => {
    const token = await adminToken();
    const gift = await importText(token, {
      format: 'gift',
      content: [
        'Fine? {=a ~b}',
        '',
        'True? {T}',
        '',
        'Also fine? {=a ~b}',
        '',
        'Five? {=a ~b ~c ~d ~e}',
      ].join('\n'),
    });
    expect(gift.status).toBe(400);
    expect(gift.json).toEqual({
      success: false,
      error: '2 lines have errors, so nothing was imported',
      code: 'IMPORT_INVALID',
      fields: {
        'line 3': GIFT_MESSAGES.trueFalse,
        'line 7': 'Options must have 2 to 4 entries',
      },
    });

    const aiken = await importText(token, {
      format: 'aiken',
      content: 'Fine?\nA. a\nB. b\nANSWER: A\nBroken?\nA. a\nB. b\n',
    });
    expect(aiken.status).toBe(400);
    expect(aiken.json).toMatchObject({
      error: '1 line has errors, so nothing was imported',
      fields: { 'line 5': AIKEN_MESSAGES.noAnswer },
    });

    const broken = await importText(token, { format: 'gift', content: 'A? {T}\n\nB? {}' });
    expect(broken.json).toMatchObject({
      error: 'No valid questions found in import file after validation',
      fields: { 'line 1': GIFT_MESSAGES.trueFalse, 'line 3': GIFT_MESSAGES.essay },
    });

    const nothing = await importText(token, { format: 'gift', content: '// just a comment\n' });
    expect(nothing.status).toBe(400);
    expect(nothing.json).toEqual({
      success: false,
      error: 'The GIFT file holds no questions',
      code: 'IMPORT_INVALID',
    });
    expect(await countRows('questions')).toBe(0);
    await expectCountersRight(QUESTION_COUNTERS);
  });

  it('names by line each question the bank already holds, and writes nothing', async () => {
    const token = await adminToken();
    await callOk('/api/admin/questions', { token, body: sampleQuestion(1) });
    const content = [
      'New?',
      'A. a',
      'B. b',
      'ANSWER: A',
      '',
      sampleQuestion(1).question.toUpperCase(),
      'A. a',
      'B. b',
      'ANSWER: B',
    ].join('\n');
    const { status, json } = await importText(token, { format: 'aiken', content });
    expect(status).toBe(409);
    expect(json).toEqual({
      success: false,
      error: '1 of 2 questions is already in the bank, so nothing was imported',
      code: 'DUPLICATE_QUESTIONS',
      fields: { 'line 6': 'Duplicate of a question already in the bank' },
    });
    expect(await countRows('questions')).toBe(1);
  });

  it.each([
    [
      'an unknown key',
      { format: 'gift', content: 'Why? {=a ~b}', questions: [] },
      'Unrecognized key: "questions"',
    ],
    [
      'a format it does not parse',
      { format: 'csv', content: 'question,options,correctAnswer' },
      'format must be gift or aiken (send CSV and JSON files as {questions})',
    ],
    ['no content', { format: 'aiken' }, 'content must be the text of the file'],
    [
      'blank content',
      { format: 'aiken', content: ' \n ' },
      'content is empty: send the text of the file',
    ],
    [
      'an unknown category',
      { format: 'gift', content: 'Why? {=a ~b}', category: 'drones' },
      'Category must be one of: air-law-regulations, airspace, weather-notams, rpas-theory, operations, human-factors, first-flights',
    ],
    [
      'an unknown key beside questions',
      { questions: [sampleQuestion(1)], content: 'x' },
      'Unrecognized key: "content"',
    ],
  ])('refuses %s with a 400 naming it', async (_, body, error) => {
    const { status, json } = await importText(await adminToken(), body);
    expect(status).toBe(400);
    expect(json).toMatchObject({ success: false, error, code: 'VALIDATION_ERROR' });
  });

  it('takes a text file of up to 8 MiB, and refuses a larger one before reading it', async () => {
    const token = await adminToken();
    // Past the 1 MiB every other route allows: a Moodle export carries long comments.
    const padded = `// ${'x'.repeat(1_500_000)}\nWhy? {=a ~b}\n`;
    const accepted = await importText(token, { format: 'gift', content: padded });
    expect(accepted.status).toBe(200);
    const tooLarge = await importText(token, {
      format: 'gift',
      content: `// ${'x'.repeat(8 * 1024 * 1024)}\nWhy? {=a ~b}\n`,
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await countRows('questions')).toBe(1);
  });

  it('a text import and the GIFT and Aiken exports stay within the D1 budget', async () => {
    const token = await adminToken();
    await expectWithinBudget(() =>
      callOk('/api/admin/questions/bulk-import', {
        token,
        body: { format: 'gift', content: CANONICAL_GIFT },
      }),
    );
    await expectWithinBudget(() => exportBank(token, 'format=gift'));
    await expectWithinBudget(() => exportBank(token, 'format=aiken&category=weather-notams'));
  });

  it('lets only admins import text and export GIFT or Aiken', async () => {
    await expectAdminsOnly([
      {
        path: '/api/admin/questions/bulk-import',
        method: 'POST',
        body: { format: 'gift', content: 'Why? {=a ~b}' },
      },
      { path: '/api/admin/questions/export?format=gift' },
      { path: '/api/admin/questions/export?format=aiken&category=airspace' },
    ]);
    expect(await countRows('questions')).toBe(0);
  });
});

async function waitForJob(token: string, id: string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { job } = await callOk<{ job: ImportJob }>(`/api/admin/questions/import-jobs/${id}`, {
      token,
    });
    if (job.status === 'completed' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Import job ${id} did not finish`);
}

describe('a large text file runs on the Queue', () => {
  const large = IMPORT_SYNC_MAX_QUESTIONS + 20;
  // Four lines a question and a blank line: question n starts on line 5n - 4.
  const aikenBank = Array.from({ length: large }, (_, i) =>
    [sampleQuestion(i + 1).question, 'A. Yes', 'B. No', 'ANSWER: B', ''].join('\n'),
  ).join('\n');

  it('writes every question of a file above the threshold', async () => {
    const token = await adminToken();
    const { status, json } = await call<{ job: ImportJob }>('/api/admin/questions/bulk-import', {
      token,
      body: { format: 'aiken', content: aikenBank, category: 'operations' },
    });
    expect(status).toBe(202);
    if (!json.success) throw new Error(json.error);
    const job = await waitForJob(token, json.data.job.id);
    expect(job).toMatchObject({ status: 'completed', successful: large, errors: [] });
    expect(await countRows('questions')).toBe(large);
    await expectCountersRight(QUESTION_COUNTERS);
  });

  it('a job that finds a question already in the bank fails naming its line', async () => {
    const token = await adminToken();
    await callOk('/api/admin/questions', { token, body: sampleQuestion(large - 1) });
    const { json } = await call<{ job: ImportJob }>('/api/admin/questions/bulk-import', {
      token,
      body: { format: 'aiken', content: aikenBank },
    });
    if (!json.success) throw new Error(json.error);
    const job = await waitForJob(token, json.data.job.id);
    expect(job).toMatchObject({
      status: 'failed',
      failed: 1,
      errors: [`Line ${5 * (large - 1) - 4}: Duplicate of a question already in the bank`],
    });
    expect(await countRows('questions')).toBe(1);
  });
});

describe('the whole bank through GIFT and Aiken', () => {
  const contentBank = contentBankForImport();

  async function seedBank(token: string) {
    await callOk('/api/admin/questions/bulk-import', { token, body: { questions: contentBank } });
    return JSON.parse((await exportBank(token, 'format=json')).text) as ExportedQuestion[];
  }

  it('exported as GIFT, it imports back with the same stems, options, keys, explanations and categories', async () => {
    const token = await adminToken();
    const before = await seedBank(token);
    expect(before.some((q) => q.optionExplanations)).toBe(true);
    const gift = (await exportBank(token, 'format=gift')).text;
    expect(gift.match(/^\$CATEGORY: /gm)).toHaveLength(QUESTION_CATEGORIES.length);

    await emptyBank();
    const { status } = await importText(token, { format: 'gift', content: gift });
    expect(status).toBe(200);
    const after = JSON.parse((await exportBank(token, 'format=json')).text) as ExportedQuestion[];
    expect(byStem(after).map(giftFields)).toEqual(byStem(before).map(giftFields));
    expect((await exportBank(token, 'format=gift')).text).toBe(gift);
    await expectCountersRight(QUESTION_COUNTERS);
  });

  it('exported as Aiken one category at a time, it imports back with the same stems, options, keys and categories', async () => {
    const token = await adminToken();
    const before = await seedBank(token);
    const files = await Promise.all(
      QUESTION_CATEGORIES.map(
        async (category) =>
          [category, (await exportBank(token, `format=aiken&category=${category}`)).text] as const,
      ),
    );

    await emptyBank();
    for (const [category, content] of files) {
      const { status } = await importText(token, { format: 'aiken', content, category });
      expect(status, category).toBe(200);
    }
    const after = JSON.parse((await exportBank(token, 'format=json')).text) as ExportedQuestion[];
    expect(byStem(after).map(aikenFields)).toEqual(byStem(before).map(aikenFields));
    for (const [category, content] of files) {
      expect((await exportBank(token, `format=aiken&category=${category}`)).text).toBe(content);
    }
  });
});
