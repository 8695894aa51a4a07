/**
 * Seeds a D1 database with the demo accounts, the study modules and the question bank.
 * Idempotent: re-running changes nothing that is already current, and never overwrites a module
 * or question an admin has edited since (edited_at is set). Runs `wrangler d1 execute` on a
 * generated SQL file: local by default (STATE_DIR), or `-- --remote` for the deployed database.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashPassword } from '../shared/src/password.ts';
import { sha256Hex, stemHash } from '../shared/src/hash.ts';
import { COUNTER_RECOMPUTE_SQL } from '../api-worker/src/db/counters.ts';
import { BASIC_CONTENT_EXAMS, examMaskOf } from '../shared/src/schemas/exam-values.ts';
import {
  ADVANCED_MODULES_DIR,
  ADVANCED_ORDER_OFFSET,
  ADVANCED_QUESTIONS_DIR,
  FRENCH_ADVANCED_MODULES_DIR,
  FRENCH_ADVANCED_QUESTIONS_DIR,
  loadFrenchModules,
  loadFrenchQuestions,
  loadModules,
  loadQuestions,
  ROOT,
} from './lib/content.ts';
import { DEMO_ACCOUNTS } from './lib/demo-accounts.ts';
import { d1Execute, publicContentChanged, type D1Target } from './lib/d1.ts';

const DAY = 86_400_000;

const q = (value: string | number | boolean | null | undefined): string => {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return `'${value.replace(/'/g, "''")}'`;
};

async function demoAccountStatements(now: number): Promise<string[]> {
  const statements: string[] = [];
  for (const [key, account] of Object.entries(DEMO_ACCOUNTS)) {
    const id = `demo-${key}`;
    const premiumUntil = account.role === 'premium' ? now + 30 * DAY : null;
    statements.push(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, email_verified, role, is_active, premium_until, last_active_at, created_at, updated_at)
VALUES (${q(id)}, ${q(account.email.toLowerCase())}, ${q(await hashPassword(account.password))}, ${q(account.firstName)}, ${q(account.lastName)}, 1, ${q(account.role)}, 1, ${q(premiumUntil)}, ${now}, ${now}, ${now})
ON CONFLICT(email) DO NOTHING;`,
      `INSERT OR IGNORE INTO user_stats (user_id, updated_at) SELECT id, ${now} FROM users WHERE email = ${q(account.email.toLowerCase())};`,
    );
    // The demo premium learner should always find premium active on a fresh start.
    if (premiumUntil) {
      statements.push(
        `UPDATE users SET premium_until = ${premiumUntil} WHERE email = ${q(account.email.toLowerCase())} AND (premium_until IS NULL OR premium_until < ${now + 7 * DAY});`,
      );
    }
  }
  if (process.env.SEED_ADMIN_PASSWORD) {
    statements.push(
      `UPDATE users SET password_hash = ${q(await hashPassword(DEMO_ACCOUNTS.admin.password))} WHERE email = ${q(DEMO_ACCOUNTS.admin.email.toLowerCase())};`,
    );
  }
  return statements;
}

/** The Basic modules, then the Advanced ones (sorted after them), with their French. */
function allModules() {
  const french = new Map([
    ...loadFrenchModules(),
    ...loadFrenchModules(FRENCH_ADVANCED_MODULES_DIR),
  ]);
  const advanced = loadModules(ADVANCED_MODULES_DIR).map((module) => ({
    ...module,
    order: ADVANCED_ORDER_OFFSET + module.order,
  }));
  return { modules: [...loadModules(), ...advanced], french };
}

