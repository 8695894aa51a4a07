import { applyD1Migrations, reset } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

/** The first migration with item statistics and reports. */
const QUALITY = '0013';

const sql = (query: string, ...params: unknown[]) =>
  env.DB.prepare(query)
    .bind(...params)
    .run();

async function seedQuestion(id: string, options: string[], key: number, now: number) {
  await sql(
    `INSERT INTO questions (id, question, options_json, correct_answer, explanation, category, stem_hash, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, 'Why.', 'airspace', ?1, ?5, ?5)`,
    id,
    `Question ${id}?`,
    JSON.stringify(options),
    key,
    now,
  );
}

/** An attempt as the quiz wrote it before 0013: its questions by version, shuffle and answer. */
async function seedAttempt(
  userId: string,
  id: string,
  status: string,
  answers: Array<{
    question: string;
    version: number;
    order: number;
    shown: number;
    right: boolean;
    seconds: number;
  }>,
  now: number,
) {
  const correct = answers.filter((a) => a.right).length;
  await sql(
    `INSERT INTO quiz_attempts (id, user_id, mode, status, question_count, answered_count, correct_count, started_at, completed_at, last_activity_at, created_at)
     VALUES (?1, ?2, 'study', ?3, ?4, ?4, ?5, ?6, ?6, ?6, ?6)`,
    id,
    userId,
    status,
    answers.length,
    correct,
    now,
  );
  for (const [position, a] of answers.entries()) {
    await sql(
      `INSERT INTO attempt_questions (attempt_seq, position, version_id, option_order, selected_index, is_correct, time_spent_seconds, answered_at)
       VALUES ((SELECT seq FROM quiz_attempts WHERE id = ?1), ?2,
         (SELECT id FROM question_versions WHERE question_id = ?3 AND version = ?4), ?5, ?6, ?7, ?8, ?9)`,
      id,
      position,
      a.question,
      a.version,
      a.order,
      a.shown,
      a.right ? 1 : 0,
      a.seconds,
      now,
    );
  }
}

// The identity shuffle, and one showing the options in reverse (base-4 digits, position 0 lowest).
const IDENTITY = 0 + (1 << 2) + (2 << 4) + (3 << 6);
const REVERSED = 3 + (2 << 2) + (1 << 4) + (0 << 6);

