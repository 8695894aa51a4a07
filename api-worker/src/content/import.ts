import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import {
  checkParsedImport,
  errorAt,
  formatRowError,
  importRejectedMessage,
  parseTextImport,
  rowErrorKey,
  textImportRejectedMessage,
  validateImportRows,
  type ImportRowError,
} from '@drone-exam/shared/question-import';
import {
  BulkImportSchema,
  type BulkImportBody,
  type BulkImportResult,
  type ImportJob,
  type Question,
} from '@drone-exam/shared/schemas/content';
import { contentChanged } from './public-cache.ts';
import type { AppEnv } from '../env.ts';
import type { Db } from '../db/client.ts';
import { importJobs } from '../db/schema.ts';
import { ApiError, notFound, ok, validate } from '../lib/http.ts';
import { newId } from '../lib/ids.ts';
import { recordActivity } from '../lib/events.ts';
import { iso } from '../lib/time.ts';
import { D1_MAX_PARAMS, chunk } from './batch.ts';
import { runBatch } from '../db/batch.ts';
import {
  moduleSectionQueries,
  moduleSections,
  readModuleSections,
  unresolvedLearnMore,
  type ModuleSections,
} from './learn-more.ts';
import {
  DUPLICATE_QUESTION,
  existingStemQueries,
  importStatements,
  stemHashes,
} from './question-store.ts';
import { IMPORT_SYNC_MAX_QUESTIONS } from '@drone-exam/shared/schemas/content-values';

/** The job keeps the checked file in one D1 row, which D1 caps at 2 MB. */
const IMPORT_JOB_MAX_BYTES = 1_900_000;
/** After this many deliveries the Queue gives up, so the job is marked failed for the admin. */
const IMPORT_JOB_MAX_ATTEMPTS = 5;

/** Why a file was refused: its message, and each failing row's or line's message in `fields`. */
function importRejected(message: string, errors: readonly ImportRowError[], status: 400 | 409) {
  const fields = Object.fromEntries(errors.map((error) => [rowErrorKey(error), error.message]));
  return new ApiError(
    status,
    message,
    status === 409 ? 'DUPLICATE_QUESTIONS' : 'IMPORT_INVALID',
    fields,
  );
}

function duplicatesRejected(errors: readonly ImportRowError[], total: number, lines: boolean) {
  const unit = lines ? (total === 1 ? 'question' : 'questions') : total === 1 ? 'row' : 'rows';
  const verb = errors.length === 1 ? 'is' : 'are';
  return importRejected(
    `${errors.length} of ${total} ${unit} ${verb} already in the bank, so nothing was imported`,
    errors,
    409,
  );
}

/**
 * Errors for the questions whose stem the bank already holds; `first` is the index of hashes[0]
 * in the file, and `lines` (GIFT and Aiken) names each question by its line.
 */
function duplicateErrors(
  hashes: readonly string[],
  found: ReadonlyArray<ReadonlyArray<{ stemHash: string }>>,
  first = 0,
  lines?: readonly number[],
): ImportRowError[] {
  const existing = new Set(found.flat().map((row) => row.stemHash));
  return hashes.flatMap((hash, i) =>
    existing.has(hash) ? [errorAt(first + i, DUPLICATE_QUESTION, lines)] : [],
  );
}

type ModuleRows = Array<Array<{ slug: string; tocJson: string }>>;

/** Rows whose learnMore or alsoTaughtIn names no heading of its module (issue 29). */
function learnMoreErrors(
  list: readonly Question[],
  sections: ModuleSections,
  lines?: readonly number[],
): ImportRowError[] {
  return list.flatMap((question, i) => {
    const problem = unresolvedLearnMore(question, sections);
    return problem ? [errorAt(i, problem.message, lines)] : [];
  });
}

/**
 * The checked questions of either body: rows sent by the console, or a GIFT or Aiken file's text
 * parsed here with the console's own reader. Any error refuses the whole file.
 */
