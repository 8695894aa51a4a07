import { applyD1Migrations, reset } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { AttemptDetail } from '@drone-exam/shared/schemas/quiz';
import { hashPassword } from '@drone-exam/shared/password';
import { callOk, DEFAULT_PASSWORD, login } from '../../test/helpers.ts';

/** The first migration with the compact answer storage (question versions, attempt keys). */
const COMPACT = '0009';

type LegacySnapshot = {
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
  regulationReference: string | null;
  imageUrl: string | null;
};

type LegacyRow = {
  attempt: string;
  position: number;
  questionId: string;
  version: number;
  category: string;
  snapshot: LegacySnapshot;
  selected: number | null;
  flagged?: boolean;
};

const snapshot = (
  question: string,
  options: string[],
  correctAnswer: number,
  explanation: string,
) => ({
  question,
  options,
  correctAnswer,
  explanation,
  regulationReference: 'CARs 901.01',
  imageUrl: null,
});

/**
 * A database as it was before the change: questions (one still current, one edited since, one
 * deleted since) and two attempts whose questions each carry a JSON snapshot in their own shuffle.
 */
const LEGACY: LegacyRow[] = [
  // The current version of q-current, shown shuffled: the key (c) first.
  {
    attempt: 'old-done',
    position: 0,
    questionId: 'q-current',
    version: 1,
    category: 'airspace',
    snapshot: snapshot(
      'Which class is uncontrolled?',
      ['G', 'A', 'E', 'C'],
      0,
      'Class G is uncontrolled.',
    ),
    selected: 0,
  },
  // q-edited was at version 2 then; it is at version 3 now, with other text and key.
  {
    attempt: 'old-done',
    position: 1,
    questionId: 'q-edited',
    version: 2,
    category: 'weather-notams',
    snapshot: snapshot(
      'What does FEW mean?',
      ['3 to 4 oktas', '1 to 2 oktas', '8 oktas', '5 to 7 oktas'],
      1,
      'FEW is 1 to 2 oktas.',
    ),
    selected: 3,
    flagged: true,
  },
  // q-gone was deleted after the attempt.
  {
    attempt: 'old-done',
    position: 2,
    questionId: 'q-gone',
    version: 1,
    category: 'operations',
    snapshot: snapshot(
      'Which check comes first?',
      ['Site survey', 'Battery'],
      0,
      'The site survey.',
    ),
    selected: 0,
  },
  // An attempt still open when the change lands: one answered, one to answer after it.
  {
    attempt: 'old-open',
    position: 0,
    questionId: 'q-edited',
    version: 2,
    category: 'weather-notams',
    snapshot: snapshot(
      'What does FEW mean?',
      ['8 oktas', '1 to 2 oktas', '5 to 7 oktas', '3 to 4 oktas'],
      1,
      'FEW is 1 to 2 oktas.',
    ),
    selected: 1,
  },
  {
    attempt: 'old-open',
    position: 1,
    questionId: 'q-current',
    version: 1,
    category: 'airspace',
    snapshot: snapshot(
      'Which class is uncontrolled?',
      ['A', 'C', 'G', 'E'],
      2,
      'Class G is uncontrolled.',
    ),
    selected: null,
  },
];

async function seedLegacy(userId: string, now: number) {
  const question = (
    id: string,
    text: string,
    options: string[],
    key: number,
    explanation: string,
    version: number,
    category: string,
  ) =>
    env.DB.prepare(
      `INSERT INTO questions (id, question, options_json, correct_answer, explanation, category, regulation_reference, stem_hash, version, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'CARs 901.01', ?1, ?7, ?8, ?8)`,
    ).bind(id, text, JSON.stringify(options), key, explanation, category, version, now);
  const attempt = (
    id: string,
    status: string,
    answered: number,
    correct: number,
    score: number | null,
  ) =>
    env.DB.prepare(
      `INSERT INTO quiz_attempts (id, user_id, mode, status, question_count, answered_count, correct_count, score, passed, started_at, completed_at, last_activity_at, created_at)
       VALUES (?1, ?2, 'study', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?9, ?9)`,
    ).bind(
      id,
      userId,
      status,
      id === 'old-done' ? 3 : 2,
      answered,
      correct,
      score,
      score === null ? null : score >= 70 ? 1 : 0,
      now - 5000,
      status === 'completed' ? now - 1000 : null,
    );
  await env.DB.batch([
    question(
      'q-current',
      'Which class is uncontrolled?',
      ['A', 'C', 'E', 'G'],
      3,
      'Class G is uncontrolled.',
      1,
      'airspace',
    ),
    question(
      'q-edited',
      'What does the abbreviation FEW mean?',
      ['1 to 2 oktas', '3 to 4 oktas', '5 to 7 oktas', '8 oktas'],
      0,
      'Reworded.',
      3,
      'weather-notams',
    ),
    attempt('old-done', 'completed', 3, 2, 66.7),
    attempt('old-open', 'in-progress', 1, 1, null),
    ...LEGACY.map((row) =>
      env.DB.prepare(
        `INSERT INTO attempt_questions (attempt_id, position, question_id, question_version, snapshot_json, category, selected_index, is_correct, flagged, time_spent_seconds, answered_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)`,
      ).bind(
        row.attempt,
        row.position,
        row.questionId,
        row.version,
        JSON.stringify(row.snapshot),
        row.category,
        row.selected,
        row.selected === null ? null : row.selected === row.snapshot.correctAnswer ? 1 : 0,
        row.flagged ? 1 : 0,
        row.selected === null ? 0 : 10 + row.position,
        row.selected === null ? null : now - 3000 + row.position,
      ),
    ),
  ]);
}

