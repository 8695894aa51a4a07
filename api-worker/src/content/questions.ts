import { Hono } from 'hono';
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { masksWith } from '@drone-exam/shared/schemas/exam-values';
import { pagination } from '@drone-exam/shared/api';
import { stemHash } from '@drone-exam/shared/hash';
import { questionsToAiken } from '@drone-exam/shared/question-aiken';
import { questionsToGift } from '@drone-exam/shared/question-gift';
import {
  questionsToCsv,
  toExportedQuestion,
  type ExportedQuestion,
} from '@drone-exam/shared/question-import';
import {
  ExportFormatSchema,
  FRENCH_OPTIONS_MISMATCH,
  QuestionFrenchSchema,
  QuestionInputSchema,
  QuestionListQuerySchema,
  type Question,
  QUESTION_READ_ONLY,
} from '@drone-exam/shared/schemas/content';
import {
  FRENCH_FIGURE_CONTENT_FOR_SVG,
  FRENCH_FIGURE_WITHOUT_FIGURE,
  parseFigure,
  type QuestionFigure,
} from '@drone-exam/shared/schemas/figure';
import { truncate } from '@drone-exam/shared/text';
import { contentChanged } from './public-cache.ts';
import type { AppEnv } from '../env.ts';
import type { Db } from '../db/client.ts';
import { counters, questions } from '../db/schema.ts';
import { bumpCounter, recordActivity } from '../lib/events.ts';
import { ApiError, keepsReadOnly, notFound, ok, validate, validateUpdate } from '../lib/http.ts';
import { newId } from '../lib/ids.ts';
import { ftsQuery } from '../lib/search.ts';
import { utcDay } from '../lib/time.ts';
import { questionImportRoutes } from './import.ts';
import { moduleSections, questionSectionsQuery, unresolvedLearnMore } from './learn-more.ts';
import { questionColumns, toAdminQuestion } from './question-store.ts';

const QUESTION_NOT_FOUND = 'Question not found';

function duplicateQuestion() {
  const message = 'This question is already in the bank';
  return new ApiError(409, message, 'DUPLICATE_QUESTION', { question: message });
}

/** A learnMore (or alsoTaughtIn) must lead to a heading of its module (issue 29). */
function checkLearnMore(input: Question, modules: Array<{ slug: string; tocJson: string }>) {
  const problem = unresolvedLearnMore(input, moduleSections([modules]));
  if (problem) {
    throw new ApiError(400, problem.message, 'VALIDATION_ERROR', {
      [problem.field]: problem.message,
    });
  }
}

function questionActivity(db: Db, adminId: string, title: string, questionId: string, now: number) {
  return recordActivity(
    db,
    { userId: adminId, type: 'admin_action', title, metadata: { questionId } },
    now,
  );
}

/** Each export format: its content type, file name ending and writer. */
const EXPORTS = {
  json: {
    type: 'application/json; charset=utf-8',
    extension: 'json',
    write: (bank: ExportedQuestion[]) => `${JSON.stringify(bank, null, 2)}\n`,
  },
  csv: { type: 'text/csv; charset=utf-8', extension: 'csv', write: questionsToCsv },
  gift: { type: 'text/plain; charset=utf-8', extension: 'gift', write: questionsToGift },
  // Moodle reads Aiken from .txt; the ".aiken" before it lets the console tell it from GIFT.
  aiken: { type: 'text/plain; charset=utf-8', extension: 'aiken.txt', write: questionsToAiken },
} as const;

/**
 * The question bank (/api/admin/questions): list, export, bulk import, and one question's
 * create, read, edit and delete. Edits bump the version and never touch past attempts, which keep
 * their own snapshot of each question (attempt_questions holds no reference that a delete breaks).
 */
