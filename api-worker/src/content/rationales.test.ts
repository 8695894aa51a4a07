/**
 * Every option explained (issue 29): the admin API stores, returns, versions and exports each
 * option's rationale and the question's learnMore, and refuses a learnMore that leads nowhere.
 */
import { exports as worker } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ExportedQuestion } from '@drone-exam/shared/question-import';
import type { AdminQuestion, QuestionInput } from '@drone-exam/shared/schemas/content';
import { call, callOk, testDb } from '../../test/helpers.ts';
import { questions, questionVersions } from '../db/schema.ts';
import { adminToken, countRows, sampleModule, sampleQuestion } from './test-fixtures.ts';

const RATIONALES = [
  'Right: CAR 901.25 limits a basic operation to 400 ft AGL.',
  'Wrong: 500 ft is the floor for most manned flights, not the drone limit.',
  'Wrong: 122 m is 400 ft above ground, not above the highest obstacle.',
  'Wrong: 1000 ft is well above what Part IX allows.',
];
const LEARN_MORE = { moduleSlug: 'night-operations', sectionId: 'night-lights' };
const ALSO = [{ moduleSlug: 'night-operations', sectionId: 'lighting' }];

/** A module whose headings the learnMore refs point at: one with an explicit {#id} anchor. */
async function createModule(token: string) {
  await callOk('/api/study', {
    token,
    body: sampleModule({
      bodyMarkdown:
        '# Night Operations\n\n## Lighting\n\nLights.\n\n## Lights seen at night {#night-lights}\n\nSee them.\n',
    }),
  });
}

const explained = (n: number, overrides: Partial<QuestionInput> = {}) =>
  sampleQuestion(n, {
    optionExplanations: RATIONALES,
    learnMore: LEARN_MORE,
    alsoTaughtIn: ALSO,
    ...overrides,
  });

