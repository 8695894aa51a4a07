/**
 * The seed against a real local D1 (Miniflare, through wrangler): it loads everything, is
 * idempotent, and never overwrites a module or question an admin has edited since.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../scripts/seed.ts';
import { applyLocalMigrations, localDatabaseFile, type D1Target } from '../../scripts/lib/d1.ts';
import {
  ADVANCED_MODULES_DIR,
  ADVANCED_QUESTIONS_DIR,
  loadModules,
  loadQuestions,
  ROOT,
} from '../../scripts/lib/content.ts';

const stateDir = mkdtempSync(path.join(tmpdir(), 'seed-test-'));
const target: D1Target = { remote: false, stateDir };

/**
 * Runs statements on the database file the seed wrote through wrangler, and returns each result
 * set: read directly, as a wrangler call costs seconds. Closed before the next wrangler call opens it.
 */
function queries(...sql: string[]): unknown[][] {
  const db = new DatabaseSync(localDatabaseFile(stateDir));
  try {
    return sql.map((statement) => db.prepare(statement).all());
  } finally {
    db.close();
  }
}

const scalar = (rows: unknown[]) => Object.values(rows[0] as Record<string, unknown>)[0];

beforeAll(() => applyLocalMigrations(stateDir), 60_000);

afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

describe('the local migrations', () => {
  it('are applied in one call and recorded as wrangler records them, so wrangler finds none to apply', () => {
    const files = readdirSync(path.join(ROOT, 'migrations')).filter((f) => f.endsWith('.sql'));
    const [recorded] = queries('SELECT name FROM d1_migrations ORDER BY id');
    expect((recorded as Array<{ name: string }>).map((row) => row.name)).toEqual(files.sort());
    const listed = execFileSync(
      path.join(ROOT, 'node_modules/.bin/wrangler'),
      [
        'd1',
        'migrations',
        'list',
        'DB',
        '--local',
        '--persist-to',
        stateDir,
        '--config',
        'wrangler.toml',
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(listed).toContain('No migrations to apply');
    // A second run finds them all applied and changes nothing.
    applyLocalMigrations(stateDir);
    const [again] = queries('SELECT count(*) FROM d1_migrations');
    expect(scalar(again!)).toBe(files.length);
  }, 60_000);
});

describe('the seed', () => {
  it('loads every module, every question (Basic and Advanced) and the demo accounts, and is idempotent', async () => {
    await seed(target);
    const advancedModules = loadModules(ADVANCED_MODULES_DIR);
    const advancedQuestions = loadQuestions(ADVANCED_QUESTIONS_DIR);
    const modules = [...loadModules(), ...advancedModules];
    const questions = [...loadQuestions(), ...advancedQuestions];
    const [published, active, demo, usersTotal, html, toc, search, lastUpdate, masks, moduleMasks] =
      queries(
        "SELECT count(*) FROM study_modules WHERE status = 'published'",
        'SELECT count(*) FROM questions WHERE is_active = 1',
        "SELECT count(*) FROM users WHERE id LIKE 'demo-%'",
        "SELECT value FROM counters WHERE key = 'users.total'",
        "SELECT content_html FROM study_modules WHERE slug = 'canadian-drone-regulations'",
        "SELECT toc_json FROM study_modules WHERE slug = 'canadian-drone-regulations'",
        "SELECT count(*) FROM study_modules_fts WHERE study_modules_fts MATCH 'heliport'",
        'SELECT max(updated_at) FROM questions',
        // Issue 28: the Basic bank belongs to both exams (mask 3), the Advanced content to Advanced (2).
        'SELECT exams_mask AS mask, count(*) AS n FROM questions GROUP BY exams_mask ORDER BY exams_mask',
        'SELECT exams_mask AS mask, count(*) AS n FROM study_modules GROUP BY exams_mask ORDER BY exams_mask',
      );
    expect(masks).toEqual([
      { mask: 2, n: advancedQuestions.length },
      { mask: 3, n: questions.length - advancedQuestions.length },
    ]);
    expect(moduleMasks).toEqual([
      { mask: 2, n: advancedModules.length },
      { mask: 3, n: modules.length - advancedModules.length },
    ]);
    expect(advancedQuestions.length).toBeGreaterThan(0);
    expect(scalar(published!)).toBe(modules.filter((m) => m.status === 'published').length);
    expect(scalar(active!)).toBe(questions.length);
    expect(scalar(demo!)).toBe(3);
    expect(scalar(usersTotal!)).toBe(3);
    expect(scalar(html!)).toContain('<h1 id=');
    expect(JSON.parse(scalar(toc!) as string).length).toBeGreaterThan(5);
    expect(scalar(search!)).toBeGreaterThan(0);

    await seed(target);
    const [questionCount, moduleCount, updatedAfter, maxVersion] = queries(
      'SELECT count(*) FROM questions',
      'SELECT count(*) FROM study_modules',
      'SELECT max(updated_at) FROM questions',
      'SELECT max(version) FROM questions',
    );
    expect(scalar(questionCount!)).toBe(questions.length);
    expect(scalar(moduleCount!)).toBe(modules.length);
    expect(scalar(updatedAfter!)).toBe(scalar(lastUpdate!));
    expect(scalar(maxVersion!)).toBe(1);
  }, 240_000);

  it('never overwrites what an admin has edited, but still updates untouched rows', async () => {
    queries(
      "UPDATE questions SET question = 'Edited by an admin?', edited_at = 1, seed_hash = 'changed-upstream' WHERE id = 'airspace-001'",
      "UPDATE study_modules SET title = 'Edited title', edited_at = 1, seed_hash = 'changed-upstream' WHERE slug = 'human-factors'",
      // A row the seed wrote whose content file changed since: it must be brought up to date.
      "UPDATE questions SET question = 'Stale text?', seed_hash = 'stale' WHERE id = 'airspace-002'",
    );
    await seed(target);
    const [edited, title, refreshed, version] = queries(
      "SELECT question FROM questions WHERE id = 'airspace-001'",
      "SELECT title FROM study_modules WHERE slug = 'human-factors'",
      "SELECT question FROM questions WHERE id = 'airspace-002'",
      "SELECT version FROM questions WHERE id = 'airspace-002'",
    );
    expect(scalar(edited!)).toBe('Edited by an admin?');
    expect(scalar(title!)).toBe('Edited title');
    expect(scalar(refreshed!)).not.toBe('Stale text?');
    // Each change of what learners see is a version of its own: the stale text, then the seed's.
    expect(scalar(version!)).toBe(3);
  }, 240_000);
});
