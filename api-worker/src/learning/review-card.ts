/**
 * The review card's part of an answer (POST /api/quiz/attempt/:id/answer): what the answer's
 * first round trip reads (the card, the learner's recent answer times, their plan), and, from
 * that, the card the answer's batch writes and the change to the plan's daily load, conditioned
 * on the same `when` as the rest of the answer.
 */
import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  attemptQuestions,
  learnerPlans,
  learnerQuestions,
  questionVersions,
  quizAttempts,
} from '../db/schema.ts';
import type { NextCard } from './record.ts';
import { localDay } from './days.ts';
import {
  loadDay,
  medianSeconds,
  placeDue,
  rateAnswer,
  reviewCard,
  type DayLoad,
  type ExamPlan,
  type StoredCard,
} from './scheduler.ts';
import { REVIEW_MEDIAN_ATTEMPTS } from './constants.ts';

/** The three reads the answer's first round trip adds to its batch. */
export function cardReads(db: Db, userId: string, questionId: string) {
  return [
    db
      .select({
        state: learnerQuestions.cardState,
        dueAt: learnerQuestions.cardDueAt,
        stability: learnerQuestions.cardStability,
        difficulty: learnerQuestions.cardDifficulty,
        reps: learnerQuestions.cardReps,
        lapses: learnerQuestions.cardLapses,
        learningSteps: learnerQuestions.cardLearningSteps,
        lastReviewAt: learnerQuestions.lastAnsweredAt,
      })
      .from(learnerQuestions)
      .where(
        and(
          eq(learnerQuestions.userId, userId),
          eq(
            learnerQuestions.questionSeq,
            sql`(select ${questionVersions.questionSeq} from ${questionVersions} where ${questionVersions.questionId} = ${questionId} limit 1)`,
          ),
        ),
      )
      .limit(1),
    // The learner's answer times in their latest attempts, for their median.
    db
      .select({ seconds: attemptQuestions.timeSpentSeconds })
      .from(attemptQuestions)
      .where(
        and(
          inArray(
            attemptQuestions.attemptSeq,
            db
              .select({ seq: quizAttempts.seq })
              .from(quizAttempts)
              .where(eq(quizAttempts.userId, userId))
              .orderBy(desc(quizAttempts.createdAt))
              .limit(REVIEW_MEDIAN_ATTEMPTS),
          ),
          isNotNull(attemptQuestions.selectedIndex),
        ),
      ),
    db
      .select({
        examDate: learnerPlans.examDate,
        timeZone: learnerPlans.timeZone,
        loadJson: learnerPlans.reviewLoadJson,
      })
      .from(learnerPlans)
      .where(eq(learnerPlans.userId, userId))
      .limit(1),
  ] as const;
}

export type CardReadResults = [
  Array<Omit<StoredCard, 'state' | 'dueAt'> & { state: number | null; dueAt: number | null }>,
  Array<{ seconds: number }>,
  Array<{ examDate: string | null; timeZone: string; loadJson: string }>,
];

/** A JSON path to a day's key in review_load_json. */
const dayPath = (day: string) => `$."${day}"`;

/**
 * The card after this answer (rated from its correctness and time, scheduled by FSRS, placed by
 * the exam plan) and the plan's load change, as statements for the answer's batch.
 */
export function answerCard(
  db: Db,
  reads: CardReadResults,
  answer: { userId: string; correct: boolean; seconds: number; now: number; when: SQL },
): { card: NextCard; planUpdates: Array<NonNullable<ReturnType<typeof planLoadUpdate>>> } {
  const [[stored], times, [planRow]] = reads;
  const current: StoredCard | null =
    stored && stored.state !== null && stored.dueAt !== null
      ? { ...stored, state: stored.state, dueAt: stored.dueAt }
      : null;
  const grade = rateAnswer({
    correct: answer.correct,
    seconds: answer.seconds,
    medianSeconds: medianSeconds(times.map((row) => row.seconds)),
    state: current?.state ?? null,
  });
  const next = reviewCard(current, grade, answer.now);
  const plan: ExamPlan | null = planRow?.examDate
    ? { examDate: planRow.examDate, timeZone: planRow.timeZone }
    : null;
  if (!plan) return { card: next, planUpdates: [] };

  const load = JSON.parse(planRow!.loadJson) as DayLoad;
  const oldDay = loadDay(current?.dueAt ?? null, answer.now, plan);
  if (oldDay) load[oldDay] = Math.max(0, (load[oldDay] ?? 0) - 1);
  const placed = placeDue(next.dueAt, answer.now, plan, load);
  const today = localDay(answer.now, plan.timeZone);
  const past = Object.keys(load).filter((day) => day < today);
  const update = planLoadUpdate(db, answer.userId, {
    from: oldDay,
    to: placed.day,
    drop: past,
    when: answer.when,
  });
  return {
    card: { ...next, dueAt: placed.dueAt },
    planUpdates: update ? [update] : [],
  };
}

/**
 * Moves one review between days of the plan's load in SQL (so two answers at once both count),
 * and drops days already past.
 */
function planLoadUpdate(
  db: Db,
  userId: string,
  change: { from: string | null; to: string | null; drop: string[]; when: SQL },
) {
  const { from, to, drop } = change;
  if (from === to && drop.length === 0) return null;
  let json: SQL = sql`${learnerPlans.reviewLoadJson}`;
  if (drop.length)
    json = sql`json_remove(${json}, ${sql.join(
      drop.map((day) => sql`${dayPath(day)}`),
      sql`, `,
    )})`;
  if (from !== to) {
    if (from)
      json = sql`json_set(${json}, ${dayPath(from)}, max(0, coalesce(json_extract(${learnerPlans.reviewLoadJson}, ${dayPath(from)}), 0) - 1))`;
    if (to)
      json = sql`json_set(${json}, ${dayPath(to)}, coalesce(json_extract(${learnerPlans.reviewLoadJson}, ${dayPath(to)}), 0) + 1)`;
  }
  return db
    .update(learnerPlans)
    .set({ reviewLoadJson: json })
    .where(and(eq(learnerPlans.userId, userId), change.when));
}