describe('item statistics for the answers given before them (migration 0013)', () => {
  it('gives every version its epoch and fills the statistics of completed attempts', async () => {
    await reset();
    await applyD1Migrations(
      env.DB,
      env.TEST_MIGRATIONS.filter((migration) => migration.name < QUALITY),
    );
    const now = Date.now();
    // Written as the database stood before 0013: the test helpers write today's columns.
    const learner = { id: 'learner-before-0013' };
    await sql(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, email_verified, role, is_active, created_at, updated_at)
       VALUES (?1, 'before-0013@example.com', 'not-a-hash', 'Test', 'Pilot', 1, 'user', 1, ?2, ?2)`,
      learner.id,
      now,
    );
    await seedQuestion('q-kept', ['A', 'B', 'C', 'D'], 0, now);
    await seedQuestion('q-rekeyed', ['A', 'B', 'C', 'D'], 1, now);
    await seedQuestion('q-plain', ['A', 'B', 'C'], 2, now);
    // A new explanation (same epoch) and a new key (a new epoch), through the 0009 triggers.
    await sql(`UPDATE questions SET explanation = 'Clearer.' WHERE id = 'q-kept'`);
    await sql(`UPDATE questions SET correct_answer = 2 WHERE id = 'q-rekeyed'`);

    await seedAttempt(
      learner.id,
      'before-edits',
      'completed',
      [
        { question: 'q-kept', version: 1, order: IDENTITY, shown: 0, right: true, seconds: 7 },
        { question: 'q-rekeyed', version: 1, order: REVERSED, shown: 2, right: true, seconds: 9 },
        { question: 'q-plain', version: 1, order: IDENTITY, shown: 1, right: false, seconds: 500 },
      ],
      now,
    );
    await seedAttempt(
      learner.id,
      'after-edits',
      'completed',
      [
        { question: 'q-kept', version: 2, order: REVERSED, shown: 3, right: true, seconds: 11 },
        { question: 'q-rekeyed', version: 2, order: IDENTITY, shown: 0, right: false, seconds: 4 },
        { question: 'q-plain', version: 1, order: IDENTITY, shown: 2, right: true, seconds: 20 },
      ],
      now,
    );
    await seedAttempt(
      learner.id,
      'unfinished',
      'in-progress',
      [
        { question: 'q-kept', version: 2, order: IDENTITY, shown: 1, right: false, seconds: 3 },
        { question: 'q-plain', version: 1, order: IDENTITY, shown: 2, right: true, seconds: 3 },
      ],
      now,
    );

    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

    const versions = await env.DB.prepare(
      'SELECT question_id, version, stats_epoch FROM question_versions ORDER BY question_id, version',
    ).all();
    expect(versions.results).toEqual([
      { question_id: 'q-kept', version: 1, stats_epoch: 1 },
      { question_id: 'q-kept', version: 2, stats_epoch: 1 },
      { question_id: 'q-plain', version: 1, stats_epoch: 1 },
      { question_id: 'q-rekeyed', version: 1, stats_epoch: 1 },
      { question_id: 'q-rekeyed', version: 2, stats_epoch: 2 },
    ]);
    const epochs = await env.DB.prepare('SELECT id, stats_epoch FROM questions ORDER BY id').all();
    expect(epochs.results).toEqual([
      { id: 'q-kept', stats_epoch: 1 },
      { id: 'q-plain', stats_epoch: 1 },
      { id: 'q-rekeyed', stats_epoch: 2 },
    ]);

    const stats = await env.DB.prepare(
      `SELECT q.id, s.epoch, s.is_current, s.option_count, s.correct_answer, s.attempts, s.correct,
         s.rest_sum, s.rest_squares, s.correct_rest, s.chosen_0, s.chosen_1, s.chosen_2, s.chosen_3, s.time_histogram
       FROM question_stats s JOIN questions q ON q.seq = s.question_seq ORDER BY q.id, s.epoch`,
    ).all<Record<string, unknown> & { time_histogram: string }>();
    const rows = stats.results.map(({ time_histogram, ...row }) => {
      const counts = JSON.parse(time_histogram) as number[];
      expect(counts).toHaveLength(301);
      return { ...row, times: Object.fromEntries(counts.flatMap((n, t) => (n ? [[t, n]] : []))) };
    });
    // The rest of each attempt: before-edits had 2 right of 3, after-edits 2 right of 3.
    expect(rows).toEqual([
      {
        id: 'q-kept',
        epoch: 1,
        is_current: 1,
        option_count: 4,
        correct_answer: 0,
        attempts: 2,
        correct: 2,
        rest_sum: 1,
        rest_squares: 0.5,
        correct_rest: 1,
        // Shown 0 of the identity order is A; shown 3 of the reversed order is A too.
        chosen_0: 2,
        chosen_1: 0,
        chosen_2: 0,
        chosen_3: 0,
        times: { 7: 1, 11: 1 },
      },
      {
        id: 'q-plain',
        epoch: 1,
        is_current: 1,
        option_count: 3,
        correct_answer: 2,
        attempts: 2,
        correct: 1,
        rest_sum: 1.5,
        rest_squares: 1.25,
        correct_rest: 0.5,
        chosen_0: 0,
        chosen_1: 1,
        chosen_2: 1,
        chosen_3: 0,
        times: { 20: 1, 300: 1 },
      },
      {
        id: 'q-rekeyed',
        epoch: 1,
        is_current: 0,
        option_count: 4,
        correct_answer: 1,
        attempts: 1,
        correct: 1,
        rest_sum: 0.5,
        rest_squares: 0.25,
        correct_rest: 0.5,
        // Shown 2 of the reversed order is B.
        chosen_0: 0,
        chosen_1: 1,
        chosen_2: 0,
        chosen_3: 0,
        times: { 9: 1 },
      },
      {
        id: 'q-rekeyed',
        epoch: 2,
        is_current: 1,
        option_count: 4,
        correct_answer: 2,
        attempts: 1,
        correct: 0,
        rest_sum: 1,
        rest_squares: 1,
        correct_rest: 0,
        chosen_0: 1,
        chosen_1: 0,
        chosen_2: 0,
        chosen_3: 0,
        times: { 4: 1 },
      },
    ]);
  });
});
