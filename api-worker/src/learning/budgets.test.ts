import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ReviewSummary, Streak } from '@drone-exam/shared/schemas/learning';
import { callOk, testDb } from '../../test/helpers.ts';
import { expectWithinBudget } from '../../test/budget.ts';
import {
  learnerCategories,
  learnerDays,
  learnerQuestions,
  learnerStreaks,
  questions,
} from '../db/schema.ts';
import {
  currentQuestion,
  premiumLearner,
  rightChoice,
  seedBank,
  startAttempt,
} from '../quiz/testing.ts';
import { addDays, localDay } from './days.ts';
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

describe('the daily goal and streak stay within the D1 budget with 2,000 cards', () => {
  it('the streak reads one round trip of at most 36 day rows; the goal reads and saves in two', async () => {
    const { learner } = await learnerWithCards();
    const db = testDb();
    const today = localDay(Date.now(), 'America/Toronto');
    // A year of met days: the calendar reads its five weeks, not the year.
    await db.run(sql`insert into ${learnerDays} (user_id, day, answered, met, frozen)
      with recursive back(n) as (select 1 union all select n + 1 from back where n < 365)
      select ${learner.id}, date(${today}, '-' || n || ' days'), 10, 1, 0 from back`);
    await db.insert(learnerStreaks).values({
      userId: learner.id,
      current: 365,
      longest: 365,
      freezes: 2,
      lastMetDay: addDays(today, -1),
      updatedAt: 0,
    });
    let streak: Streak | undefined;
    const cost = await expectWithinBudget(async () => {
      streak = await callOk<Streak>('/api/learning/streak', { token: learner.token });
    });
    expect(cost.roundTrips).toBe(1);
    expect(streak!.current).toBe(365);
    expect(streak!.days.filter((day) => day.met)).toHaveLength(34);
    // The day rows from the calendar's first day (36 at most, whatever the zone), plan and state.
    expect(cost.rowsRead).toBeLessThanOrEqual(36 + 2 + 2);
    await expectWithinBudget(() => callOk('/api/learning/goal', { token: learner.token }), 1);
    await expectWithinBudget(() =>
      callOk('/api/learning/goal', {
        token: learner.token,
        method: 'PUT',
        body: { dailyQuestions: 20 },
      }),
    );
  });

  it('an answer counts the learner’s day in its own two round trips, reading two due cards', async () => {
    const { learner } = await learnerWithCards();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    const question = await currentQuestion(learner.token, attempt.id);
    const cost = await expectWithinBudget(() =>
      callOk(`/api/quiz/attempt/${attempt.id}/answer`, {
        token: learner.token,
        body: {
          questionId: question.question.id,
          selectedIndex: rightChoice(question),
          timeSpent: 5,
        },
      }),
    );
    expect(cost.roundTrips).toBe(2);
    expect(cost.statements.some((statement) => statement.includes('"learner_days"'))).toBe(true);
    const streak = await callOk<Streak>('/api/learning/streak', { token: learner.token });
    expect(streak.todayAnswered).toBe(1);
  });
});
