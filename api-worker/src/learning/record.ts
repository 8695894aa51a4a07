import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  attemptQuestions,
  learnerCategories,
  learnerQuestions,
  questionVersions,
} from '../db/schema.ts';
import { attemptSeqOf } from '../db/keys.ts';
import { answerWeight } from './model.ts';
import type { QuestionCategory } from '@drone-exam/shared/schemas/quiz-values';

/**
 * The learner's records the quiz keeps in the same batch as each change it makes: per question
 * (learner_questions) and per knowledge area (learner_categories, what readiness reads).
 */

/** Each question of a new attempt counts as shown to its learner. */
export function recordShown(db: Db, userId: string, attemptId: string) {
  return db
    .insert(learnerQuestions)
    .select(
      sql`select ${userId}, v.question_seq, 1, 0, 0, 0, null, 0, null, null, null, null, null, null, 0, 0, 0
        from ${attemptQuestions} aq join ${questionVersions} v on v.id = aq.version_id
        where aq.attempt_seq = ${attemptSeqOf(attemptId)}`,
    )
    .onConflictDoUpdate({
      target: [learnerQuestions.userId, learnerQuestions.questionSeq],
      set: { timesShown: sql`${learnerQuestions.timesShown} + 1` },
    });
}

export type RecordedAnswer = {
  userId: string;
  questionSeq: number;
  category: QuestionCategory;
  correct: boolean;
  now: number;
  /** The answer is new (the question unanswered, the attempt open): nothing counts otherwise. */
  when: SQL;
  /** The question's review card after this answer (learning/review-card.ts). */
  card: NextCard;
};

/** A review card as the answer's batch writes it. */
export type NextCard = {
  state: number;
  dueAt: number;
  stability: number;
  difficulty: number;
  reps: number;
  lapses: number;
  learningSteps: number;
};

/**
 * After an answer, in this order: the area's counts (a distinct question counts once, read from
 * the question's record before it changes), then the question's record (one more answer, the
 * outcome shifted into the last 16, first and last answer times, and its review card).
 */
export function recordAnswer(db: Db, answer: RecordedAnswer) {
  const { userId, questionSeq, category, now, when, card } = answer;
  const right = answer.correct ? 1 : 0;
  const weight = answerWeight(now);
  const firstTime = sql`(select count(*) = 0 from ${learnerQuestions} where ${learnerQuestions.userId} = ${userId} and ${learnerQuestions.questionSeq} = ${questionSeq} and ${learnerQuestions.timesAnswered} > 0)`;
  return [
    db
      .insert(learnerCategories)
      .select(
        sql`select ${userId}, ${category}, 1, ${right}, ${firstTime}, ${weight}, ${right * weight}, ${now} where ${when}`,
      )
      .onConflictDoUpdate({
        target: [learnerCategories.userId, learnerCategories.category],
        set: {
          answers: sql`${learnerCategories.answers} + 1`,
          correct: sql`${learnerCategories.correct} + ${right}`,
          questions: sql`${learnerCategories.questions} + excluded.questions`,
          weightedAnswers: sql`${learnerCategories.weightedAnswers} + ${weight}`,
          weightedCorrect: sql`${learnerCategories.weightedCorrect} + ${right * weight}`,
          lastAnsweredAt: now,
        },
      }),
    db
      .insert(learnerQuestions)
      .select(
        sql`select ${userId}, ${questionSeq}, 1, 1, ${right}, ${right}, ${right}, 0, ${now}, ${now},
          ${card.state}, ${card.dueAt}, ${card.stability}, ${card.difficulty}, ${card.reps}, ${card.lapses}, ${card.learningSteps}
          where ${when}`,
      )
      .onConflictDoUpdate({
        target: [learnerQuestions.userId, learnerQuestions.questionSeq],
        set: {
          timesAnswered: sql`${learnerQuestions.timesAnswered} + 1`,
          timesCorrect: sql`${learnerQuestions.timesCorrect} + ${right}`,
          recentOutcomes: sql`((${learnerQuestions.recentOutcomes} << 1) | ${right}) & 65535`,
          lastCorrect: answer.correct,
          firstAnsweredAt: sql`coalesce(${learnerQuestions.firstAnsweredAt}, ${now})`,
          lastAnsweredAt: now,
          cardState: card.state,
          cardDueAt: card.dueAt,
          cardStability: card.stability,
          cardDifficulty: card.difficulty,
          cardReps: card.reps,
          cardLapses: card.lapses,
          cardLearningSteps: card.learningSteps,
        },
      }),
  ] as const;
}

/** The learner's flag on a question follows their latest flag or unflag of it. */
export const recordFlag = (
  db: Db,
  userId: string,
  questionSeq: number,
  flagged: boolean,
  when: SQL,
) =>
  db
    .update(learnerQuestions)
    .set({ flagged })
    .where(
      and(eq(learnerQuestions.userId, userId), eq(learnerQuestions.questionSeq, questionSeq), when),
    );
