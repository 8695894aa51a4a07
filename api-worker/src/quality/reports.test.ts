import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminStats } from '@drone-exam/shared/schemas/admin';
import type { AdminQuestion } from '@drone-exam/shared/schemas/content';
import type { PracticePools } from '@drone-exam/shared/schemas/learning';
import type { AttemptDetail } from '@drone-exam/shared/schemas/quiz';
import {
  call,
  callOk,
  RATE_LIMIT_TEST_TIMEOUT_MS,
  startOfRateLimitWindow,
  testDb,
} from '../../test/helpers.ts';
import { expectWithinBudget } from '../../test/budget.ts';
import { questionReports, users } from '../db/schema.ts';
import { counterValues, premiumLearner, seedBank, startAttempt } from '../quiz/testing.ts';
import { admin, closeReports, learnerShownAll, report } from './testing.ts';
import { QUESTION_REPORT_COMMENT_MAX } from '@drone-exam/shared/schemas/quality-values';

const attemptOf = (token: string, id: string) =>
  callOk<{ attempt: AttemptDetail }>(`/api/quiz/attempt/${id}`, { token }).then((d) => d.attempt);

const adminQuestion = (token: string, id: string) =>
  callOk<{ question: AdminQuestion }>(`/api/admin/questions/${id}`, { token }).then(
    (d) => d.question,
  );

const pools = (token: string) =>
  callOk<PracticePools>('/api/learning/pools?categories=airspace', { token });

describe('POST /api/questions/{id}/reports', () => {
  it('takes a report only from a signed-in learner who was shown the question', async () => {
    await seedBank({ airspace: 5, operations: 5 });
    const learner = await learnerShownAll(5);
    const shown = (await attemptOf(learner.token, learner.attemptId)).questions[0]!.questionId;

    expect((await report('', shown, { reason: 'typo' })).status).toBe(401);
    const unseen = await report(learner.token, 'operations-001', { reason: 'typo' });
    expect(unseen.status).toBe(403);
    expect(unseen.json).toMatchObject({ success: false, code: 'QUESTION_NOT_SHOWN' });
    expect((await report(learner.token, 'no-such-question', { reason: 'typo' })).status).toBe(404);

    // Shown (when the attempt was drawn), not yet answered: that is enough.
    const sent = await report(learner.token, shown, {
      reason: 'unclear',
      comment: '  Two answers could both be right.  ',
    });
    expect(sent.status).toBe(201);
    const [row] = await testDb()
      .select()
      .from(questionReports)
      .where(eq(questionReports.questionId, shown));
    expect(row).toMatchObject({
      userId: learner.id,
      reason: 'unclear',
      comment: 'Two answers could both be right.',
      status: 'open',
      questionVersion: 1,
    });
  });

  it("takes an option's wrong explanation as its own reason, not as a vote against the key", async () => {
    await seedBank({ airspace: 5 });
    const learner = await learnerShownAll(5);
    const shown = (await attemptOf(learner.token, learner.attemptId)).questions[0]!.questionId;
    const sent = await report(learner.token, shown, {
      reason: 'option-explanation',
      comment: "Option B's explanation cites the wrong rule.",
    });
    expect(sent.status).toBe(201);
    const { token } = await admin();
    const [row] = await testDb()
      .select()
      .from(questionReports)
      .where(eq(questionReports.questionId, shown));
    expect(row).toMatchObject({ reason: 'option-explanation', status: 'open' });
    expect(await adminQuestion(token, shown)).toMatchObject({ openReports: 1, withdrawn: false });
    const { reports } = await callOk<{ reports: Array<{ reason: string }> }>(
      '/api/admin/question-reports',
      { token },
    );
    expect(reports.map((r) => r.reason)).toEqual(['option-explanation']);
  });

  it('checks the body with the shared schema: reasons, a bounded comment, no unknown field', async () => {
    await seedBank({ airspace: 5 });
    const learner = await learnerShownAll(5);
    const question = 'airspace-001';
    const cases: Array<[object, string]> = [
      [{}, 'reason'],
      [{ reason: 'boring' }, 'reason'],
      [{ reason: 'typo', comment: 'x'.repeat(QUESTION_REPORT_COMMENT_MAX + 1) }, 'comment'],
      [{ reason: 'typo', severity: 'high' }, 'severity'],
    ];
    for (const [body, field] of cases) {
      const answer = await report(learner.token, question, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      if (answer.json.success) throw new Error('accepted');
      expect(answer.json.fields?.[field] ?? answer.json.error).toBeTruthy();
      expect(JSON.stringify(answer.json)).toContain(field);
    }
    const longest = await report(learner.token, question, {
      reason: 'other',
      comment: 'x'.repeat(QUESTION_REPORT_COMMENT_MAX),
    });
    expect(longest.status).toBe(201);
    expect(await testDb().select().from(questionReports)).toHaveLength(1);
  });

  it('keeps one open report per learner and question: a second is a 409 naming the first', async () => {
    await seedBank({ airspace: 5 });
    const learner = await learnerShownAll(5);
    const other = await learnerShownAll(5);
    const first = await report(learner.token, 'airspace-002', { reason: 'wrong-answer' });
    expect(first.status).toBe(201);
    const firstId = first.json.success ? first.json.data.report.id : '';

    const second = await report(learner.token, 'airspace-002', { reason: 'typo' });
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ success: false, code: 'REPORT_EXISTS' });
    if (second.json.success) throw new Error('accepted');
    expect(second.json.error).toContain(firstId);
    expect(second.json.error).toContain('The keyed answer is wrong');
    // Another learner, or another question, is another report.
    expect((await report(other.token, 'airspace-002', { reason: 'typo' })).status).toBe(201);
    expect((await report(learner.token, 'airspace-003', { reason: 'typo' })).status).toBe(201);

    // Two at once: the partial unique index lets one through.
    const racing = await Promise.all([
      report(other.token, 'airspace-004', { reason: 'typo' }),
      report(other.token, 'airspace-004', { reason: 'unclear' }),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);

    // Once the first is closed, the learner may report the question again.
    const { token } = await admin();
    expect(
      (await closeReports(token, firstId, { status: 'rejected', note: 'Key checked.' })).status,
    ).toBe(200);
    expect((await report(learner.token, 'airspace-002', { reason: 'typo' })).status).toBe(201);
    const open = await testDb()
      .select()
      .from(questionReports)
      .where(eq(questionReports.userId, learner.id));
    expect(open.filter((r) => r.status === 'open')).toHaveLength(2);
  });

  it(
    'is rate limited per account',
    async () => {
      await seedBank({ airspace: 10 });
      const learner = await learnerShownAll(10);
      await startOfRateLimitWindow();
      const statuses = [];
      for (let i = 1; i <= 7; i++) {
        const id = `airspace-${String(i).padStart(3, '0')}`;
        statuses.push((await report(learner.token, id, { reason: 'typo' })).status);
      }
      expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      // Another learner is not held back by the first.
      const other = await learnerShownAll(10);
      expect((await report(other.token, 'airspace-001', { reason: 'typo' })).status).toBe(201);
    },
    RATE_LIMIT_TEST_TIMEOUT_MS,
  );

  it('stays within the D1 budget', async () => {
    await seedBank({ airspace: 5 });
    const learner = await learnerShownAll(5);
    await expectWithinBudget(() =>
      callOk(`/api/questions/airspace-001/reports`, {
        token: learner.token,
        body: { reason: 'typo' },
      }),
    );
  });
});

