import type { AnswerFeature } from '../lib/answer-feature.ts';
import { recordAnswer } from './record.ts';
import { answerCard, cardReads, type CardReadResults } from './review-card.ts';

/**
 * The learner's records that move with every answer, in the answer's own batch: the question's
 * record and its review card (rated, scheduled and placed by the exam plan from the card, the
 * learner's recent answer times and their plan, read in the answer's first round trip), the plan's
 * day load, and the knowledge area's readiness totals.
 */
export const learnerRecords: AnswerFeature = {
  reads: (db, { userId, questionId }) => [...cardReads(db, userId, questionId)],
  writes: (db, answer, read) => {
    const { userId, questionSeq, category, correct, seconds, now, when } = answer;
    const review = answerCard(db, read as CardReadResults, { userId, correct, seconds, now, when });
    return [
      ...recordAnswer(db, { userId, questionSeq, category, correct, now, when, card: review.card }),
      ...review.planUpdates,
    ];
  },
};