async function moduleStatements(now: number): Promise<string[]> {
  const statements: string[] = [];
  const { modules, french } = allModules();
  for (const module of modules) {
    const tags = JSON.stringify(module.tags);
    const mask = examMaskOf(module.exams ?? BASIC_CONTENT_EXAMS);
    const fr = french.get(module.slug);
    // One hash over both languages: a change to either file rewrites the row (the triggers then
    // date whichever language changed, for the admin's "French older than English" mark).
    const hash = await sha256Hex(
      JSON.stringify([
        module.title,
        module.description,
        module.summary,
        tags,
        module.status,
        module.order,
        module.bodyMarkdown,
        fr ? [fr.title, fr.description, fr.summary, fr.bodyMarkdown] : null,
        // Only a module outside the Basic default hashes its exams, so the rest keep their rows.
        ...(module.exams ? [mask] : []),
      ]),
    );
    const published = module.status === 'published' ? now : null;
    // Markdown and HTML go in separate statements to stay far below D1's 100 KB statement limit.
    statements.push(
      `INSERT INTO study_modules (id, slug, title, description, summary, body_markdown, tags_json, status, sort_order, word_count, estimated_read_time, title_fr, description_fr, summary_fr, body_markdown_fr, word_count_fr, exams_mask, seed_hash, published_at, created_at, updated_at)
VALUES (${q(`module-${module.slug}`)}, ${q(module.slug)}, ${q(module.title)}, ${q(module.description)}, ${q(module.summary)}, ${q(module.bodyMarkdown)}, ${q(tags)}, ${q(module.status)}, ${module.order}, ${module.wordCount}, ${module.estimatedReadTime}, ${q(fr?.title)}, ${q(fr?.description)}, ${q(fr?.summary)}, ${q(fr?.bodyMarkdown)}, ${q(fr?.wordCount)}, ${mask}, ${q(hash)}, ${q(published)}, ${now}, ${now})
ON CONFLICT(slug) DO UPDATE SET exams_mask = excluded.exams_mask, title = excluded.title, description = excluded.description, summary = excluded.summary, body_markdown = excluded.body_markdown, tags_json = excluded.tags_json, status = excluded.status, sort_order = excluded.sort_order, word_count = excluded.word_count, estimated_read_time = excluded.estimated_read_time, title_fr = excluded.title_fr, description_fr = excluded.description_fr, summary_fr = excluded.summary_fr, body_markdown_fr = excluded.body_markdown_fr, word_count_fr = excluded.word_count_fr, seed_hash = excluded.seed_hash, updated_at = excluded.updated_at, published_at = coalesce(study_modules.published_at, excluded.published_at)
WHERE study_modules.edited_at IS NULL AND study_modules.seed_hash IS NOT excluded.seed_hash;`,
      `UPDATE study_modules SET content_html = ${q(module.contentHtml)}, toc_json = ${q(JSON.stringify(module.toc))} WHERE slug = ${q(module.slug)} AND seed_hash = ${q(hash)} AND edited_at IS NULL;`,
      `UPDATE study_modules SET content_html_fr = ${q(fr?.contentHtml)}, toc_json_fr = ${q(fr ? JSON.stringify(fr.toc) : null)} WHERE slug = ${q(module.slug)} AND seed_hash = ${q(hash)} AND edited_at IS NULL;`,
      `DELETE FROM study_module_tags WHERE module_id IN (SELECT id FROM study_modules WHERE slug = ${q(module.slug)} AND seed_hash = ${q(hash)} AND edited_at IS NULL);`,
      ...module.tags.map(
        (tag) =>
          `INSERT OR IGNORE INTO study_module_tags (module_id, tag) SELECT id, ${q(tag)} FROM study_modules WHERE slug = ${q(module.slug)} AND seed_hash = ${q(hash)} AND edited_at IS NULL;`,
      ),
    );
  }
  return statements;
}

/** The questions' columns, in the order of each row's values below. */
const QUESTION_COLUMNS =
  'id, seed_key, question, options_json, correct_answer, explanation, category, difficulty, tags_json, regulation_reference, figure_json, question_fr, options_fr_json, explanation_fr, figure_fr_json, option_explanations_json, option_explanations_fr_json, learn_more_json, exams_mask, is_active, version, seed_hash, stem_hash, created_at, updated_at';

/** A row the seed wrote is brought up to date when its content changed, unless an admin edited it. */
const QUESTION_UPSERT = `ON CONFLICT(seed_key) DO UPDATE SET exams_mask = excluded.exams_mask, question = excluded.question, options_json = excluded.options_json, correct_answer = excluded.correct_answer, explanation = excluded.explanation, category = excluded.category, difficulty = excluded.difficulty, tags_json = excluded.tags_json, regulation_reference = excluded.regulation_reference, figure_json = excluded.figure_json, question_fr = excluded.question_fr, options_fr_json = excluded.options_fr_json, explanation_fr = excluded.explanation_fr, figure_fr_json = excluded.figure_fr_json, option_explanations_json = excluded.option_explanations_json, option_explanations_fr_json = excluded.option_explanations_fr_json, learn_more_json = excluded.learn_more_json, seed_hash = excluded.seed_hash, stem_hash = excluded.stem_hash, updated_at = excluded.updated_at
WHERE questions.edited_at IS NULL AND questions.seed_hash IS NOT excluded.seed_hash;`;

/**
 * D1 refuses a statement over 100,000 bytes; a chunk of rows stays under this, with room for the
 * upsert clause. A row past it alone still goes in a statement of its own.
 */
const STATEMENT_BYTES = 90_000;

/**
 * Rows in as few multi-row statements as the size limit allows: wrangler runs a file statement by
 * statement, about 2 ms each locally (and a network call each remotely), so 920 one-row upserts
 * cost about 2 s of every seed.
 */