/** What the review showed before the change, from the legacy snapshots themselves. */
function expectedReview(attemptId: string) {
  return LEGACY.filter((row) => row.attempt === attemptId).map((row) => ({
    position: row.position,
    questionId: row.questionId,
    category: row.category,
    stem: row.snapshot.question,
    choices: row.snapshot.options.map((text) => ({ text })),
    userAnswer: row.selected,
    isCorrect: row.selected === null ? false : row.selected === row.snapshot.correctAnswer,
    correctAnswer: row.snapshot.correctAnswer,
    explanation: row.snapshot.explanation,
    regulationReference: row.snapshot.regulationReference,
    flagged: Boolean(row.flagged),
  }));
}

/**
 * A premium learner as the database before 0009 held one: written with SQL of its columns, since
 * the schema's inserts name columns later migrations add (0014's users.locale).
 */
async function legacyLearner() {
  const id = 'legacy-learner';
  const email = 'legacy@example.com';
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, email_verified, role, is_active, premium_until, created_at, updated_at)
       VALUES (?, ?, ?, 'Test', 'Pilot', 1, 'user', 1, ?, ?, ?)`,
    ).bind(id, email, await hashPassword(DEFAULT_PASSWORD), now + 86_400_000, now, now),
    env.DB.prepare('INSERT INTO user_stats (user_id, updated_at) VALUES (?, ?)').bind(id, now),
  ]);
  return { id, email, password: DEFAULT_PASSWORD };
}

describe('moving existing attempts to the compact answer storage (migration 0009)', () => {
  it('keeps every attempt, answer and score, and their reviews show the same text', async () => {
    await reset();
    await applyD1Migrations(
      env.DB,
      env.TEST_MIGRATIONS.filter((migration) => migration.name < COMPACT),
    );
    const learner = await legacyLearner();
    const now = Date.now();
    await seedLegacy(learner.id, now);

    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
    const token = await login(learner);

    const { attempt: done } = await callOk<{ attempt: AttemptDetail }>(
      '/api/quiz/attempt/old-done',
      { token },
    );
    expect(done).toMatchObject({
      status: 'completed',
      score: 66.7,
      correctCount: 2,
      answeredCount: 3,
      questionCount: 3,
    });
    expect(done.questions).toEqual(
      expectedReview('old-done').map((row) => expect.objectContaining(row)),
    );

    // The open attempt carries on: the answered question is locked, the other takes its answer.
    const { attempt: open } = await callOk<{ attempt: AttemptDetail }>(
      '/api/quiz/attempt/old-open',
      { token },
    );
    expect(open.questions[0]).toMatchObject({
      userAnswer: 1,
      isCorrect: true,
      stem: 'What does FEW mean?',
    });
    expect(open.questions[1]).toMatchObject({
      userAnswer: null,
      stem: 'Which class is uncontrolled?',
      choices: ['A', 'C', 'G', 'E'].map((text) => ({ text })),
    });
    const result = await callOk<{ correct: boolean; correctAnswer: number }>(
      '/api/quiz/attempt/old-open/answer',
      {
        token,
        body: { questionId: 'q-current', selectedIndex: 2 },
      },
    );
    expect(result).toMatchObject({ correct: true, correctAnswer: 2 });
    const { attempt: finished } = await callOk<{ attempt: AttemptDetail }>(
      '/api/quiz/attempt/old-open/finish',
      { token, body: {} },
    );
    expect(finished).toMatchObject({ status: 'completed', correctCount: 2, score: 100 });

    // The learner's record of each question was filled from the answers so far.
    const records = await env.DB.prepare(
      `SELECT q.question_id, l.times_shown, l.times_answered, l.times_correct, l.flagged
       FROM learner_questions l JOIN (SELECT DISTINCT question_seq, question_id FROM question_versions) q ON q.question_seq = l.question_seq
       WHERE l.user_id = ?1 ORDER BY q.question_id`,
    )
      .bind(learner.id)
      .all();
    expect(records.results).toEqual([
      { question_id: 'q-current', times_shown: 2, times_answered: 2, times_correct: 2, flagged: 0 },
      { question_id: 'q-edited', times_shown: 2, times_answered: 2, times_correct: 1, flagged: 1 },
      { question_id: 'q-gone', times_shown: 1, times_answered: 1, times_correct: 1, flagged: 0 },
    ]);
  });
});
