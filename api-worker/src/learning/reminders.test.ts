import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '@drone-exam/shared';
import type { LearningPlan } from '@drone-exam/shared/schemas/learning';
import { call, callOk, signedInUser, testDb, waitForEmail } from '../../test/helpers.ts';
import { emails, learnerPlans, questions } from '../db/schema.ts';
import { examMaskOf } from '@drone-exam/shared/schemas/exam-values';
import { MAILCHANNELS_URL, MailChannelsSender } from '../email/sender.ts';
import { runDailyTasks } from '../jobs/cron.ts';
import { age, answerAll, premiumLearner, seedBank, startAttempt } from '../quiz/testing.ts';
import { addDays, localDay } from './days.ts';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe.ts';
import { noonZone } from '../../../tests/noon-zone.ts';

// Zones where it is about noon and 11:00: five cards due in minutes are due today at any hour.
const ZONE = noonZone();
const WEST = noonZone(-1);
const tokenIn = (text: string) => /unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

const sentTo = (address: string) =>
  testDb().select().from(emails).where(eq(emails.toAddress, address));

describe('the daily review reminder', () => {
  it('goes once a day to an opted-in learner with cards due, and its link unsubscribes without signing in', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const quiet = await premiumLearner();
    const west = await premiumLearner();
    const empty = await premiumLearner();
    for (const who of [learner, quiet, west]) {
      const attempt = await startAttempt(who.token, { mode: 'study', questionCount: 5 });
      await age(attempt.id, 10 * 60_000);
      await answerAll(who.token, attempt.id, () => true);
    }
    await callOk('/api/learning/reminders', {
      method: 'PUT',
      token: learner.token,
      body: { reviewEmails: true, timeZone: ZONE },
    });
    for (const [who, zone] of [
      [west, WEST],
      [empty, ZONE],
    ] as const)
      await callOk('/api/learning/reminders', {
        method: 'PUT',
        token: who.token,
        body: { reviewEmails: true, timeZone: zone },
      });
    await runDailyTasks(env);
    const email = await waitForEmail(learner.email, 'review-reminder');
    expect(email.subject).toBe('5 review cards due today');
    expect(email.text).toContain('/dashboard');
    expect((await waitForEmail(west.email, 'review-reminder')).subject).toBe(
      '5 review cards due today',
    );
    // Not opted in, or nothing due: no email.
    expect(await sentTo(quiet.email)).toEqual([]);
    expect(await sentTo(empty.email)).toEqual([]);

    await runDailyTasks(env);
    expect(
      (await sentTo(learner.email)).filter((e) => e.template === 'review-reminder'),
    ).toHaveLength(1);

    const token = tokenIn(email.text)!;
    expect(await readUnsubscribeToken(env.JWT_SECRET, token)).toEqual({
      kind: 'review',
      userId: learner.id,
    });
    const forged = token.replace(learner.id, quiet.id);
    expect((await call('/api/learning/unsubscribe', { body: { token: forged } })).status).toBe(400);
    const done = await call('/api/learning/unsubscribe', { body: { token } });
    expect(done.json).toEqual({ success: true, data: { kind: 'review' } });
    const plan = await callOk<LearningPlan>('/api/learning/plan', { token: learner.token });
    expect(plan.reviewEmails).toBe(false);
  });

  it('counts only the cards of the learner’s target exam', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    await age(attempt.id, 10 * 60_000);
    await answerAll(learner.token, attempt.id, () => true);
    await callOk('/api/learning/reminders', {
      method: 'PUT',
      token: learner.token,
      body: { reviewEmails: true, timeZone: ZONE },
    });
    // Every question becomes advanced-only: with Basic as the target nothing is due.
    await testDb()
      .update(questions)
      .set({ examsMask: examMaskOf(['advanced']) });
    await runDailyTasks(env);
    expect(await sentTo(learner.email)).toEqual([]);

    await callOk('/api/auth/target-exam', {
      method: 'PUT',
      token: learner.token,
      body: { targetExam: 'advanced' },
    });
    await runDailyTasks(env);
    expect((await waitForEmail(learner.email, 'review-reminder')).subject).toBe(
      '5 review cards due today',
    );
  });
});

/** A mail app's own "Unsubscribe": a form POST to the email's List-Unsubscribe address. */
const oneClick = async (address: string, body: string | FormData, type?: string) => {
  const response = await exports.default.fetch(
    new Request(address, {
      method: 'POST',
      headers: type ? { 'content-type': type } : {},
      body,
    }),
  );
  return { status: response.status, json: (await response.json()) as ApiResult<unknown> };
};

