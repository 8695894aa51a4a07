/**
 * `npm run bench`: load and fault figures against the product running locally (`npm start`).
 * A script, not a timed test: the numbers depend on the machine, so the README states them with it.
 *
 * (a) Learners: 200 simulated learners for 60 s, each signing in once, then reading a module,
 *     saving progress and answering quiz questions. Reports requests, errors, p50/p99, then
 *     checks from the database that no answer or progress save was lost or counted twice, and
 *     that once the jobs Queue has drained the questions' counters grew by exactly the answers.
 * (b) Floor: the answer endpoint and module-by-slug beside a bare Hono worker on the same wrangler,
 *     at the same concurrency (16 connections), as throughput and p99 ratios; and the answer beside
 *     the same worker writing one D1 row per request (the write floor: what storing anything costs
 *     in local wrangler).
 *
 * Options (environment): PORT (learner, default 3000), API_PORT (8787), FLOOR_PORT (8799),
 * FLOOR_INSPECTOR_PORT (9399), STATE_DIR
 * (.wrangler/state), LEARNERS (200), LEARNER_SECONDS (60), FLOOR_SECONDS (20), CONNECTIONS (16),
 * PART (learners | floor: one part only), SITE_URL (where learners sign in, default the learner),
 * ATTEMPTS_AHEAD (12: attempts of 50 questions made per connection before the answers are timed).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/content.ts';
import { queryLocal } from './lib/d1.ts';
import {
  authGet,
  createLearners as createLearnersIn,
  jsonInit as jsonInitFrom,
  Recorder,
  signIn as signInAt,
  timed,
} from './lib/load.ts';
import { waitFor } from './lib/stack.ts';

const PORT = Number(process.env.PORT ?? 3000);
const API_PORT = Number(process.env.API_PORT ?? 8787);
const FLOOR_PORT = Number(process.env.FLOOR_PORT ?? 8799);
const FLOOR_INSPECTOR_PORT = Number(process.env.FLOOR_INSPECTOR_PORT ?? 9399);
const STATE_DIR = path.resolve(ROOT, process.env.STATE_DIR ?? '.wrangler/state');
const LEARNERS = Number(process.env.LEARNERS ?? 200);
const LEARNER_SECONDS = Number(process.env.LEARNER_SECONDS ?? 60);
const FLOOR_SECONDS = Number(process.env.FLOOR_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
/** Attempts of 50 questions each connection makes before the answer's timed window. */
const ATTEMPTS_AHEAD = Number(process.env.ATTEMPTS_AHEAD ?? 12);
const SITE = process.env.SITE_URL ?? `http://127.0.0.1:${PORT}`;
const API = `http://127.0.0.1:${API_PORT}`;
const jsonInit = (method: string, body: unknown, token?: string) =>
  jsonInitFrom(SITE, method, body, token);
const createLearners = (run: string, count: number) =>
  createLearnersIn(STATE_DIR, `bench-${run}`, count);
const signIn = (email: string) => signInAt(SITE, email);

type Ledger = { answers: number; progress: Map<string, number>; completed: number };

