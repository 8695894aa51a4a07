/**
 * Updates accept what reads return (ARCHITECTURE "Strict payloads", issue 26): each PUT and PATCH
 * route, called in wrangler with the entity as its GET returned it. Sent back with a change, it
 * saves; a read-only field changed is a 400 naming it; a key that is no field is still a 400.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../scripts/lib/demo-accounts.ts';
import type { Account, Answer, Client } from './cases.ts';
import { BASE, client, newLearner, signIn } from './stack.ts';

type Entity = Record<string, unknown>;
type Learner = Account & { client: Client };

const run = randomBytes(4).toString('hex');
const daysAhead = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The answer's data, after checking it is the success the case expects. */
function dataOf(answer: Answer, status = 200) {
  expect(answer.status, answer.text.slice(0, 300)).toBe(status);
  return answer.json!.data as Record<string, any>;
}

/** A refusal of a read-only field: a 400 whose message is the field's own, under its name. */
function expectReadOnly(answer: Answer, field: string, message: string) {
  expect(answer.status, answer.text.slice(0, 300)).toBe(400);
  expect(answer.json).toMatchObject({
    success: false,
    error: message,
    code: 'READ_ONLY_FIELD',
    fields: { [field]: message },
  });
}

/** A key that is no field of the entity: still refused, by the update's strict schema. */
function expectUnknownKey(answer: Answer, key: string) {
  expect(answer.status, answer.text.slice(0, 300)).toBe(400);
  expect(answer.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  expect(String(answer.json!.error)).toContain(key);
}

let admin: Client;
let learner: Learner;
let moduleId: string;

test.describe('updates take back what reads return', () => {
  test.beforeAll(async () => {
    admin = client(
      BASE,
      (await signIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).token,
    );
    learner = await newLearner(run, 'updates');
    const modules = dataOf(await learner.client.call('GET', '/api/study')).modules as Entity[];
    // A module the seed loads: another test may delete a module it made itself.
    moduleId = modules.find((module) => module.slug === 'airspace-charts-and-navigation')!
      .id as string;
  });

  test('PUT /api/study-materials/notes/:id', async () => {
    const { call } = learner.client;
    const created = dataOf(
      await call('POST', '/api/study-materials/notes', {
        moduleId,
        sectionId: 'smoke',
        selectedText: 'Some text',
        note: 'First',
        position: 12,
      }),
      201,
    ).note as Entity;
    const listed = dataOf(await call('GET', `/api/study-materials/notes?moduleId=${moduleId}`));
    const read = (listed.notes as Entity[]).find((n) => n.id === created.id)!;
    const path = `/api/study-materials/notes/${read.id as string}`;

    const saved = dataOf(await call('PUT', path, { ...read, note: 'Second', color: 'green' }));
    expect(saved.note).toMatchObject({
      ...read,
      note: 'Second',
      color: 'green',
      updatedAt: expect.any(String),
    });
    const otherModule = (dataOf(await call('GET', '/api/study')).modules as Entity[]).find(
      (m) => m.id !== moduleId,
    )!.id;
    expectReadOnly(
      await call('PUT', path, { ...saved.note, moduleId: otherModule }),
      'moduleId',
      'A note cannot move to another module',
    );
    expectUnknownKey(await call('PUT', path, { ...saved.note, pinned: true }), 'pinned');
  });

  test('PUT /api/study-materials/progress/:moduleId', async () => {
    const { call } = learner.client;
    const path = `/api/study-materials/progress/${moduleId}`;
    const read = dataOf(await call('GET', path)).progress as Entity;
    const saved = dataOf(await call('PUT', path, { ...read, progress: 30, timeSpent: 0 }));
    expect(saved.progress).toMatchObject({ moduleId, progress: 30 });
    expectReadOnly(
      await call('PUT', path, { ...saved.progress, startedAt: '2020-01-01T00:00:00.000Z' }),
      'startedAt',
      'startedAt is set by the server and cannot be changed',
    );
    expectUnknownKey(
      await call('PUT', path, { ...saved.progress, bookmarked: true }),
      'bookmarked',
    );
  });

  test('PATCH /api/auth/profile and PUT /api/auth/locale', async () => {
    const own = await newLearner(run, 'profile');
    const { call } = own.client;
    const read = dataOf(await call('GET', '/api/auth/me')).user as Entity;
    const renamed = dataOf(
      await call('PATCH', '/api/auth/profile', { ...read, firstName: 'Renamed' }),
    );
    expect(renamed.user).toMatchObject({ ...read, firstName: 'Renamed' });
    expectReadOnly(
      await call('PATCH', '/api/auth/profile', { ...renamed.user, email: 'someone@example.com' }),
      'email',
      'Your email address cannot be changed here',
    );
    expectUnknownKey(
      await call('PATCH', '/api/auth/profile', { ...renamed.user, nickname: 'x' }),
      'nickname',
    );

    const french = dataOf(await call('PUT', '/api/auth/locale', { ...renamed.user, locale: 'fr' }));
    expect(french.user).toMatchObject({ firstName: 'Renamed', locale: 'fr' });
    expectReadOnly(
      await call('PUT', '/api/auth/locale', { ...french.user, firstName: 'Other' }),
      'firstName',
      'Change your name on your profile',
    );
    expectUnknownKey(
      await call('PUT', '/api/auth/locale', { ...french.user, theme: 'dark' }),
      'theme',
    );
  });

  test('PUT /api/learning/plan, /certificate and /reminders', async () => {
    const { call } = learner.client;
    const read = dataOf(await call('GET', '/api/learning/plan'));
    const planned = dataOf(
      await call('PUT', '/api/learning/plan', { ...read, examDate: daysAhead(40) }),
    );
    expect(planned).toMatchObject({ examDate: daysAhead(40) });
    expectReadOnly(
      await call('PUT', '/api/learning/plan', { ...planned, reviewEmails: !planned.reviewEmails }),
      'reviewEmails',
      'Turn reminders on or off in your reminder settings',
    );
    expectUnknownKey(await call('PUT', '/api/learning/plan', { ...planned, goal: 90 }), 'goal');

    const certified = dataOf(
      await call('PUT', '/api/learning/certificate', {
        ...planned,
        certificateDate: daysAhead(-100),
      }),
    );
    expect(certified).toMatchObject({ certificateDate: daysAhead(-100), examDate: daysAhead(40) });
    expectReadOnly(
      await call('PUT', '/api/learning/certificate', { ...certified, examDate: daysAhead(50) }),
      'examDate',
      'Set your exam date in your study plan',
    );
    expectUnknownKey(
      await call('PUT', '/api/learning/certificate', { ...certified, goal: 90 }),
      'goal',
    );

    const reminded = dataOf(
      await call('PUT', '/api/learning/reminders', { ...certified, reviewEmails: true }),
    );
    expect(reminded).toMatchObject({ reviewEmails: true, certificateDate: daysAhead(-100) });
    expectReadOnly(
      await call('PUT', '/api/learning/reminders', { ...reminded, daysToExam: 1 }),
      'daysToExam',
      'The days left are counted from your exam date',
    );
    expectUnknownKey(
      await call('PUT', '/api/learning/reminders', { ...reminded, sms: true }),
      'sms',
    );
  });

  test('PUT /api/study/:id and PUT /api/admin/modules/:id/french', async () => {
    const created = dataOf(
      await admin.call('POST', '/api/study', {
        title: `Updates module ${run}`,
        slug: `smoke-updates-${run}`,
        description: 'A module the update smoke test edits and deletes.',
        bodyMarkdown: '# Updates\n\nText.',
      }),
      201,
    ).module as Entity;
    const id = created.id as string;
    try {
      const read = dataOf(await admin.call('GET', `/api/admin/modules/${id}`)).module as Entity;
      const saved = dataOf(
        await admin.call('PUT', `/api/study/${id}`, { ...read, title: `Edited module ${run}` }),
      );
      expect(saved.module).toMatchObject({
        id,
        title: `Edited module ${run}`,
        bodyMarkdown: read.bodyMarkdown,
      });
      expectReadOnly(
        await admin.call('PUT', `/api/study/${id}`, { ...saved.module, wordCount: 9999 }),
        'wordCount',
        'The word count is computed from the content',
      );
      expectUnknownKey(
        await admin.call('PUT', `/api/study/${id}`, { ...saved.module, colour: 'red' }),
        'colour',
      );

      const frenchPath = `/api/admin/modules/${id}/french`;
      dataOf(
        await admin.call('PUT', frenchPath, {
          title: 'Module modifié',
          description: 'Un module de la suite de fumée.',
          bodyMarkdown: '# Modifié\n\nTexte.',
        }),
      );
      const withFrench = dataOf(await admin.call('GET', `/api/admin/modules/${id}`))
        .module as Entity;
      const french = withFrench.french as Entity;
      const again = dataOf(
        await admin.call('PUT', frenchPath, { ...french, title: 'Module revu' }),
      );
      expect(again.module.french).toMatchObject({ ...french, title: 'Module revu' });
      expectUnknownKey(await admin.call('PUT', frenchPath, { ...french, slug: 'x' }), 'slug');
      // The whole module sent back after its French was saved: the French is refused as a change only.
      expectReadOnly(
        await admin.call('PUT', `/api/study/${id}`, { ...again.module, french }),
        'french',
        'The French is saved on its own, with PUT /api/admin/modules/{id}/french',
      );
    } finally {
      await admin.call('DELETE', `/api/study/${id}`);
    }
  });

  test('PUT /api/admin/questions/:id and its /french', async () => {
    const created = dataOf(
      await admin.call('POST', '/api/admin/questions', {
        question: `Update smoke ${run}: which answer is keyed?`,
        options: ['The first', 'The second', 'The third', 'The fourth'],
        correctAnswer: 1,
        explanation: 'A smoke-test question, never active in quizzes.',
        category: 'operations',
        difficulty: 'easy',
        tags: ['smoke'],
        isActive: false,
      }),
      201,
    ).question as Entity;
    const path = `/api/admin/questions/${created.id as string}`;
    try {
      const read = dataOf(await admin.call('GET', path)).question as Entity;
      const saved = dataOf(await admin.call('PUT', path, { ...read, difficulty: 'hard' }));
      expect(saved.question).toMatchObject({
        id: read.id,
        difficulty: 'hard',
        regulationReference: null,
      });
      expectReadOnly(
        await admin.call('PUT', path, { ...saved.question, timesAnswered: 40 }),
        'timesAnswered',
        'A question’s figures are counted from learners’ answers',
      );
      expectUnknownKey(await admin.call('PUT', path, { ...saved.question, hint: 'x' }), 'hint');

      const french = {
        question: `Essai ${run} : quelle réponse est la bonne?`,
        options: ['La première', 'La deuxième', 'La troisième', 'La quatrième'],
        explanation: 'Une question de la suite de fumée.',
      };
      dataOf(await admin.call('PUT', `${path}/french`, french));
      const translated = dataOf(await admin.call('GET', path)).question as Entity;
      const readFrench = translated.french as Entity;
      const again = dataOf(
        await admin.call('PUT', `${path}/french`, { ...readFrench, explanation: 'Revue.' }),
      );
      expect(again.question.french).toMatchObject({ ...readFrench, explanation: 'Revue.' });
      expectUnknownKey(
        await admin.call('PUT', `${path}/french`, { ...readFrench, hint: 'x' }),
        'hint',
      );
    } finally {
      await admin.call('DELETE', path);
    }
  });

  test('PATCH /api/admin/users/:id', async () => {
    const target = await newLearner(run, 'managed');
    const found = dataOf(
      await admin.call('GET', `/api/admin/users?search=${encodeURIComponent(target.email)}`),
    );
    const read = (found.users as Entity[]).find((u) => u._id === target.id)!;
    const path = `/api/admin/users/${target.id}`;
    const off = dataOf(await admin.call('PATCH', path, { ...read, isActive: false }));
    expect(off.user).toMatchObject({ _id: target.id, isActive: false });
    const on = dataOf(await admin.call('PATCH', path, { ...off.user, isActive: true }));
    expect(on.user).toMatchObject({ isActive: true, role: 'user', premiumUntil: null });
    expectReadOnly(
      await admin.call('PATCH', path, { ...on.user, email: 'other@example.com' }),
      'email',
      'A learner’s email address is theirs to change',
    );
    expectUnknownKey(await admin.call('PATCH', path, { ...on.user, banned: true }), 'banned');
  });

  test('PATCH /api/admin/question-reports/:id', async () => {
    const reporter = await newLearner(run, 'reporter');
    dataOf(
      await admin.call('POST', `/api/admin/users/${reporter.id}/premium`, {
        days: 30,
        reason: 'Update smoke test',
      }),
      201,
    );
    const { call } = reporter.client;
    const attempt = dataOf(
      await call('POST', '/api/quiz/attempt', { mode: 'study', questionCount: 5 }),
      201,
    ).attempt as Entity;
    const shown = dataOf(await call('GET', `/api/quiz/attempt/${attempt.id as string}/question`))
      .question as Entity;
    const report = dataOf(
      await call('POST', `/api/questions/${shown.id as string}/reports`, {
        reason: 'unclear',
        comment: 'Reported by the update smoke test.',
      }),
      201,
    ).report as Entity;
    const listed = dataOf(await admin.call('GET', '/api/admin/question-reports?limit=100'));
    const read = (listed.reports as Entity[]).find((r) => r.id === report.id)!;
    const path = `/api/admin/question-reports/${report.id as string}`;

    expectReadOnly(
      await admin.call('PATCH', path, {
        ...read,
        status: 'rejected',
        note: 'Checked.',
        comment: 'Something else',
      }),
      'comment',
      'A report says what the learner sent',
    );
    expectUnknownKey(
      await admin.call('PATCH', path, { ...read, status: 'rejected', note: 'Checked.', flag: 1 }),
      'flag',
    );
    const closed = dataOf(
      await admin.call('PATCH', path, { ...read, status: 'rejected', note: 'Checked.' }),
    );
    expect(JSON.stringify(closed)).toContain(report.id as string);
  });
});
