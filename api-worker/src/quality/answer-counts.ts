/**
 * A question's counters (times answered, times right: the admin's question statistics) are
 * shared by every learner, so they are not moved in the answer's own batch. An answer is stored
 * pending (attempt_questions.counts_pending); the answer service then puts it on the jobs Queue,
 * whose consumer adds a batch of pending answers to their questions and clears their flags in
 * one transaction: a redelivered or repeated message finds nothing pending and counts nothing
 * twice. The daily cron adds any answer whose message never arrived.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { attemptQuestions, questions } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import type { Job } from '../jobs/types.ts';
import type { AnswerFeature } from '../lib/answer-feature.ts';

/** An answer as the Queue carries it: its attempt's compact key and its position. */
export type AnswerKey = [attemptSeq: number, position: number];

/** Answers left pending this long are the sweep's (their message is not coming). */
export const SWEEP_AFTER_MS = 10 * 60_000;
/** Answers the sweep adds per run, oldest first, in batches of SWEEP_BATCH. */
const SWEEP_LIMIT = 20_000;
const SWEEP_BATCH = 500;

export const questionCounts = (queue: Queue<Job>): AnswerFeature => ({
  recorded: async ({ attemptSeq, position }) => {
    try {
      await queue.send({ type: 'question-counts', answers: [[attemptSeq, position]] });
    } catch (error) {
      // The answer is stored and stays pending: the daily sweep counts it.
      console.error('Could not queue an answer for its question counters', error);
    }
  },
});

/**
 * Adds the pending answers among `answers` to their questions' counters and clears their flags,
 * in one transaction. Each answer counts once whatever the list repeats.
 */
export async function applyQuestionCounts(db: Db, answers: readonly AnswerKey[]) {
  if (answers.length === 0) return;
  const keys = sql`(select distinct json_extract(value, '$[0]') as seq, json_extract(value, '$[1]') as pos from json_each(${JSON.stringify(answers)}))`;
  // Each question's pending answers among the keys (correlated by its id), and those questions.
  const pending = (what: SQL) =>
    sql`(select ${what} from ${keys} k
      join attempt_questions aq on aq.attempt_seq = k.seq and aq.position = k.pos
      join question_versions v on v.id = aq.version_id
      where aq.counts_pending = 1 and v.question_id = "questions"."id")`;
  await db.batch([
    db
      .update(questions)
      .set({
        timesAnswered: sql`${questions.timesAnswered} + ${pending(sql`count(*)`)}`,
        timesCorrect: sql`${questions.timesCorrect} + ${pending(sql`coalesce(sum(aq.is_correct), 0)`)}`,
      })
      .where(
        sql`${questions.id} in (select v.question_id from ${keys} k
          join attempt_questions aq on aq.attempt_seq = k.seq and aq.position = k.pos
          join question_versions v on v.id = aq.version_id
          where aq.counts_pending = 1)`,
      ),
    db
      .update(attemptQuestions)
      .set({ countsPending: false })
      .where(
        and(
          eq(attemptQuestions.countsPending, true),
          sql`(${attemptQuestions.attemptSeq}, ${attemptQuestions.position}) in (select seq, pos from ${keys})`,
        ),
      ),
  ]);
}

/** The daily sweep: adds the answers still pending after SWEEP_AFTER_MS, oldest first. */
export async function sweepQuestionCounts({ db, now }: { db: Db; now: number }) {
  const stray = await db.all<{ attempt_seq: number; position: number }>(
    sql`select attempt_seq, position from attempt_questions
      where counts_pending = 1 and answered_at < ${now - SWEEP_AFTER_MS}
      order by answered_at limit ${SWEEP_LIMIT}`,
  );
  for (let i = 0; i < stray.length; i += SWEEP_BATCH) {
    await applyQuestionCounts(
      db,
      stray.slice(i, i + SWEEP_BATCH).map((row) => [row.attempt_seq, row.position]),
    );
  }
  return stray.length;
}
