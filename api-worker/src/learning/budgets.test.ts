import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ReviewSummary } from '@drone-exam/shared/schemas/learning';
import { callOk, testDb } from '../../test/helpers.ts';
import { expectWithinBudget } from '../../test/budget.ts';
import { learnerCategories, learnerQuestions, questions } from '../db/schema.ts';
import { premiumLearner, seedBank } from '../quiz/testing.ts';
import { State } from './scheduler.ts';
import { RECENCY_PROGRAM_TAG } from '@drone-exam/shared/schemas/learning-values';

const CARDS = 2000;
const DAY = 86_400_000;

/**
 * A learner holding 2,000 cards: 40 overdue, then one every few hours over the next 300 days.
 * The bank holds 2,000 questions so every card is of an active question.
 */
async function learnerWithCards() {
  await seedBank({
    'air-law-regulations': 500,
    airspace: 400,
    'weather-notams': 300,
    'rpas-theory': 300,
    operations: 200,
    'human-factors': 150,
    'first-flights': 150,
  });
  const learner = await premiumLearner();
  const db = testDb();
  const now = Date.now();
  await db.run(sql`insert into ${learnerQuestions}
    (user_id, question_seq, times_shown, times_answered, times_correct, recent_outcomes, last_correct,
     flagged, first_answered_at, last_answered_at, card_state, card_due_at, card_stability,
     card_difficulty, card_reps, card_lapses, card_learning_steps)
    select ${learner.id}, q.seq, 1, 1, 1, 1, 1, 0, ${now - 30 * DAY}, ${now - 30 * DAY}, ${State.Review},
      case when q.seq <= 40 then ${now} - q.seq * 60000 else ${now} + q.seq * ${Math.round((300 * DAY) / CARDS)} end,
      10, 5, 2, 0, 0
    from ${questions} q`);
  const rows = await db
    .select({ category: questions.category, n: sql<number>`count(*)` })
    .from(questions)
    .groupBy(questions.category);
  await db
    .insert(learnerCategories)
    .values(rows.map((row) => ({ userId: learner.id, category: row.category, questions: row.n })));
  return { learner, now };
}

describe('the review calls stay within the D1 budget with 2,000 cards', () => {
  it('the review summary: two round trips, no scan, only due rows read', async () => {
    const { learner } = await learnerWithCards();
    let summary: ReviewSummary | undefined;
    const cost = await expectWithinBudget(async () => {
      summary = await callOk<ReviewSummary>('/api/learning/review', { token: learner.token });
    });
    expect(cost.roundTrips).toBe(2);
    expect(summary!.cards).toBe(CARDS);
    expect(summary!.dueToday).toBeGreaterThanOrEqual(40);
    // The route reads the week's due cards (each from the due index, its row and its question,
    // to leave out withdrawn ones), the plan and the seven topic rows: not the learner's 2,000.
    const dueThisWeek = summary!.dueNext7Days.reduce((sum, n) => sum + n, 0);
    expect(dueThisWeek).toBeLessThan(CARDS / 10);
    expect(cost.rowsRead).toBeLessThanOrEqual(3 * dueThisWeek + 7 + 2);
  });

  it('starting a review session or the recency set, and reading the plan', async () => {
    const { learner } = await learnerWithCards();
    await testDb()
      .update(questions)
      .set({ tagsJson: JSON.stringify([RECENCY_PROGRAM_TAG]) })
      .where(sql`${questions.seq} <= 30`);
    await expectWithinBudget(() =>
      callOk('/api/learning/review/session', { token: learner.token, body: { limit: 10 } }),
    );
    await expectWithinBudget(() => callOk('/api/learning/plan', { token: learner.token }));
    await expectWithinBudget(() =>
      callOk('/api/learning/recency/session', { token: learner.token, body: {} }),
    );
  });
});