/** One learner's session: read, save progress, answer; what the server accepted is kept. */
async function learnerLoop(
  email: string,
  modules: Array<{ id: string; slug: string }>,
  until: number,
  recorder: Recorder,
  ledger: Ledger,
) {
  const token = await signIn(email);
  let attempt: { id: string; left: number } | null = null;
  let step = 0;
  while (Date.now() < until) {
    const module = modules[step % modules.length]!;
    step += 1;
    await timed(recorder, `${SITE}/api/study/slug/${module.slug}`, authGet(token));
    const progress = Math.min(100, (ledger.progress.get(module.id) ?? 0) + 7);
    const saved = await timed(
      recorder,
      `${SITE}/api/study-materials/progress/${module.id}`,
      jsonInit('PUT', { progress, timeSpent: 0.1, sectionsRead: [] }, token),
    );
    if (saved.status === 200) ledger.progress.set(module.id, saved.json.data.progress.progress);
    if (!attempt) {
      const created = await timed(
        recorder,
        `${SITE}/api/quiz/attempt`,
        jsonInit('POST', { mode: 'study', questionCount: 5 }, token),
      );
      if (created.status !== 201) continue;
      attempt = { id: created.json.data.attempt.id, left: 5 };
    }
    for (let i = 0; i < 2 && attempt.left > 0; i++) {
      const current = await timed(
        recorder,
        `${SITE}/api/quiz/attempt/${attempt.id}/question`,
        authGet(token),
      );
      if (current.status !== 200) break;
      const answered = await timed(
        recorder,
        `${SITE}/api/quiz/attempt/${attempt.id}/answer`,
        jsonInit(
          'POST',
          { questionId: current.json.data.question.id, selectedIndex: 0, timeSpent: 3 },
          token,
        ),
      );
      if (answered.status === 200) ledger.answers += 1;
      attempt.left -= 1;
      if (attempt.left > 0) {
        await timed(
          recorder,
          `${SITE}/api/quiz/attempt/${attempt.id}/navigate`,
          jsonInit('POST', { questionIndex: 5 - attempt.left }, token),
        );
      }
    }
    if (attempt.left === 0) {
      const finished = await timed(
        recorder,
        `${SITE}/api/quiz/attempt/${attempt.id}/finish`,
        jsonInit('POST', {}, token),
      );
      if (finished.status === 200) ledger.completed += 1;
      attempt = null;
    }
  }
}