function checkedImport(body: BulkImportBody): { list: Question[]; lines?: number[] } {
  if ('questions' in body) {
    const { questions: list, errors } = validateImportRows(body.questions);
    if (errors.length > 0) {
      throw importRejected(
        importRejectedMessage(errors.length, body.questions.length),
        errors,
        400,
      );
    }
    return { list };
  }
  const parsed = parseTextImport(body.format, body.content, body.category);
  if (!parsed.ok) throw new ApiError(400, parsed.error, 'IMPORT_INVALID');
  const { questions: list, errors, rejection } = checkParsedImport(parsed);
  if (errors.length > 0) throw importRejected(rejection, errors, 400);
  return { list, lines: parsed.lines };
}

/** A queued job's file: the checked questions, with their lines when it was a text file. */
type ImportPayload = Question[] | { questions: Question[]; lines: number[] };

function readPayload(json: string): { rows: unknown[]; lines?: number[] } {
  const payload = JSON.parse(json) as ImportPayload;
  return Array.isArray(payload)
    ? { rows: payload }
    : { rows: payload.questions, lines: payload.lines };
}

function importActivity(db: Db, adminId: string, count: number, now: number) {
  return recordActivity(
    db,
    {
      userId: adminId,
      type: 'admin_action',
      title: `Imported ${count} questions into the bank`,
      metadata: { count },
    },
    now,
  );
}

function toImportJob(row: typeof importJobs.$inferSelect): ImportJob {
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    processed: row.processed,
    successful: row.successful,
    failed: row.failed,
    errors: JSON.parse(row.errorsJson) as string[],
    createdAt: iso(row.createdAt)!,
    completedAt: iso(row.completedAt),
  };
}

/**
 * POST /api/admin/questions/bulk-import {questions} or {format, content, category?}: every row
 * is checked again here (a GIFT or Aiken file is parsed here first), then the whole file is
 * written in one batch, or nothing is. Files above IMPORT_SYNC_MAX_QUESTIONS become a Queue job
 * (still all or nothing) whose progress GET /import-jobs/:id reports.
 */
export const questionImportRoutes = new Hono<AppEnv>()
  .post('/bulk-import', validate('json', BulkImportSchema), async (c) => {
    const { list, lines } = checkedImport(c.req.valid('json'));
    const db = c.var.db;
    const adminId = c.var.auth!.userId;
    const now = Date.now();

    if (list.length > IMPORT_SYNC_MAX_QUESTIONS) {
      const payload: ImportPayload = lines ? { questions: list, lines } : list;
      const payloadJson = JSON.stringify(payload);
      if (new TextEncoder().encode(payloadJson).length > IMPORT_JOB_MAX_BYTES) {
        throw new ApiError(
          413,
          'This file is too large to import at once. Split it into smaller files.',
          'IMPORT_TOO_LARGE',
        );
      }
      const id = newId();
      const [created] = await db
        .insert(importJobs)
        .values({
          id,
          createdBy: adminId,
          status: 'queued',
          total: list.length,
          payloadJson,
          createdAt: now,
        })
        .returning();
      try {
        await c.env.JOBS.send({ type: 'question-import', jobId: id });
      } catch (error) {
        await db
          .update(importJobs)
          .set({ status: 'failed', payloadJson: null, completedAt: Date.now() })
          .where(eq(importJobs.id, id));
        throw error;
      }
      return ok(c, { job: toImportJob(created!) }, 202);
    }

    const hashes = await stemHashes(list);
    const stemQueries = existingStemQueries(db, hashes);
    const sectionQueries = moduleSectionQueries(db, list);
    const [first, ...more] = [...stemQueries, ...sectionQueries];
    const found = first ? await db.batch([first, ...more]) : [];
    const learnMoreProblems = learnMoreErrors(
      list,
      moduleSections(found.slice(stemQueries.length) as ModuleRows),
      lines,
    );
    if (learnMoreProblems.length > 0) {
      throw importRejected(
        lines
          ? textImportRejectedMessage(learnMoreProblems.length)
          : importRejectedMessage(learnMoreProblems.length, list.length),
        learnMoreProblems,
        400,
      );
    }
    const stemRows = found.slice(0, stemQueries.length) as Array<Array<{ stemHash: string }>>;
    const duplicates = duplicateErrors(hashes, stemRows, 0, lines);
    if (duplicates.length > 0) throw duplicatesRejected(duplicates, list.length, Boolean(lines));
    await runBatch(db, [
      ...importStatements(db, list, hashes, now),
      importActivity(db, adminId, list.length, now),
    ]);
    const result: BulkImportResult = { successful: list.length, failed: 0, errors: [] };
    await contentChanged(c.env);
    return ok(c, result);
  })
  .get('/import-jobs/:id', async (c) => {
    const [row] = await c.var.db
      .select()
      .from(importJobs)
      .where(eq(importJobs.id, c.req.param('id')));
    if (!row) throw notFound('Import job not found');
    return ok(c, { job: toImportJob(row) });
  });