describe('withdrawal at three wrong-answer reports', () => {
  it('takes the question out of every new quiz until an admin resolves the reports, and says so', async () => {
    await seedBank({ airspace: 6 });
    const { token: adminToken } = await admin();
    const reporters = [];
    for (let i = 0; i < 4; i++) reporters.push(await learnerShownAll(6));
    const target = 'airspace-003';
    const drawer = await premiumLearner();
    expect((await pools(drawer.token)).all).toBe(6);

    // Two wrong-answer reports and reports of other kinds do not withdraw it.
    await report(reporters[0]!.token, target, { reason: 'wrong-answer' });
    await report(reporters[1]!.token, target, { reason: 'wrong-answer' });
    await report(reporters[2]!.token, target, { reason: 'typo' });
    expect(await adminQuestion(adminToken, target)).toMatchObject({
      openReports: 3,
      withdrawn: false,
    });
    expect((await pools(drawer.token)).all).toBe(6);

    // The third learner reporting a wrong answer does.
    const third = await report(reporters[3]!.token, target, { reason: 'wrong-answer' });
    const thirdId = third.json.success ? third.json.data.report.id : '';
    expect(await adminQuestion(adminToken, target)).toMatchObject({
      openReports: 4,
      withdrawn: true,
    });
    const stats = await callOk<AdminStats>('/api/admin/stats', { token: adminToken });
    expect(stats.openReports).toBe(4);

    // Every way a quiz draws leaves it out: the pools, a fresh draw of the whole category, an
    // exam, and a retake of an attempt that showed it.
    expect(await pools(drawer.token)).toMatchObject({ all: 5, unseen: 5 });
    for (const body of [
      { mode: 'study' as const, questionCount: 5, categories: ['airspace' as const] },
      { mode: 'timed' as const, questionCount: 5, categories: ['airspace' as const] },
      { mode: 'study' as const, source: 'unseen' as const, categories: ['airspace' as const] },
      {
        mode: 'study' as const,
        source: 'attempt' as const,
        attemptId: reporters[0]!.attemptId,
        only: 'all' as const,
      },
    ]) {
      const token = body.source === 'attempt' ? reporters[0]!.token : drawer.token;
      const attempt = await startAttempt(token, body);
      const drawn = (await attemptOf(token, attempt.id)).questions.map((q) => q.questionId);
      expect(drawn, JSON.stringify(body)).not.toContain(target);
      expect(drawn).toHaveLength(5);
      await callOk(`/api/quiz/attempt/${attempt.id}/finish`, { token, body: {} });
    }
    // Six are asked for and only five may be drawn.
    const tooMany = await call('/api/quiz/attempt', {
      token: drawer.token,
      body: { mode: 'study', questionCount: 6, categories: ['airspace'] },
    });
    expect(tooMany.status).toBe(400);

    // Resolving one report leaves two wrong-answer reports open: back in quizzes.
    expect(
      (await closeReports(adminToken, thirdId, { status: 'resolved', note: 'Key corrected.' }))
        .status,
    ).toBe(200);
    expect(await adminQuestion(adminToken, target)).toMatchObject({
      openReports: 3,
      withdrawn: false,
    });
    expect((await pools(drawer.token)).all).toBe(6);
  });

  it('keeps the open counts right when a reporter’s account is deleted', async () => {
    await seedBank({ airspace: 5 });
    const { token: adminToken } = await admin();
    const reporters = [];
    for (let i = 0; i < 3; i++) reporters.push(await learnerShownAll(5));
    for (const reporter of reporters)
      await report(reporter.token, 'airspace-001', { reason: 'wrong-answer' });
    expect(await adminQuestion(adminToken, 'airspace-001')).toMatchObject({ withdrawn: true });
    await testDb().delete(users).where(eq(users.id, reporters[0]!.id));
    expect(await adminQuestion(adminToken, 'airspace-001')).toMatchObject({
      openReports: 2,
      withdrawn: false,
    });
    expect((await counterValues())['reports.open']).toBe(2);
  });
});