describe('one-click unsubscribe (RFC 8058)', () => {
  it('the reminder names its address, and a mail app posting List-Unsubscribe=One-Click turns the reminders off', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    await age(attempt.id, 10 * 60_000);
    await answerAll(learner.token, attempt.id, () => true);
    await callOk('/api/learning/reminders', {
      method: 'PUT',
      token: learner.token,
      body: { reviewEmails: true, timeZone: ZONE },
    });
    await runDailyTasks(env);
    await waitForEmail(learner.email, 'review-reminder');
    const [stored] = (await sentTo(learner.email)).filter((e) => e.template === 'review-reminder');
    const address = new URL(stored!.unsubscribeUrl!);
    expect(address.origin).toBe(new URL(env.APP_URL).origin);
    expect(address.pathname).toBe('/api/learning/unsubscribe/one-click');
    expect(address.searchParams.get('token')).toBe(tokenIn(stored!.text));

    const form = 'application/x-www-form-urlencoded';
    for (const [body, type] of [
      ['{"List-Unsubscribe":"One-Click"}', 'application/json'],
      ['List-Unsubscribe=Yes', form],
      ['List-Unsubscribe=One-Click&extra=1', form],
      ['', undefined],
    ] as const) {
      const refused = await oneClick(address.href, body, type);
      expect(refused.status, body).toBe(400);
      expect(refused.json).toMatchObject({
        success: false,
        fields: { 'List-Unsubscribe': expect.any(String) },
      });
    }
    const forged = new URL(address);
    forged.searchParams.set('token', 'review_nobody_forged');
    expect((await oneClick(forged.href, 'List-Unsubscribe=One-Click', form)).status).toBe(400);
    expect(
      (await callOk<LearningPlan>('/api/learning/plan', { token: learner.token })).reviewEmails,
    ).toBe(true);

    const multipart = new FormData();
    multipart.set('List-Unsubscribe', 'One-Click');
    const done = await oneClick(address.href, multipart);
    expect(done).toEqual({ status: 200, json: { success: true, data: { kind: 'review' } } });
    expect(
      (await callOk<LearningPlan>('/api/learning/plan', { token: learner.token })).reviewEmails,
    ).toBe(false);
  });

  it('sends the address to MailChannels as the List-Unsubscribe headers', async () => {
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      expect(request.url).toBe(MAILCHANNELS_URL);
      sent.push(await request.json());
      return new Response(null, { status: 202 });
    });
    try {
      const sender = new MailChannelsSender('test-key');
      const email = {
        to: 'pilot@example.com',
        from: 'DroneCert Prep <no-reply@example.com>',
        subject: 'Due',
        text: 't',
        html: '<p>t</p>',
      };
      await sender.send({
        ...email,
        unsubscribeUrl: 'https://app.test/api/learning/unsubscribe/one-click?token=abc',
      });
      await sender.send(email);
    } finally {
      vi.restoreAllMocks();
    }
    expect(sent[0]).toMatchObject({
      headers: {
        'List-Unsubscribe': '<https://app.test/api/learning/unsubscribe/one-click?token=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    expect(sent[1]).not.toHaveProperty('headers');
  });
});

describe('the recency reminders', () => {
  it('go 60 and then 14 days before the recency date, once each', async () => {
    const learner = await signedInUser();
    const today = localDay(Date.now(), 'UTC');
    // Recency runs out in 50 days: certificate issued 24 months before that.
    const dueOn = addDays(today, 50);
    const [y, m, d] = dueOn.split('-').map(Number) as [number, number, number];
    const issued = `${y - 2}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    const plan = await callOk<LearningPlan>('/api/learning/certificate', {
      method: 'PUT',
      token: learner.token,
      body: { certificateDate: issued, timeZone: 'UTC' },
    });
    expect(plan.recencyDueDate).toBe(dueOn);

    await runDailyTasks(env);
    const first = await waitForEmail(learner.email, 'recency-reminder');
    expect(first.subject).toBe('Your drone pilot recency runs out in 50 days');
    expect(first.text).toContain('CARs 901.56');
    await runDailyTasks(env);
    expect(await sentTo(learner.email)).toHaveLength(1);

    // 14 days before: the second one.
    await runDailyTasks(env, Date.now() + 37 * 86_400_000);
    await expect.poll(async () => (await sentTo(learner.email)).length, { timeout: 5000 }).toBe(2);
    const [row] = await testDb()
      .select()
      .from(learnerPlans)
      .where(eq(learnerPlans.userId, learner.id));
    expect(row!.recencyReminded).toBe(2);

    const token = await unsubscribeToken(env.JWT_SECRET, 'recency', learner.id);
    await callOk('/api/learning/unsubscribe', { body: { token } });
    expect(
      (await callOk<LearningPlan>('/api/learning/plan', { token: learner.token })).recencyEmails,
    ).toBe(false);
  });
});

describe('the plan’s updates take the plan as GET /api/learning/plan returned it', () => {
  it('each changes its own part; another part or a counted figure changed is refused, and unknown keys', async () => {
    const learner = await signedInUser();
    const today = localDay(Date.now(), ZONE);
    const put = (path: string, body: unknown) =>
      call<LearningPlan>(`/api/learning/${path}`, { method: 'PUT', token: learner.token, body });
    const read = await callOk<LearningPlan>('/api/learning/plan', { token: learner.token });

    const planned = await put('plan', { ...read, timeZone: ZONE, examDate: addDays(today, 40) });
    expect(planned.json).toMatchObject({ data: { examDate: addDays(today, 40), daysToExam: 40 } });
    const plan = (planned.json as { data: LearningPlan }).data;
    const certified = await put('certificate', { ...plan, certificateDate: addDays(today, -100) });
    expect(certified.status).toBe(200);
    const reminded = await put('reminders', {
      ...(certified.json as { data: LearningPlan }).data,
      reviewEmails: true,
    });
    expect(reminded.json).toMatchObject({
      data: {
        examDate: addDays(today, 40),
        certificateDate: addDays(today, -100),
        reviewEmails: true,
      },
    });
    const latest = (reminded.json as { data: LearningPlan }).data;

    const refusals = [
      ['plan', 'reviewEmails', false, 'Turn reminders on or off in your reminder settings'],
      ['certificate', 'examDate', addDays(today, 50), 'Set your exam date in your study plan'],
      ['reminders', 'daysToExam', 3, 'The days left are counted from your exam date'],
    ] as const;
    for (const [path, field, value, message] of refusals) {
      const refused = await put(path, { ...latest, [field]: value });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ error: message, fields: { [field]: message } });
    }
    expect((await put('plan', { ...latest, goal: 90 })).status).toBe(400);
    const [row] = await testDb()
      .select()
      .from(learnerPlans)
      .where(eq(learnerPlans.userId, learner.id));
    expect(row).toMatchObject({ examDate: addDays(today, 40), reviewEmails: true });
  });
});
