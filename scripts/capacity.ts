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
 * Each learner also does what a learner of both exams keeps besides answers: the flight review
 * kit filled (nine exercises done, the three documents written), one phone subscribed to push
 * reminders and one class joined. The counters (per exam included) are a few fixed rows, not per
 * learner, and are left out.
 *
 * Options (environment): LEARNERS (default 12), ANSWERS_PER_LEARNER (1000), CONCURRENCY (12).
 */
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { ROOT } from './lib/content.ts';
import { authGet, createLearners, jsonInit, signIn, timed } from './lib/load.ts';
import { localDatabaseFile } from './lib/d1.ts';
import { startStack } from './lib/stack.ts';
import { BOOKKEEPING_RETENTION_DAYS } from '../api-worker/src/admin/constants.ts';
import {
  EMERGENCY_PROCEDURES,
  FLIGHT_REVIEW_EXERCISE_IDS,
  NORMAL_PROCEDURES,
  SITE_SURVEY_FACTORS,
} from '../shared/src/schemas/flight-review-values.ts';

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
  // Issues 28 and 30: the flight review kit, a phone's push subscription, a class membership.
  'flight_review_exercises',
  'flight_review_documents',
  'push_subscriptions',
  'class_members',
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

/**
 * A learner's written answer on a document field: two sentences (about 170 characters), as a
 * filled form holds; a field may take up to FLIGHT_REVIEW_NOTE_MAX, which few will write.
 */
const NOTE =
  'Checked on the morning of the flight against the site survey and the manufacturer’s manual. ' +
  'The visual observer confirms the area is clear before every take-off.';
const DOCUMENTS = {
  'site-survey': {
    siteName: 'Riverside field, north of the bridge',
    surveyDate: '2026-11-20',
    operationalVolume: NOTE,
    ...Object.fromEntries(SITE_SURVEY_FACTORS.map((field) => [field, NOTE])),
  },
  'normal-procedures': Object.fromEntries(NORMAL_PROCEDURES.map((field) => [field, NOTE])),
  'emergency-procedures': Object.fromEntries(EMERGENCY_PROCEDURES.map((field) => [field, NOTE])),
};

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** The rest of a learner's own rows: the flight review kit, a push subscription, a class. */
async function keepTheRest(email: string, classCode: string) {
  const token = await signIn(site, email);
  const send = async (method: string, route: string, body: unknown, expected: number[]) => {
    const result = await timed(null, `${site}/api${route}`, jsonInit(site, method, body, token));
    if (!expected.includes(result.status)) throw new Error(`${method} ${route}: ${result.status}`);
  };
  for (const id of FLIGHT_REVIEW_EXERCISE_IDS) {
    await send('PUT', `/flight-review/exercises/${id}`, { done: true }, [200]);
  }
  for (const [kind, fields] of Object.entries(DOCUMENTS)) {
    await send('PUT', `/flight-review/documents/${kind}`, fields, [200]);
  }
  const p256dh = crypto.getRandomValues(new Uint8Array(65));
  p256dh[0] = 4;
  await send(
    'POST',
    '/push/subscriptions',
    {
      // The length of a real FCM endpoint.
      endpoint: `https://fcm.googleapis.com/fcm/send/${base64url(crypto.getRandomValues(new Uint8Array(105)))}`,
      keys: {
        p256dh: base64url(p256dh),
        auth: base64url(crypto.getRandomValues(new Uint8Array(16))),
      },
      hour: 18,
      timeZone: 'America/Toronto',
    },
    [200, 201],
  );
  await send('POST', '/classes/join', { code: classCode, consent: true }, [200, 201]);
}

/** The local D1 file; a copy taken before the learners is what their growth is measured from. */
const databaseFile = localDatabaseFile(stateDir);
const baselineFile = path.join(stateDir, 'baseline.sqlite');
for (const suffix of ['', '-wal']) {
  if (existsSync(databaseFile + suffix)) copyFileSync(databaseFile + suffix, baselineFile + suffix);
}
const baseline = tableSizes(baselineFile).sizes;

let answers = 0;
try {
  const emails = await createLearners(stateDir, 'capacity', LEARNERS);
  // One instructor's class, which every learner joins (the class row itself is the instructor's).
  const [instructor] = await createLearners(stateDir, 'instructor', 1);
  const created = await timed(
    null,
    `${site}/api/classes`,
    jsonInit(
      site,
      'POST',
      { name: 'Capacity class', exam: 'advanced' },
      await signIn(site, instructor!),
    ),
  );
  if (created.status !== 201) throw new Error(`creating a class: ${created.status}`);
  const classCode = created.json.data.class.code as string;
  const started = Date.now();
  const queue = [...emails];
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, emails.length) }, async () => {
      for (let email = queue.shift(); email; email = queue.shift()) {
        // Awaited first: `answers += await …` would read answers before another learner added to it.
        const done = await answerAll(email);
        answers += done;
        await keepTheRest(email, classCode);
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
