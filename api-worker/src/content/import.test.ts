import { exports as worker } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  IMPORT_MESSAGES,
  checkImportFile,
  parseImportFile,
  questionsToCsv,
  toExportedQuestion,
  validateImportRows,
} from '@drone-exam/shared/question-import';
import type { ImportJob } from '@drone-exam/shared/schemas/content';
import { call, callOk, testDb } from '../../test/helpers.ts';
import { counters, questions } from '../db/schema.ts';
import {
  QUESTION_COUNTERS,
  adminToken,
  contentBankForImport,
  countRows,
  expectCountersRight,
  sampleQuestion,
} from './test-fixtures.ts';
import { IMPORT_SYNC_MAX_QUESTIONS } from '@drone-exam/shared/schemas/content-values';

const bank = (n: number, offset = 0) =>
  Array.from({ length: n }, (_, i) => sampleQuestion(offset + i + 1));

/** The admin console's path: the file is read and checked in the browser, then its rows are sent. */
async function importFile(token: string, name: string, text: string) {
  const checked = checkImportFile(name, text);
  if (!checked.ok) throw new Error(`${checked.error}: ${checked.details.join(', ')}`);
  return call('/api/admin/questions/bulk-import', {
    token,
    body: { questions: checked.questions },
  });
}

function fetchExport(token: string, format: 'csv' | 'json') {
  return worker.default.fetch(
    new Request(`http://app.test/api/admin/questions/export?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );
}

const exportBank = async (token: string, format: 'csv' | 'json') =>
  (await fetchExport(token, format)).text();

async function expectNothingWritten() {
  expect(await countRows('questions')).toBe(0);
  await expectCountersRight(QUESTION_COUNTERS);
}

describe('each import rule and message, with a failing file', () => {
  const header = 'question,options,correctAnswer,category,difficulty,tags';
  const good = 'What is the maximum altitude?,400 ft;500 ft,0,,,';

  it.each([
    ['an empty CSV', 'empty.csv', '', IMPORT_MESSAGES.csvEmpty],
    ['a CSV of headers only', 'headers.csv', `${header}\n`, IMPORT_MESSAGES.csvOnlyHeaders],
    [
      'a CSV without options',
      'q.csv',
      'question,correctAnswer\nWhy?,0',
      IMPORT_MESSAGES.csvMissingHeaders,
    ],
    ['broken JSON', 'q.json', '[{"question": "Why?",', IMPORT_MESSAGES.invalidJson],
    ['a JSON object', 'q.json', '{"questions": []}', IMPORT_MESSAGES.jsonNotArray],
    ['an empty JSON array', 'q.json', '[]', IMPORT_MESSAGES.jsonEmpty],
    ['only invalid rows', 'q.csv', `${header}\n,a;b,0,,,`, IMPORT_MESSAGES.noValidQuestions],
  ])('%s is refused before anything is sent: "%s"', (_, name, text, message) => {
    const checked = checkImportFile(name, text);
    expect(checked).toMatchObject({ ok: false, error: message });
  });

  it.each([
    ['question text missing', ',400 ft;500 ft,0,,,', 'Question text is required'],
    ['no options', 'Why?,,0,,,', 'Options are required and must be an array'],
    ['one option', 'Why?,400 ft,0,,,', 'Options must have 2 to 4 entries'],
    ['five options', 'Why?,a;b;c;d;e,0,,,', 'Options must have 2 to 4 entries'],
    ['an empty option', 'Why?,a;;c,0,,,', 'Options must not be empty'],
    ['correctAnswer not a number', 'Why?,a;b,B,,,', 'correctAnswer must be a number from 0 to 3'],
    ['correctAnswer above 3', 'Why?,a;b;c;d,4,,,', 'correctAnswer must be a number from 0 to 3'],
    [
      'correctAnswer past the options',
      'Why?,a;b,2,,,',
      'correctAnswer must point at one of the options',
    ],
    [
      'an unknown category',
      'Why?,a;b,0,drones,,',
      'Category must be one of: air-law-regulations, airspace, weather-notams, rpas-theory, operations, human-factors, first-flights',
    ],
    ['an unknown difficulty', 'Why?,a;b,0,,expert,', 'Difficulty must be easy, medium or hard'],
  ])(
    'a row with %s is refused in the browser and by the API, and nothing is written',
    async (_, row, message) => {
      const text = `${header}\n${good}\n${row}\n`;
      expect(checkImportFile('q.csv', text)).toEqual({
        ok: false,
        error: '1 of 2 rows has errors, so nothing was imported',
        details: [`Row 2: ${message}`],
      });
      // The API checks again: a caller that skips the console's check gets the same answer.
      const parsed = parseImportFile('q.csv', text);
      if (!parsed.ok) throw new Error(parsed.error);
      const { status, json } = await call('/api/admin/questions/bulk-import', {
        token: await adminToken(),
        body: { questions: parsed.rows },
      });
      expect(status).toBe(400);
      expect(json).toEqual({
        success: false,
        error: '1 of 2 rows has errors, so nothing was imported',
        code: 'IMPORT_INVALID',
        fields: { '2': message },
      });
      await expectNothingWritten();
    },
  );

  it('a JSON row whose tags are not an array is refused', async () => {
    const { status, json } = await call('/api/admin/questions/bulk-import', {
      token: await adminToken(),
      body: { questions: [{ ...sampleQuestion(1), tags: 'one,two' }] },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({ fields: { '1': 'Tags must be an array' } });
  });

  it('the API refuses a body without questions, or with none', async () => {
    const token = await adminToken();
    const empty = await call('/api/admin/questions/bulk-import', {
      token,
      body: { questions: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ error: IMPORT_MESSAGES.jsonEmpty });
    const notArray = await call('/api/admin/questions/bulk-import', {
      token,
      body: { questions: { question: 'Why?' } },
    });
    expect(notArray.json).toMatchObject({
      error: 'questions must be an array of question objects',
    });
  });
});

describe('POST /api/admin/questions/bulk-import', () => {
  it(`imports a valid file of ${IMPORT_SYNC_MAX_QUESTIONS} questions completely`, async () => {
    const token = await adminToken();
    const checked = validateImportRows(bank(IMPORT_SYNC_MAX_QUESTIONS));
    const csv = questionsToCsv(checked.questions.map(toExportedQuestion));
    const { status, json } = await importFile(token, 'bank.csv', csv);
    expect(status).toBe(200);
    expect(json).toEqual({
      success: true,
      data: { successful: IMPORT_SYNC_MAX_QUESTIONS, failed: 0, errors: [] },
    });
    expect(await countRows('questions')).toBe(IMPORT_SYNC_MAX_QUESTIONS);
    await expectCountersRight(QUESTION_COUNTERS);
    const found = await callOk<{ pagination: { totalItems: number } }>(
      '/api/admin/questions?search=number 250',
      { token },
    );
    expect(found.pagination.totalItems).toBeGreaterThan(0);
  });

  it('writes nothing when one row of the file is bad', async () => {
    const rows: unknown[] = bank(IMPORT_SYNC_MAX_QUESTIONS);
    rows[249] = { ...sampleQuestion(250), correctAnswer: 7 };
    const { status, json } = await call('/api/admin/questions/bulk-import', {
      token: await adminToken(),
      body: { questions: rows },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      error: `1 of ${IMPORT_SYNC_MAX_QUESTIONS} rows has errors, so nothing was imported`,
      fields: { '250': 'correctAnswer must be a number from 0 to 3' },
    });
    await expectNothingWritten();
  });

  it('reports each row that repeats a question already in the bank, and writes nothing', async () => {
    const token = await adminToken();
    await callOk('/api/admin/questions', { token, body: sampleQuestion(3) });
    const repeat = {
      ...sampleQuestion(4),
      question: ` ${sampleQuestion(3).question.toUpperCase()}!`,
    };
    const rows = [sampleQuestion(1), sampleQuestion(2), sampleQuestion(9), repeat];
    const { status, json } = await call('/api/admin/questions/bulk-import', {
      token,
      body: { questions: rows },
    });
    expect(status).toBe(409);
    expect(json).toEqual({
      success: false,
      error: '1 of 4 rows is already in the bank, so nothing was imported',
      code: 'DUPLICATE_QUESTIONS',
      fields: { '4': 'Duplicate of a question already in the bank' },
    });
    expect(await countRows('questions')).toBe(1);
    await expectCountersRight(QUESTION_COUNTERS);
  });
});

describe('export → import round trip', () => {
  const contentBank = contentBankForImport();

  it('the whole bank exported as CSV and as JSON imports back unchanged', async () => {
    const token = await adminToken();
    const seeded = await call('/api/admin/questions/bulk-import', {
      token,
      body: { questions: contentBank },
    });
    expect(seeded.json).toMatchObject({ data: { successful: contentBank.length } });
    // Inactive questions and a formula-like stem must survive the trip too.
    const [first] = await testDb().select({ id: questions.id }).from(questions).limit(1);
    await callOk(`/api/admin/questions/${first!.id}`, {
      token,
      method: 'PUT',
      body: { ...contentBank[0], question: '=Which, if "any", rule applies?', isActive: false },
    });

    const csv = await exportBank(token, 'csv');
    const json = await exportBank(token, 'json');
    expect(JSON.parse(json)).toHaveLength(contentBank.length);
    expect(csv).toContain('"\'=Which, if ""any"", rule applies?"');

    for (const [name, file] of [
      ['bank.csv', csv],
      ['bank.json', json],
    ] as const) {
      const db = testDb();
      await db.batch([db.delete(questions), db.delete(counters)]);
      const { status } = await importFile(token, name, file);
      expect(status, name).toBe(200);
      expect(await exportBank(token, 'csv'), name).toBe(csv);
      expect(await exportBank(token, 'json'), name).toBe(json);
      await expectCountersRight(QUESTION_COUNTERS);
    }
  });

  it('exports as downloadable files', async () => {
    const token = await adminToken();
    await callOk('/api/admin/questions', { token, body: sampleQuestion(1) });
    const csv = await fetchExport(token, 'csv');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="question-bank-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect((await csv.text()).split('\r\n')[0]).toBe(
      'question,options,correctAnswer,explanation,optionExplanations,category,difficulty,tags,regulationReference,imageUrl,figure,learnMore,alsoTaughtIn,exams,isActive',
    );
    const bad = await call('/api/admin/questions/export?format=xml', { token });
    expect(bad.status).toBe(400);
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

describe('large imports run on the Queue', () => {
  const large = IMPORT_SYNC_MAX_QUESTIONS + 150;

  it('a file above the threshold becomes a job that checks every row and writes them all', async () => {
    const token = await adminToken();
    const { status, json } = await call<{ job: ImportJob }>('/api/admin/questions/bulk-import', {
      token,
      body: { questions: bank(large) },
    });
    expect(status).toBe(202);
    if (!json.success) throw new Error(json.error);
    expect(json.data.job).toMatchObject({ status: 'queued', total: large, processed: 0 });
    const job = await waitForJob(token, json.data.job.id);
    expect(job).toMatchObject({
      status: 'completed',
      total: large,
      processed: large,
      successful: large,
      failed: 0,
      errors: [],
    });
    expect(job.completedAt).not.toBeNull();
    expect(await countRows('questions')).toBe(large);
    await expectCountersRight(QUESTION_COUNTERS);
  });

  it('a job that finds a question already in the bank fails with the row and writes nothing', async () => {
    const token = await adminToken();
    await callOk('/api/admin/questions', { token, body: sampleQuestion(large - 1) });
    const { json } = await call<{ job: ImportJob }>('/api/admin/questions/bulk-import', {
      token,
      body: { questions: bank(large) },
    });
    if (!json.success) throw new Error(json.error);
    const job = await waitForJob(token, json.data.job.id);
    expect(job).toMatchObject({
      status: 'failed',
      processed: large,
      successful: 0,
      failed: 1,
      errors: [`Row ${large - 1}: Duplicate of a question already in the bank`],
    });
    expect(await countRows('questions')).toBe(1);
    await expectCountersRight(QUESTION_COUNTERS);
  });

  it('an unknown job answers 404', async () => {
    const { status } = await call('/api/admin/questions/import-jobs/nope', {
      token: await adminToken(),
    });
    expect(status).toBe(404);
  });
});