function multiRowStatements(head: string, rows: string[], tail: string): string[] {
  const statements: string[] = [];
  let chunk: string[] = [];
  let bytes = Buffer.byteLength(head) + Buffer.byteLength(tail);
  const flush = () => {
    if (chunk.length > 0) statements.push(`${head}\n${chunk.join(',\n')}\n${tail}`);
    chunk = [];
    bytes = Buffer.byteLength(head) + Buffer.byteLength(tail);
  };
  for (const row of rows) {
    const size = Buffer.byteLength(row) + 2;
    if (chunk.length > 0 && bytes + size > STATEMENT_BYTES) flush();
    chunk.push(row);
    bytes += size;
  }
  flush();
  return statements;
}

async function questionStatements(now: number): Promise<string[]> {
  const rows: string[] = [];
  const french = new Map([
    ...loadFrenchQuestions(),
    ...loadFrenchQuestions(FRENCH_ADVANCED_QUESTIONS_DIR),
  ]);
  for (const question of [...loadQuestions(), ...loadQuestions(ADVANCED_QUESTIONS_DIR)]) {
    const mask = examMaskOf(question.exams ?? BASIC_CONTENT_EXAMS);
    const options = JSON.stringify(question.options);
    const tags = JSON.stringify(question.tags);
    const fr = french.get(question.id);
    const optionsFr = fr ? JSON.stringify(fr.options) : null;
    const figure = question.figure ? JSON.stringify(question.figure) : null;
    const figureFr = fr?.figure ? JSON.stringify(fr.figure) : null;
    const rationales = question.optionExplanations
      ? JSON.stringify(question.optionExplanations)
      : null;
    const rationalesFr = fr?.optionExplanations ? JSON.stringify(fr.optionExplanations) : null;
    const learnMore = question.learnMore
      ? JSON.stringify({
          learnMore: question.learnMore,
          ...(question.alsoTaughtIn ? { alsoTaughtIn: question.alsoTaughtIn } : {}),
        })
      : null;
    const hash = await sha256Hex(
      JSON.stringify([
        question.question,
        options,
        question.correctAnswer,
        question.explanation,
        question.category,
        question.difficulty,
        tags,
        question.regulationReference ?? null,
        // Only a question with a figure hashes one, so the rest keep their hashes (and rows).
        fr ? [fr.question, optionsFr, fr.explanation, ...(figureFr ? [figureFr] : [])] : null,
        ...(figure ? [figure] : []),
        // Likewise the rationales and learnMore (issue 29): a changed one re-seeds the row.
        ...(rationales || rationalesFr || learnMore ? [[rationales, rationalesFr, learnMore]] : []),
        // And the exams (issue 28) of a question outside the Basic default.
        ...(question.exams ? [mask] : []),
      ]),
    );
    rows.push(
      `(${q(question.id)}, ${q(question.id)}, ${q(question.question)}, ${q(options)}, ${question.correctAnswer}, ${q(question.explanation)}, ${q(question.category)}, ${q(question.difficulty)}, ${q(tags)}, ${q(question.regulationReference)}, ${q(figure)}, ${q(fr?.question)}, ${q(optionsFr)}, ${q(fr?.explanation)}, ${q(figureFr)}, ${q(rationales)}, ${q(rationalesFr)}, ${q(learnMore)}, ${mask}, 1, 1, ${q(hash)}, ${q(await stemHash(question.question))}, ${now}, ${now})`,
    );
  }
  return multiRowStatements(
    `INSERT INTO questions (${QUESTION_COLUMNS}) VALUES`,
    rows,
    QUESTION_UPSERT,
  );
}

function counterStatements(now: number): string[] {
  return Object.entries(COUNTER_RECOMPUTE_SQL).map(
    ([key, select]) =>
      `INSERT INTO counters (key, value, updated_at) VALUES (${q(key)}, (${select}), ${now}) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at;`,
  );
}

export async function seed(target: D1Target): Promise<number> {
  const now = Date.now();
  const statements = [
    ...(target.remote ? [] : await demoAccountStatements(now)),
    ...(await moduleStatements(now)),
    ...(await questionStatements(now)),
    ...counterStatements(now),
  ];
  const dir = target.remote ? path.join(ROOT, '.wrangler') : target.stateDir;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'seed.sql');
  writeFileSync(file, `${statements.join('\n')}\n`);
  d1Execute(target, ['--file', file]);
  publicContentChanged(target);
  return statements.length;
}

if (import.meta.main) {
  const remote = process.argv.includes('--remote');
  const count = await seed(
    remote
      ? { remote }
      : { remote, stateDir: path.resolve(ROOT, process.env.STATE_DIR ?? '.wrangler/state') },
  );
  console.info(`Seeded ${remote ? 'the remote' : 'the local'} database: ${count} statements.`);
}
