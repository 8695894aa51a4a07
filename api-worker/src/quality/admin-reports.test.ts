import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { QuestionReportsPage } from '@drone-exam/shared/schemas/quality';
import { call, callOk, testDb, waitForEmail } from '../../test/helpers.ts';
import { expectWithinBudget } from '../../test/budget.ts';
import { activities, emails, questionReports, questions } from '../db/schema.ts';
import { counterValues, seedBank } from '../quiz/testing.ts';
import { admin, closeReports, learnerShownAll, report } from './testing.ts';

const list = (token: string, query = '') =>
  callOk<QuestionReportsPage>(`/api/admin/question-reports${query}`, { token });

async function reportedBy(count: number, questionId: string, reason = 'wrong-answer') {
  const reporters = [];
  for (let i = 0; i < count; i++) {
    const learner = await learnerShownAll(5);
    const sent = await report(learner.token, questionId, {
      reason,
      comment: `Comment ${i + 1}`,
    });
    if (!sent.json.success) throw new Error(sent.json.error);
    reporters.push({ ...learner, reportId: sent.json.data.report.id });
  }
  return reporters;
}

describe('GET /api/admin/question-reports', () => {
  it('lists reports by status, newest first, with the question and its keyed answer', async () => {
    await seedBank({ airspace: 5 });
    const { token } = await admin();
    const first = await reportedBy(2, 'airspace-001');
    const second = await reportedBy(1, 'airspace-002', 'typo');

    const open = await list(token);
    expect(open.pagination).toMatchObject({ totalItems: 3, currentPage: 1 });
    expect(open.reports.map((r) => r.id)).toEqual([
      second[0]!.reportId,
      first[1]!.reportId,
      first[0]!.reportId,
    ]);
    const [question] = await testDb()
      .select()
      .from(questions)
      .where(eq(questions.id, 'airspace-002'));
    expect(open.reports[0]).toMatchObject({
      questionId: 'airspace-002',
      question: question!.question,
      options: JSON.parse(question!.optionsJson),
      correctAnswer: question!.correctAnswer,
      category: 'airspace',
      reason: 'typo',
      comment: 'Comment 1',
      status: 'open',
      reportedVersion: 1,
      currentVersion: 1,
      withdrawn: false,
      note: null,
    });

    await closeReports(token, first[0]!.reportId, { status: 'rejected', note: 'Checked: right.' });
    expect((await list(token, '?status=open')).reports).toHaveLength(2);
    const rejected = await list(token, '?status=rejected');
    expect(rejected.reports).toMatchObject([
      { id: first[0]!.reportId, status: 'rejected', note: 'Checked: right.' },
    ]);
    expect(rejected.pagination.totalItems).toBe(1);
    expect((await list(token, '?status=resolved')).reports).toEqual([]);
    const paged = await list(token, '?limit=1&page=2');
    expect(paged.reports.map((r) => r.id)).toEqual([first[1]!.reportId]);
    expect(paged.pagination).toMatchObject({ totalPages: 2, hasPrevPage: true });

    expect((await call('/api/admin/question-reports?status=pending', { token })).status).toBe(400);
    const learner = await learnerShownAll(5);
    expect((await call('/api/admin/question-reports', { token: learner.token })).status).toBe(403);
  });
});