async function finishFailed(db: Db, jobId: string, errors: ImportRowError[]) {
  await db
    .update(importJobs)
    .set({
      status: 'failed',
      failed: errors.length,
      errorsJson: JSON.stringify(errors.map(formatRowError)),
      payloadJson: null,
      completedAt: Date.now(),
    })
    .where(eq(importJobs.id, jobId));
}

/**
 * The Queue side of a large import: checks the rows against the bank a chunk at a time, recording
 * how many it has checked, then writes every question together with the job's completion in one
 * batch, so a retried delivery either finds the job done or starts over with nothing written.
 */
export async function runQuestionImport(db: Db, jobId: string, attempt: number) {
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, jobId));
  if (!job?.payloadJson || job.status === 'completed' || job.status === 'failed') return;
  try {
    await db
      .update(importJobs)
      .set({ status: 'running', processed: 0 })
      .where(eq(importJobs.id, jobId));
    const { rows, lines } = readPayload(job.payloadJson);
    const { questions: list, errors } = validateImportRows(rows, lines);
    if (errors.length > 0) return await finishFailed(db, jobId, errors);
    const learnMoreProblems = learnMoreErrors(list, await readModuleSections(db, list), lines);
    if (learnMoreProblems.length > 0) return await finishFailed(db, jobId, learnMoreProblems);

    const hashes = await stemHashes(list);
    const duplicates: ImportRowError[] = [];
    let checked = 0;
    for (const part of chunk(hashes, D1_MAX_PARAMS)) {
      const [found] = await db.batch([
        existingStemQueries(db, part)[0]!,
        db
          .update(importJobs)
          .set({ processed: checked + part.length })
          .where(eq(importJobs.id, jobId)),
      ]);
      duplicates.push(...duplicateErrors(part, [found], checked, lines));
      checked += part.length;
    }
    if (duplicates.length > 0) return await finishFailed(db, jobId, duplicates);

    const now = Date.now();
    await runBatch(db, [
      ...importStatements(db, list, hashes, now),
      importActivity(db, job.createdBy, list.length, now),
      db
        .update(importJobs)
        .set({
          status: 'completed',
          processed: list.length,
          successful: list.length,
          failed: 0,
          errorsJson: '[]',
          payloadJson: null,
          completedAt: now,
        })
        .where(eq(importJobs.id, jobId)),
    ]);
  } catch (error) {
    if (attempt >= IMPORT_JOB_MAX_ATTEMPTS) {
      await db
        .update(importJobs)
        .set({
          status: 'failed',
          errorsJson: JSON.stringify(['The import could not be written. Please try again.']),
          payloadJson: null,
          completedAt: Date.now(),
        })
        .where(eq(importJobs.id, jobId));
    }
    throw error;
  }
}
