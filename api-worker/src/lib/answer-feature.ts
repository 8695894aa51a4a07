/**
 * The contract between answering a question (quiz/answer.ts) and what moves with every answer: the
 * learner's records (learning/answer-records.ts) and the question's counters
 * (quality/answer-counts.ts). Neither side imports the other; the answer route joins them.
 */
import type { SQL } from 'drizzle-orm';
import type { Statement } from '../db/batch.ts';
import type { Db } from '../db/client.ts';
import type { QuestionCategory } from '@drone-exam/shared/schemas/quiz-values';

/** The answer as decided, before it is written: what every feature's writes are made from. */
export type DecidedAnswer = {
  userId: string;
  questionId: string;
  questionSeq: number;
  category: QuestionCategory;
  attemptSeq: number;
  position: number;
  correct: boolean;
  seconds: number;
  now: number;
  /**
   * True inside the batch only while this answer is new (its question unanswered, the attempt
   * open): every feature's write must carry it, so of two answers at once the second writes nothing.
   */
  when: SQL;
};

/**
 * Something that moves with every answer. Its reads join the answer's first round trip, its
 * writes the answer's batch; `recorded` runs once the answer is stored (never for a refused one).
 */
export type AnswerFeature = {
  reads?: (db: Db, asked: { userId: string; questionId: string }) => Statement[];
  writes?: (db: Db, answer: DecidedAnswer, read: unknown[]) => Statement[];
  recorded?: (answer: Omit<DecidedAnswer, 'when'>) => Promise<void>;
};