describe('PATCH /api/admin/question-reports/{id}', () => {
  it('resolves every open report of the question and emails each reporter once', async () => {
    await seedBank({ airspace: 5 });
    const { token, id: adminId } = await admin();
    // Reported first: three wrong-answer reports withdraw airspace-003 from the five drawn.
    const unrelated = await reportedBy(1, 'airspace-004');
    const reporters = await reportedBy(3, 'airspace-003');
    expect((await counterValues())['reports.open']).toBe(4);

    const closed = await closeReports(token, reporters[1]!.reportId, {
      status: 'resolved',
      note: 'The key now reads B, as CAR 901.47 says.',
      notify: true,
      scope: 'question',
    });
    expect(closed.status).toBe(200);
    if (!closed.json.success) throw new Error(closed.json.error);
    expect(closed.json.data.emailed).toBe(3);
    expect(closed.json.data.reports.map((r) => r.id).sort()).toEqual(
      reporters.map((r) => r.reportId).sort(),
    );

    for (const reporter of reporters) {
      const email = await waitForEmail(reporter.email, 'question-report-resolved');
      expect(email.text).toContain('Thanks, we corrected the question you reported');
      expect(email.text).toContain('Question airspace-003?');
      expect(email.text).toContain('The key now reads B, as CAR 901.47 says.');
    }
    const stored = await testDb().select().from(questionReports);
    for (const row of stored.filter((r) => r.questionId === 'airspace-003'))
      expect(row).toMatchObject({ status: 'resolved', resolvedBy: adminId });
    expect(stored.find((r) => r.id === unrelated[0]!.reportId)?.status).toBe('open');
    expect((await counterValues())['reports.open']).toBe(1);
    const [feed] = await testDb().select().from(activities).where(eq(activities.userId, adminId));
    expect(feed?.title).toContain('Resolved 3 reports');

    // Closed once: a second close is refused and sends nothing.
    const again = await closeReports(token, reporters[0]!.reportId, {
      status: 'resolved',
      note: 'Again',
      notify: true,
    });
    expect(again.status).toBe(409);
    const sent = await testDb()
      .select()
      .from(emails)
      .where(eq(emails.template, 'question-report-resolved'));
    expect(sent).toHaveLength(3);
  });

  it('closes one report alone, rejects without email, and refuses what it cannot do', async () => {
    await seedBank({ airspace: 5 });
    const { token } = await admin();
    const reporters = await reportedBy(2, 'airspace-005', 'unclear');

    const rejected = await closeReports(token, reporters[0]!.reportId, {
      status: 'rejected',
      note: 'The wording is the regulation’s own.',
    });
    expect(rejected.json).toMatchObject({ success: true, data: { emailed: 0 } });
    const rows = await testDb().select().from(questionReports);
    expect(rows.find((r) => r.id === reporters[1]!.reportId)?.status).toBe('open');

    const refusals: Array<[string, object, number]> = [
      ['missing', { status: 'resolved', note: 'x' }, 404],
      [reporters[1]!.reportId, { status: 'open', note: 'x' }, 400],
      [reporters[1]!.reportId, { status: 'resolved', note: '   ' }, 400],
      [reporters[1]!.reportId, { status: 'rejected', note: 'x', notify: true }, 400],
      [reporters[1]!.reportId, { status: 'resolved', note: 'x', silently: true }, 400],
      [reporters[0]!.reportId, { status: 'resolved', note: 'x' }, 409],
    ];
    for (const [id, body, status] of refusals) {
      const answer = await call(`/api/admin/question-reports/${id}`, {
        token,
        method: 'PATCH',
        body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(status);
    }
    expect(await testDb().select().from(emails)).toEqual([]);
    expect(rows.filter((r) => r.status === 'open')).toHaveLength(1);
  });

  it('stays within the D1 budget', async () => {
    await seedBank({ airspace: 5 });
    const { token } = await admin();
    const reporters = await reportedBy(2, 'airspace-001');
    await expectWithinBudget(() =>
      callOk(`/api/admin/question-reports/${reporters[0]!.reportId}`, {
        token,
        method: 'PATCH',
        body: { status: 'resolved', note: 'Fixed', notify: true, scope: 'question' },
      }),
    );
  });
});

describe('PATCH /api/admin/question-reports/:id with the report as the list returned it', () => {
  it('closes it; refuses what the learner sent changed, and keys that are not fields', async () => {
    await seedBank({ airspace: 5 });
    const { token } = await admin();
    const [reporter] = await reportedBy(1, 'airspace-001');
    const read = (await list(token)).reports.find((r) => r.id === reporter!.reportId)!;
    const path = `/api/admin/question-reports/${read.id}`;
    const closing = { ...read, status: 'rejected', note: 'Checked: right.' };

    const changed = await call(path, {
      method: 'PATCH',
      token,
      body: { ...closing, comment: 'Another comment' },
    });
    expect(changed.status).toBe(400);
    expect(changed.json).toMatchObject({
      code: 'READ_ONLY_FIELD',
      fields: { comment: 'A report says what the learner sent' },
    });
    const unknown = await call(path, { method: 'PATCH', token, body: { ...closing, flag: 1 } });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await list(token)).reports.map((r) => r.id)).toContain(read.id);

    const closed = await call(path, { method: 'PATCH', token, body: closing });
    expect(closed.status).toBe(200);
    expect((await list(token, '?status=rejected')).reports).toMatchObject([
      { id: read.id, note: 'Checked: right.' },
    ]);
  });
});
