import { describe, expect, it } from 'vitest';
import { callOk } from '../../test/helpers.ts';
import { expectWithinBudget } from '../../test/budget.ts';
import {
  age,
  answer,
  answerAll,
  currentQuestion,
  finish,
  navigate,
  premiumLearner,
  rightChoice,
  seedAdvancedOnly,
  seedBank,
  startAttempt,
} from './testing.ts';

/** The quiz and dashboard calls a learner makes while taking a quiz: at most 2 D1 round trips, no scans. */
describe('quiz and dashboard calls stay within the D1 budget', () => {
  it('creating an attempt (study and exam)', async () => {
    await seedBank();
    const learner = await premiumLearner();
    await expectWithinBudget(() => startAttempt(learner.token, { mode: 'study' }));
    await expectWithinBudget(() => startAttempt(learner.token, { mode: 'timed' }));
  });

  it('creating an attempt of each exam: the exam read with the draw, no scan', async () => {
    await seedBank();
    await seedAdvancedOnly({ 'air-law-regulations': 20, airspace: 10 });
    const learner = await premiumLearner();
    for (const exam of ['basic', 'advanced'] as const) {
      const cost = await expectWithinBudget(() =>
        startAttempt(learner.token, { mode: 'timed', exam }),
      );
      expect(cost.roundTrips).toBe(2);
      await expectWithinBudget(() =>
        startAttempt(learner.token, { mode: 'study', exam, source: 'unseen' }),
      );
    }
  });

  it('the current question, navigating, flagging and answering', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'timed' });
    const question = await currentQuestion(learner.token, attempt.id);
    await expectWithinBudget(() => currentQuestion(learner.token, attempt.id));
    await expectWithinBudget(() => navigate(learner.token, attempt.id, 1));
    await expectWithinBudget(() =>
      callOk(`/api/quiz/attempt/${attempt.id}/flag`, {
        token: learner.token,
        body: { questionId: question.question.id, flagged: true },
      }),
    );
    const cost = await expectWithinBudget(async () => {
      const result = await answer(learner.token, attempt.id, {
        questionId: question.question.id,
        selectedIndex: rightChoice(question),
      });
      expect(result.status).toBe(200);
    });
    expect(cost.roundTrips).toBe(2);
  });

  it('an answer after the deadline, which closes the attempt', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'timed' });
    const question = await currentQuestion(learner.token, attempt.id);
    await age(attempt.id, 91 * 60_000);
    await expectWithinBudget(async () => {
      const result = await answer(learner.token, attempt.id, {
        questionId: question.question.id,
        selectedIndex: rightChoice(question),
      });
      expect(result.status).toBe(409);
    });
  });

  it('finishing, reading the results and listing attempts', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    await answerAll(learner.token, attempt.id, (i) => i % 2 === 0);
    await expectWithinBudget(() => finish(learner.token, attempt.id));
    await expectWithinBudget(() =>
      callOk(`/api/quiz/attempt/${attempt.id}`, { token: learner.token }),
    );
    await expectWithinBudget(() =>
      callOk('/api/quiz/attempts?status=completed', { token: learner.token }),
    );
    await expectWithinBudget(() => callOk('/api/quiz/attempts?page=2', { token: learner.token }));
  });

  it('the dashboard: stats and recent activity', async () => {
    await seedBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    await finish(learner.token, attempt.id);
    const stats = await expectWithinBudget(() =>
      callOk('/api/auth/me/stats', { token: learner.token }),
    );
    expect(stats.roundTrips).toBe(1);
    await expectWithinBudget(() =>
      callOk('/api/auth/me/recent-activity', { token: learner.token }),
    );
  });
});