async function partLearners(run: string) {
  const modules = queryLocal<{ id: string; slug: string }>(
    STATE_DIR,
    "SELECT id, slug FROM study_modules WHERE status = 'published' ORDER BY sort_order",
  );
  const emails = await createLearners(run, LEARNERS);
  const countedBefore = questionCountersTotal();
  const recorder = new Recorder();
  const ledgers = emails.map(() => ({
    answers: 0,
    progress: new Map<string, number>(),
    completed: 0,
  }));
  const started = Date.now();
  const until = started + LEARNER_SECONDS * 1000;
  // Arrivals spread over the first tenth of the run, as learners do not all sign in at once.
  await Promise.all(
    emails.map(async (email, i) => {
      await new Promise((resolve) =>
        setTimeout(resolve, (i / emails.length) * LEARNER_SECONDS * 100),
      );
      await learnerLoop(email, modules, until, recorder, ledgers[i]!);
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const figures = recorder.summary(seconds);

  // What the database holds must be exactly what the learners were told was saved.
  const [answers] = queryLocal<{ answered: number; counted: number; completed: number }>(
    STATE_DIR,
    `SELECT
       (SELECT count(*) FROM attempt_questions q JOIN quiz_attempts a ON a.seq = q.attempt_seq WHERE a.user_id LIKE 'bench-${run}-%' AND q.selected_index IS NOT NULL) AS answered,
       (SELECT coalesce(sum(answered_count), 0) FROM quiz_attempts WHERE user_id LIKE 'bench-${run}-%') AS counted,
       (SELECT count(*) FROM quiz_attempts WHERE user_id LIKE 'bench-${run}-%' AND status = 'completed') AS completed`,
  );
  // Questions' counters follow the answers through the jobs Queue: once it has drained they must
  // have grown by exactly the answers stored.
  const drained = await queueDrained();
  const countedAfter = questionCountersTotal();
  const progressRows = queryLocal<{ user_id: string; module_id: string; progress: number }>(
    STATE_DIR,
    `SELECT user_id, module_id, progress FROM study_progress WHERE user_id LIKE 'bench-${run}-%'`,
  );
  const [stats] = queryLocal<{ started: number }>(
    STATE_DIR,
    `SELECT coalesce(sum(modules_started), 0) AS started FROM user_stats WHERE user_id LIKE 'bench-${run}-%'`,
  );
  const told = ledgers.reduce((sum, l) => sum + l.answers, 0);
  const progressTold = new Map<string, number>();
  ledgers.forEach((ledger, i) => {
    for (const [moduleId, value] of ledger.progress)
      progressTold.set(`bench-${run}-${i}|${moduleId}`, value);
  });
  const progressLost = progressRows.filter(
    (row) => progressTold.get(`${row.user_id}|${row.module_id}`) !== row.progress,
  ).length;
  const checks = {
    answersLost: told - answers!.answered,
    answersCountedTwice: answers!.counted - answers!.answered,
    attemptsCompletedMismatch:
      ledgers.reduce((sum, l) => sum + l.completed, 0) - answers!.completed,
    progressRowsMismatch: progressLost + Math.abs(progressRows.length - progressTold.size),
    modulesStartedCountedTwice: stats!.started - progressRows.length,
    questionCountersMismatch: drained
      ? countedAfter - countedBefore - answers!.answered
      : `answers still pending after ${DRAIN_SECONDS} s`,
  };
  return { figures, seconds, told, checks };
}

const DRAIN_SECONDS = 60;

const questionCountersTotal = () =>
  queryLocal<{ answered: number }>(
    STATE_DIR,
    'SELECT coalesce(sum(times_answered), 0) AS answered FROM questions',
  )[0]!.answered;

/** Waits for the Queue consumer to have applied every stored answer to its question's counters. */
async function queueDrained() {
  const until = Date.now() + DRAIN_SECONDS * 1000;
  while (Date.now() < until) {
    const [row] = queryLocal<{ pending: number }>(
      STATE_DIR,
      'SELECT count(*) AS pending FROM attempt_questions WHERE counts_pending = 1',
    );
    if (row!.pending === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

/** Requests in a loop on CONNECTIONS connections; each call times only the request it names. */
async function load(
  seconds: number,
  request: (worker: number, recorder: Recorder) => Promise<void>,
) {
  const recorder = new Recorder();
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      while (Date.now() < until) await request(worker, recorder);
    }),
  );
  return recorder.summary((Date.now() - started) / 1000);
}

async function partFloor(run: string) {
  const floorState = mkdtempSync(path.join(tmpdir(), 'bench-floor-'));
  const floor = spawn(
    path.join(ROOT, 'node_modules/.bin/wrangler'),
    [
      'dev',
      '--config',
      'scripts/bench/floor.wrangler.toml',
      '--persist-to',
      floorState,
      '--port',
      String(FLOOR_PORT),
      '--ip',
      '127.0.0.1',
      '--inspector-port',
      String(FLOOR_INSPECTOR_PORT),
      '--show-interactive-dev-session=false',
    ],
    {
      cwd: ROOT,
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    },
  );
  try {
    await waitFor(`http://127.0.0.1:${FLOOR_PORT}/`, 60_000);
    await fetch(`http://127.0.0.1:${FLOOR_PORT}/setup`, { method: 'POST' });
    const [module] = queryLocal<{ slug: string }>(
      STATE_DIR,
      "SELECT slug FROM study_modules WHERE status = 'published' ORDER BY sort_order LIMIT 1",
    );
    const emails = await createLearners(`${run}f`, CONNECTIONS);
    const tokens = await Promise.all(emails.map(signIn));
    // Each connection answers its own attempts, made before the timed window (making one is
    // another endpoint's work, and would count against the answer's throughput); a fresh one
    // only if they run out.
    const queues = tokens.map(() => [] as Array<{ attemptId: string; questionId: string }>);
    const addAttempt = async (worker: number) => {
      const created = await timed(
        null,
        `${API}/api/quiz/attempt`,
        jsonInit('POST', { mode: 'study', questionCount: 50 }, tokens[worker]),
      );
      const attemptId = created.json.data.attempt.id as string;
      const detail = await timed(
        null,
        `${API}/api/quiz/attempt/${attemptId}`,
        authGet(tokens[worker]!),
      );
      for (const q of detail.json.data.attempt.questions as Array<{ questionId: string }>)
        queues[worker]!.push({ attemptId, questionId: q.questionId });
    };
    await Promise.all(
      tokens.map(async (_, worker) => {
        for (let i = 0; i < ATTEMPTS_AHEAD; i++) await addAttempt(worker);
      }),
    );
    const nextAnswer = async (worker: number) => {
      if (queues[worker]!.length === 0) await addAttempt(worker);
      return queues[worker]!.shift()!;
    };

    const bare = await load(FLOOR_SECONDS, async (_, recorder) => {
      await timed(recorder, `http://127.0.0.1:${FLOOR_PORT}/`);
    });
    const write = await load(FLOOR_SECONDS, async (_, recorder) => {
      await timed(recorder, `http://127.0.0.1:${FLOOR_PORT}/write`, { method: 'POST' });
    });
    const slug = await load(FLOOR_SECONDS, async (_, recorder) => {
      await timed(recorder, `${API}/api/study/slug/${module!.slug}`);
    });
    const answer = await load(FLOOR_SECONDS, async (worker, recorder) => {
      const { attemptId, questionId } = await nextAnswer(worker);
      await timed(
        recorder,
        `${API}/api/quiz/attempt/${attemptId}/answer`,
        jsonInit('POST', { questionId, selectedIndex: 1, timeSpent: 2 }, tokens[worker]),
      );
    });
    return { bare, write, slug, answer };
  } finally {
    try {
      process.kill(-floor.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(floorState, { recursive: true, force: true });
  }
}

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const run = randomBytes(3).toString('hex');
await waitFor(`${SITE}/api/health`, 10_000).catch(() => {
  throw new Error(`The product is not running at ${SITE}: start it with npm start.`);
});
console.info(
  `Bench ${run}: ${LEARNERS} learners for ${LEARNER_SECONDS} s, then the floor comparison (${CONNECTIONS} connections, ${FLOOR_SECONDS} s each).`,
);
const PART = process.env.PART;
let failed = false;
if (PART !== 'floor') {
  const learners = await partLearners(run);
  const f = learners.figures;
  console.info(`\n(a) ${LEARNERS} learners, ${fmt(learners.seconds)} s`);
  console.info(
    `requests: ${f.requests}  errors: ${f.errors}  throughput: ${fmt(f.perSecond)}/s  p50: ${fmt(f.p50)} ms  p99: ${fmt(f.p99)} ms`,
  );
  console.info(`answers recorded: ${learners.told}`);
  for (const [check, value] of Object.entries(learners.checks)) console.info(`${check}: ${value}`);
  failed = f.errors > 0 || Object.values(learners.checks).some((value) => value !== 0);
}

if (PART !== 'learners') {
  const floor = await partFloor(run);
  console.info(`\n(b) ${CONNECTIONS} connections, ${FLOOR_SECONDS} s each`);
  for (const [name, result] of Object.entries(floor)) {
    console.info(
      `${name.padEnd(7)} ${fmt(result.perSecond)} req/s  p50 ${fmt(result.p50)} ms  p99 ${fmt(result.p99)} ms  errors ${result.errors}`,
    );
  }
  for (const name of ['slug', 'answer'] as const) {
    const result = floor[name];
    console.info(
      `${name}: throughput ${fmt((100 * result.perSecond) / floor.bare.perSecond)} % of the floor (goal ≥ 50 %), p99 ${fmt(result.p99 / floor.bare.p99)}× the floor's (goal ≤ 3×)`,
    );
  }
  const { answer, write } = floor;
  console.info(
    `answer: throughput ${fmt((100 * answer.perSecond) / write.perSecond)} % of the write floor (one D1 row per request), p99 ${fmt(answer.p99 / write.p99)}× its p99`,
  );
}
process.exit(failed ? 1 : 0);
