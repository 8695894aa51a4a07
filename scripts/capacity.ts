/**
 * `npm run capacity`: how many learners one D1 database holds, measured rather than estimated.
 * Starts the product on its own ports with a fresh local database (as `npm start` does), has
 * synthetic learners answer ANSWERS_PER_LEARNER questions each through the API (the product's
 * own insert paths: quizzes started, answered, finished), stops it, and reads SQLite's dbstat:
 *
 *   bytes per answer: N                    attempt_questions, row plus indexes, per answer
 *   bytes per learner at 1,000 answers: N  every per-learner table and index, per learner
 *   learners per 10 GB database: N
 *
 * Options (environment): LEARNERS (default 12), ANSWERS_PER_LEARNER (1000), CONCURRENCY (12).
 */
import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { ROOT } from './lib/content.ts';
import { authGet, createLearners, jsonInit, signIn, timed } from './lib/load.ts';
import { startStack } from './lib/stack.ts';
import { BOOKKEEPING_RETENTION_DAYS } from '../api-worker/src/admin/constants.ts';

const LEARNERS = Number(process.env.LEARNERS ?? 12);
const ANSWERS = Number(process.env.ANSWERS_PER_LEARNER ?? 1000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 12);
const DATABASE_BYTES = 10_000_000_000;
const QUESTIONS_PER_ATTEMPT = 25;

/** Issue 15: an answer row with its indexes costs at most this. */
const MAX_BYTES_PER_ANSWER = 150;
/** The tables that grow with each learner (their indexes are counted with them). */
const PER_LEARNER_TABLES = [
  'users',
  'user_stats',
  'sessions',
  'quiz_attempts',
  'attempt_questions',
  'learner_questions',
  'learner_categories',
  'learner_plans',
  'learner_days',
  'learner_streaks',
  'study_progress',
];
/** Raw bookkeeping that also grows, but is deleted after BOOKKEEPING_RETENTION_DAYS. */
const BOOKKEEPING_TABLES = ['analytics_events', 'activities', 'emails'];

const stateDir = path.join(ROOT, '.wrangler', 'capacity-state');
rmSync(stateDir, { recursive: true, force: true });
console.info(`Starting a fresh product for ${LEARNERS} learners × ${ANSWERS} answers…`);
const stack = await startStack({
  port: 3300,
  adminPort: 3301,
  apiPort: 3302,
  inspectorPort: 9360,
  stateDir,
  build: process.env.SKIP_BUILD !== '1',
});
const site = stack.learnerUrl;

/**
 * One learner answers until they reach ANSWERS: study quizzes of 25, each finished, alternating
 * between the Basic and the Advanced exam (issue 28), as a learner preparing for both does.
 */
async function answerAll(email: string): Promise<number> {
  const token = await signIn(site, email);
  let answered = 0;
  let attempts = 0;
  while (answered < ANSWERS) {
    const size = Math.max(5, Math.min(QUESTIONS_PER_ATTEMPT, ANSWERS - answered));
    const exam = attempts++ % 2 === 0 ? 'basic' : 'advanced';
    const created = await timed(
      null,
      `${site}/api/quiz/attempt`,
      jsonInit(site, 'POST', { mode: 'study', questionCount: size, exam }, token),
    );
    if (created.status !== 201) throw new Error(`starting a quiz: ${created.status}`);
    const id = created.json.data.attempt.id as string;
    const detail = await timed(null, `${site}/api/quiz/attempt/${id}`, authGet(token));
    const questions = detail.json.data.attempt.questions as Array<{
      questionId: string;
      choices: unknown[];
    }>;
    for (const [i, question] of questions.entries()) {
      const result = await timed(
        null,
        `${site}/api/quiz/attempt/${id}/answer`,
        jsonInit(
          site,
          'POST',
          {
            questionId: question.questionId,
            selectedIndex: (i * 7) % question.choices.length,
            timeSpent: 20,
          },
          token,
        ),
      );
      if (result.status !== 200) throw new Error(`answering: ${result.status}`);
      answered += 1;
    }
    await timed(null, `${site}/api/quiz/attempt/${id}/finish`, jsonInit(site, 'POST', {}, token));
  }
  return answered;
}

/** The local D1 file; a copy taken before the learners is what their growth is measured from. */
const d1Dir = path.join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
const databaseFile = path.join(
  d1Dir,
  readdirSync(d1Dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite')!,
);
const baselineFile = path.join(stateDir, 'baseline.sqlite');
for (const suffix of ['', '-wal']) {
  if (existsSync(databaseFile + suffix)) copyFileSync(databaseFile + suffix, baselineFile + suffix);
}
const baseline = tableSizes(baselineFile).sizes;

let answers = 0;
try {
  const emails = await createLearners(stateDir, 'capacity', LEARNERS);
  const started = Date.now();
  const queue = [...emails];
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, emails.length) }, async () => {
      for (let email = queue.shift(); email; email = queue.shift()) {
        // Awaited first: `answers += await …` would read answers before another learner added to it.
        const done = await answerAll(email);
        answers += done;
      }
    }),
  );
  console.info(`${answers} answers in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
} finally {
  await stack.stop();
}

/** Bytes in use per table, its indexes included (dbstat names each index; sqlite_schema says whose). */
function tableSizes(file: string) {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const rows = db
    .prepare(
      `SELECT coalesce(s.tbl_name, d.name) AS owner, sum(d.pgsize) AS bytes
       FROM dbstat d LEFT JOIN sqlite_schema s ON s.name = d.name GROUP BY owner`,
    )
    .all() as Array<{ owner: string; bytes: number }>;
  const counts = db
    .prepare(
      `SELECT (SELECT count(*) FROM users WHERE id LIKE 'capacity-%') AS learners,
              (SELECT count(*) FROM attempt_questions WHERE selected_index IS NOT NULL) AS stored`,
    )
    .get() as { learners: number; stored: number };
  db.close();
  return { sizes: new Map(rows.map((row) => [row.owner, row.bytes])), ...counts };
}

const after = tableSizes(databaseFile);
if (after.stored !== answers)
  throw new Error(`the API answered ${answers} times but ${after.stored} answers are stored`);
const grown = (table: string) => (after.sizes.get(table) ?? 0) - (baseline.get(table) ?? 0);
const bytesOf = (tables: string[]) => tables.reduce((sum, table) => sum + grown(table), 0);
const perAnswer = grown('attempt_questions') / after.stored;
const perLearner = (bytesOf(PER_LEARNER_TABLES) / after.learners) * (1000 / ANSWERS);
console.info('');
for (const table of [...PER_LEARNER_TABLES, ...BOOKKEEPING_TABLES]) {
  console.info(`  ${table.padEnd(20)} ${String(grown(table)).padStart(10)} bytes`);
}
console.info(
  `  bookkeeping per learner (deleted after ${BOOKKEEPING_RETENTION_DAYS} days): ${Math.round(bytesOf(BOOKKEEPING_TABLES) / after.learners)} bytes`,
);
console.info('');
console.info(`bytes per answer: ${Math.round(perAnswer)}`);
console.info(`bytes per learner at 1,000 answers: ${Math.round(perLearner)}`);
console.info(`learners per 10 GB database: ${Math.floor(DATABASE_BYTES / perLearner)}`);
if (perAnswer > MAX_BYTES_PER_ANSWER) {
  console.error(`An answer costs more than the ${MAX_BYTES_PER_ANSWER} bytes issue 15 allows`);
  process.exitCode = 1;
}