async function exportBank(token: string, format: string) {
  const response = await worker.default.fetch(
    new Request(`http://app.test/api/admin/questions/export?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  expect(response.status, format).toBe(200);
  return response.text();
}

describe('a question with rationales and learnMore', () => {
  it('is stored, read back, listed and edited, English and French', async () => {
    const token = await adminToken();
    await createModule(token);
    const created = await callOk<{ question: AdminQuestion }>('/api/admin/questions', {
      token,
      body: explained(1),
    });
    const want = { optionExplanations: RATIONALES, learnMore: LEARN_MORE, alsoTaughtIn: ALSO };
    expect(created.question).toMatchObject(want);
    const { id } = created.question;
    const read = await callOk<{ question: AdminQuestion }>(`/api/admin/questions/${id}`, { token });
    expect(read.question).toMatchObject(want);
    const list = await callOk<{ questions: AdminQuestion[] }>('/api/admin/questions', { token });
    expect(list.questions[0]).toMatchObject(want);

    // An edit without them clears them: the editor sends the whole question.
    const cleared = await callOk<{ question: AdminQuestion }>(`/api/admin/questions/${id}`, {
      token,
      method: 'PUT',
      body: sampleQuestion(1),
    });
    expect(cleared.question).toMatchObject({
      optionExplanations: null,
      learnMore: null,
      alsoTaughtIn: [],
    });

    const french = await callOk<{ question: AdminQuestion }>(`/api/admin/questions/${id}/french`, {
      token,
      method: 'PUT',
      body: {
        question: 'Quelle est l’altitude maximale d’une opération de base?',
        options: ['400 pi AGL', '500 pi AGL', '122 m au-dessus de l’obstacle', '1000 pi AGL'],
        explanation: 'Le RAC 901.25 limite les opérations de base à 400 pi.',
        optionExplanations: ['Juste.', 'Faux : 500 pi.', 'Faux : au-dessus du sol.', 'Faux.'],
      },
    });
    expect(french.question.french?.optionExplanations).toEqual([
      'Juste.',
      'Faux : 500 pi.',
      'Faux : au-dessus du sol.',
      'Faux.',
    ]);
  });

  it('refuses rationales that do not match the options, and French ones likewise', async () => {
    const token = await adminToken();
    const short = await call('/api/admin/questions', {
      token,
      body: explained(1, { optionExplanations: RATIONALES.slice(0, 3) }),
    });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        optionExplanations:
          'Give one explanation for each option, in the order of the options (or none at all)',
      },
    });
    const long = await call('/api/admin/questions', {
      token,
      body: explained(1, { optionExplanations: [...RATIONALES.slice(0, 3), 'x'.repeat(501)] }),
    });
    expect(long.json).toMatchObject({
      fields: { 'optionExplanations.3': "An option's explanation must be at most 500 characters" },
    });
    expect(await countRows('questions')).toBe(0);
  });

  it('refuses with a 400 a learnMore or alsoTaughtIn that names no heading of its module', async () => {
    const token = await adminToken();
    await createModule(token);
    const cases: Array<[Partial<QuestionInput>, string, string]> = [
      [
        { learnMore: { moduleSlug: 'night-operations', sectionId: 'no-such-heading' } },
        'learnMore',
        'The module "night-operations" has no heading with the id "no-such-heading"',
      ],
      [
        { learnMore: { moduleSlug: 'no-such-module', sectionId: 'lighting' } },
        'learnMore',
        'No module has the slug "no-such-module"',
      ],
      [
        { alsoTaughtIn: [{ moduleSlug: 'night-operations', sectionId: 'daylight' }] },
        'alsoTaughtIn',
        'The module "night-operations" has no heading with the id "daylight"',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const { status, json } = await call('/api/admin/questions', {
        token,
        body: explained(1, overrides),
      });
      expect(status, message).toBe(400);
      expect(json).toEqual({
        success: false,
        error: message,
        code: 'VALIDATION_ERROR',
        fields: { [field]: message },
      });
    }
    expect(await countRows('questions')).toBe(0);

    const created = await callOk<{ question: AdminQuestion }>('/api/admin/questions', {
      token,
      body: explained(1),
    });
    const edit = await call(`/api/admin/questions/${created.question.id}`, {
      token,
      method: 'PUT',
      body: explained(1, { learnMore: { moduleSlug: 'night-operations', sectionId: 'gone' } }),
    });
    expect(edit.status).toBe(400);
    const [row] = await testDb().select().from(questions);
    expect(JSON.parse(row!.learnMoreJson!)).toEqual({ learnMore: LEARN_MORE, alsoTaughtIn: ALSO });

    const imported = await call('/api/admin/questions/bulk-import', {
      token,
      body: {
        questions: [
          explained(2),
          explained(3, { learnMore: { moduleSlug: 'night-operations', sectionId: 'gone' } }),
        ],
      },
    });
    expect(imported.status).toBe(400);
    expect(imported.json).toMatchObject({
      code: 'IMPORT_INVALID',
      fields: { '2': 'The module "night-operations" has no heading with the id "gone"' },
    });
    expect(await countRows('questions')).toBe(1);
  });

  it('a changed rationale makes a new version but keeps the item statistics; new options start them afresh', async () => {
    const token = await adminToken();
    await createModule(token);
    const { question } = await callOk<{ question: AdminQuestion }>('/api/admin/questions', {
      token,
      body: explained(1),
    });
    const edit = (overrides: Partial<QuestionInput>) =>
      callOk<{ question: AdminQuestion }>(`/api/admin/questions/${question.id}`, {
        token,
        method: 'PUT',
        body: explained(1, overrides),
      }).then((d) => d.question);

    const reworded = [...RATIONALES.slice(0, 3), 'Wrong: 1000 ft is far above the 400 ft limit.'];
    expect(await edit({ optionExplanations: reworded })).toMatchObject({
      version: 2,
      statsSinceVersion: 1,
    });
    expect(await edit({ optionExplanations: reworded, alsoTaughtIn: undefined })).toMatchObject({
      version: 3,
      statsSinceVersion: 1,
    });
    expect(
      await edit({
        optionExplanations: reworded,
        alsoTaughtIn: undefined,
        options: ['400 ft AGL', '300 ft AGL', '122 m above the highest obstacle', '1000 ft AGL'],
      }),
    ).toMatchObject({ version: 4, statsSinceVersion: 4 });

    const versions = await testDb()
      .select()
      .from(questionVersions)
      .where(eq(questionVersions.questionId, question.id))
      .orderBy(questionVersions.version);
    expect(versions.map((v) => v.statsEpoch)).toEqual([1, 1, 1, 4]);
    expect(JSON.parse(versions[0]!.snapshotJson)).toMatchObject({
      optionExplanations: RATIONALES,
      learnMore: LEARN_MORE,
      alsoTaughtIn: ALSO,
    });
    expect(JSON.parse(versions[1]!.snapshotJson)).toMatchObject({ optionExplanations: reworded });
    expect(JSON.parse(versions[2]!.snapshotJson)).toMatchObject({
      learnMore: LEARN_MORE,
      alsoTaughtIn: null,
    });
  });

  it('exports and imports back through JSON, CSV and GIFT with its rationales', async () => {
    const token = await adminToken();
    await createModule(token);
    await callOk('/api/admin/questions', { token, body: explained(1) });
    const json = JSON.parse(await exportBank(token, 'json')) as ExportedQuestion[];
    expect(json[0]).toMatchObject({
      optionExplanations: RATIONALES,
      learnMore: LEARN_MORE,
      alsoTaughtIn: ALSO,
    });
    const csv = await exportBank(token, 'csv');
    expect(csv).toContain(RATIONALES.join(';'));
    expect(csv).toContain(',night-operations#night-lights,night-operations#lighting,');

    const gift = await exportBank(token, 'gift');
    expect(gift).toContain(
      '\t=400 ft AGL#Right\\: CAR 901.25 limits a basic operation to 400 ft AGL.\n',
    );
    const db = testDb();
    await db.delete(questions);
    const imported = await call('/api/admin/questions/bulk-import', {
      token,
      body: { format: 'gift', content: gift },
    });
    expect(imported.status).toBe(200);
    const [row] = await db.select().from(questions);
    expect(JSON.parse(row!.optionExplanationsJson!)).toEqual(RATIONALES);
    expect(await exportBank(token, 'gift')).toBe(gift);
  });

  it('imports a GIFT file mixing questions with and without per-answer feedback', async () => {
    const token = await adminToken();
    const content = [
      'Which height limits a basic operation? {',
      '\t=400 ft AGL#CAR 901.25 sets it.',
      '\t~500 ft AGL#That is for manned aircraft.',
      '}',
      '',
      'Who holds the pilot certificate? {',
      '\t=The pilot',
      '\t~Nobody',
      '}',
      '',
    ].join('\n');
    const imported = await call('/api/admin/questions/bulk-import', {
      token,
      body: { format: 'gift', content, category: 'air-law-regulations' },
    });
    expect(imported.json).toMatchObject({ data: { successful: 2 } });
    const rows = await testDb()
      .select({ question: questions.question, rationales: questions.optionExplanationsJson })
      .from(questions)
      .orderBy(questions.id);
    expect(rows).toEqual([
      {
        question: 'Which height limits a basic operation?',
        rationales: JSON.stringify(['CAR 901.25 sets it.', 'That is for manned aircraft.']),
      },
      { question: 'Who holds the pilot certificate?', rationales: null },
    ]);
    expect(await exportBank(token, 'gift')).toBe(`$CATEGORY: air-law-regulations\n\n${content}`);
  });
});
