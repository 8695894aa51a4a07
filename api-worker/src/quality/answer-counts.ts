import { and, eq, sql } from 'drizzle-orm';
import { questions } from '../db/schema.ts';
import type { AnswerFeature } from '../lib/answer-feature.ts';

/** The question's own counters (times answered, times right), read by the admin's question statistics. */
export const questionCounts: AnswerFeature = {
  writes: (db, answer) => [
    db
      .update(questions)
      .set({
        timesAnswered: sql`${questions.timesAnswered} + 1`,
        timesCorrect: sql`${questions.timesCorrect} + ${answer.correct ? 1 : 0}`,
      })
      .where(and(eq(questions.id, answer.questionId), answer.when)),
  ],
};
