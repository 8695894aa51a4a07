import { sql, type SQL } from 'drizzle-orm';
import { quizAttempts } from './schema.ts';

/** An attempt's compact key, for the per-answer table (the unique index on id finds it). */
export const attemptSeqOf = (attemptId: string): SQL =>
  sql`(select ${quizAttempts.seq} from ${quizAttempts} where ${quizAttempts.id} = ${attemptId})`;