export const adminQuestionRoutes = new Hono<AppEnv>()
  .route('/', questionImportRoutes)
  .get('/', validate('query', QuestionListQuerySchema), async (c) => {
    const { page, limit, search, category, difficulty, exam } = c.req.valid('query');
    const db = c.var.db;
    const match = search ? ftsQuery(search) : null;
    const conditions: SQL[] = [];
    if (exam) conditions.push(inArray(questions.examsMask, masksWith(exam)));
    if (category) conditions.push(eq(questions.category, category));
    if (difficulty) conditions.push(eq(questions.difficulty, difficulty));
    if (match) {
      conditions.push(
        sql`${questions}.rowid IN (SELECT rowid FROM questions_fts WHERE questions_fts MATCH ${match})`,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    // The whole bank's size is a counter kept on write; a filtered total is counted by index.
    const [rows, total] = await db.batch([
      db
        .select()
        .from(questions)
        .where(where)
        .orderBy(desc(questions.updatedAt))
        .limit(limit)
        .offset((page - 1) * limit),
      where
        ? db.select({ value: count() }).from(questions).where(where)
        : db
            .select({ value: counters.value })
            .from(counters)
            .where(eq(counters.key, 'questions.total')),
    ]);
    return ok(c, {
      questions: rows.map(toAdminQuestion),
      pagination: pagination(page, limit, total[0]?.value ?? 0),
    });
  })
  .get('/export', validate('query', ExportFormatSchema), async (c) => {
    const { format, category } = c.req.valid('query');
    const rows = await c.var.db
      .select()
      .from(questions)
      .where(category ? eq(questions.category, category) : undefined)
      .orderBy(asc(questions.id));
    const bank = rows.map((row) => toExportedQuestion(toAdminQuestion(row)));
    const { type, extension, write } = EXPORTS[format];
    const name = `question-bank${category ? `-${category}` : ''}-${utcDay(Date.now())}`;
    return c.body(write(bank), 200, {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${name}.${extension}"`,
    });
  })
  .get('/:id', async (c) => {
    const [row] = await c.var.db
      .select()
      .from(questions)
      .where(eq(questions.id, c.req.param('id')));
    if (!row) throw notFound(QUESTION_NOT_FOUND);
    return ok(c, { question: toAdminQuestion(row) });
  })
  .post('/', validate('json', QuestionInputSchema), async (c) => {
    const input = c.req.valid('json');
    const db = c.var.db;
    const hash = await stemHash(input.question);
    const [duplicates, modules] = await db.batch([
      db.select({ id: questions.id }).from(questions).where(eq(questions.stemHash, hash)).limit(1),
      questionSectionsQuery(db, input),
    ]);
    if (duplicates.length > 0) throw duplicateQuestion();
    checkLearnMore(input, modules);
    const now = Date.now();
    const id = newId();
    const [inserted] = await db.batch([
      db
        .insert(questions)
        .values({ id, ...questionColumns(input, hash), version: 1, createdAt: now, updatedAt: now })
        .returning(),
      bumpCounter(db, 'questions.total', 1),
      bumpCounter(db, 'questions.active', input.isActive ? 1 : 0),
      questionActivity(
        db,
        c.var.auth!.userId,
        `Added question "${truncate(input.question, 80)}"`,
        id,
        now,
      ),
    ]);
    await contentChanged(c.env);
    return ok(c, { question: toAdminQuestion(inserted[0]!) }, 201);
  })
  .put('/:id', validateUpdate(QuestionInputSchema, QUESTION_READ_ONLY), async (c) => {
    const { changes: input, kept } = c.req.valid('json');
    const db = c.var.db;
    const id = c.req.param('id');
    const hash = await stemHash(input.question);
    const [found, duplicates, modules] = await db.batch([
      db.select().from(questions).where(eq(questions.id, id)),
      db
        .select({ id: questions.id })
        .from(questions)
        .where(and(eq(questions.stemHash, hash), ne(questions.id, id)))
        .limit(1),
      questionSectionsQuery(db, input),
    ]);
    const existing = found[0];
    if (!existing) throw notFound(QUESTION_NOT_FOUND);
    keepsReadOnly(kept, toAdminQuestion(existing), QUESTION_READ_ONLY);
    if (duplicates.length > 0) throw duplicateQuestion();
    checkLearnMore(input, modules);
    const now = Date.now();
    const activeChange = Number(input.isActive) - Number(existing.isActive);
    // A change to what learners see makes a new version (a trigger, migration 0009), so the row
    // is read back after the update rather than returned by it.
    const [, , updated] = await db.batch([
      db
        .update(questions)
        .set({
          ...questionColumns(input, hash),
          // The figure's French follows the figure: gone with it, and a report keeps no French copy.
          figureFrJson: !input.figure
            ? null
            : input.figure.kind === 'svg'
              ? sql`${questions.figureFrJson}`
              : sql`json_remove(${questions.figureFrJson}, '$.content')`,
          editedAt: now,
          updatedAt: now,
        })
        .where(eq(questions.id, id)),
      bumpCounter(db, 'questions.active', activeChange),
      db.select().from(questions).where(eq(questions.id, id)),
    ]);
    await contentChanged(c.env);
    return ok(c, { question: toAdminQuestion(updated[0]!) });
  })
  /**
   * The question's French (issue 19): the options one for one with the English, in its order.
   * Like an English edit, it makes a new kept version and marks the row edited for the seed.
   */
  .put('/:id/french', validate('json', QuestionFrenchSchema), async (c) => {
    const input = c.req.valid('json');
    const db = c.var.db;
    const id = c.req.param('id');
    const [existing] = await db
      .select({ optionsJson: questions.optionsJson, figureJson: questions.figureJson })
      .from(questions)
      .where(eq(questions.id, id));
    if (!existing) throw notFound(QUESTION_NOT_FOUND);
    if ((JSON.parse(existing.optionsJson) as string[]).length !== input.options.length) {
      throw new ApiError(400, FRENCH_OPTIONS_MISMATCH, 'VALIDATION_ERROR', {
        options: FRENCH_OPTIONS_MISMATCH,
      });
    }
    const figure = parseFigure<QuestionFigure>(existing.figureJson);
    const figureProblem = !input.figure
      ? null
      : !figure
        ? FRENCH_FIGURE_WITHOUT_FIGURE
        : input.figure.content !== undefined && figure.kind !== 'svg'
          ? FRENCH_FIGURE_CONTENT_FOR_SVG
          : null;
    if (figureProblem) {
      throw new ApiError(400, figureProblem, 'VALIDATION_ERROR', { figure: figureProblem });
    }
    const now = Date.now();
    const [, updated] = await db.batch([
      db
        .update(questions)
        .set({
          questionFr: input.question,
          optionsFrJson: JSON.stringify(input.options),
          explanationFr: input.explanation,
          figureFrJson: input.figure ? JSON.stringify(input.figure) : null,
          optionExplanationsFrJson: input.optionExplanations
            ? JSON.stringify(input.optionExplanations)
            : null,
          editedAt: now,
          updatedAt: now,
        })
        .where(eq(questions.id, id)),
      db.select().from(questions).where(eq(questions.id, id)),
      questionActivity(db, c.var.auth!.userId, 'Edited the French of a question', id, now),
    ]);
    await contentChanged(c.env);
    return ok(c, { question: toAdminQuestion(updated[0]!) });
  })
  .delete('/:id', async (c) => {
    const db = c.var.db;
    const id = c.req.param('id');
    const [existing] = await db
      .select({ question: questions.question, isActive: questions.isActive })
      .from(questions)
      .where(eq(questions.id, id));
    if (!existing) throw notFound(QUESTION_NOT_FOUND);
    const now = Date.now();
    await db.batch([
      db.delete(questions).where(eq(questions.id, id)),
      bumpCounter(db, 'questions.total', -1),
      bumpCounter(db, 'questions.active', existing.isActive ? -1 : 0),
      questionActivity(
        db,
        c.var.auth!.userId,
        `Deleted question "${truncate(existing.question, 80)}"`,
        id,
        now,
      ),
    ]);
    await contentChanged(c.env);
    return ok(c, { id });
  });
