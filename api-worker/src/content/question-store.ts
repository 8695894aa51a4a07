import { inArray } from 'drizzle-orm';
import { translationStatus } from '@drone-exam/shared/i18n';
import type { AdminQuestion, Question } from '@drone-exam/shared/schemas/content';
import { type LearnMoreRef } from '@drone-exam/shared/schemas/exam';
import { examMaskOf, examsOfMask } from '@drone-exam/shared/schemas/exam-values';
import {
  parseFigure,
  type QuestionFigure,
  type QuestionFigureFrench,
} from '@drone-exam/shared/schemas/figure';
import { stemHash } from '@drone-exam/shared/hash';
import type { Db } from '../db/client.ts';
import { questions } from '../db/schema.ts';
import { bumpCounter } from '../lib/events.ts';
import { newId } from '../lib/ids.ts';
import { iso } from '../lib/time.ts';
import { isWithdrawn } from '../quality/withdrawal.ts';
import { D1_MAX_PARAMS, chunk, type Statement } from './batch.ts';

export const DUPLICATE_QUESTION = 'Duplicate of a question already in the bank';

const parseJson = <T>(json: string | null): T | null =>
  json === null ? null : (JSON.parse(json) as T);

/** learn_more_json: the section that teaches the question, and the others that also answer it. */
type StoredLearnMore = { learnMore: LearnMoreRef; alsoTaughtIn?: LearnMoreRef[] };

export function toAdminQuestion(row: typeof questions.$inferSelect): AdminQuestion {
  const learnMore = parseJson<StoredLearnMore>(row.learnMoreJson);
  const rationalesFr = parseJson<string[]>(row.optionExplanationsFrJson);
  return {
    id: row.id,
    question: row.question,
    options: JSON.parse(row.optionsJson) as string[],
    correctAnswer: row.correctAnswer,
    explanation: row.explanation,
    category: row.category,
    difficulty: row.difficulty,
    tags: JSON.parse(row.tagsJson) as string[],
    regulationReference: row.regulationReference,
    imageUrl: row.imageUrl,
    figure: parseFigure<QuestionFigure>(row.figureJson),
    optionExplanations: parseJson<string[]>(row.optionExplanationsJson),
    learnMore: learnMore?.learnMore ?? null,
    alsoTaughtIn: learnMore?.alsoTaughtIn ?? [],
    exams: examsOfMask(row.examsMask),
    isActive: row.isActive,
    version: row.version,
    timesAnswered: row.timesAnswered,
    timesCorrect: row.timesCorrect,
    openReports: row.openReports,
    withdrawn: isWithdrawn(row.openWrongAnswerReports),
    statsSinceVersion: row.statsEpoch,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    french:
      row.questionFr === null
        ? null
        : {
            question: row.questionFr,
            options: JSON.parse(row.optionsFrJson ?? '[]') as string[],
            explanation: row.explanationFr ?? '',
            ...(row.figureFrJson
              ? { figure: parseFigure<QuestionFigureFrench>(row.figureFrJson)! }
              : {}),
            ...(rationalesFr ? { optionExplanations: rationalesFr } : {}),
          },
    frenchStatus: translationStatus(row.questionFr !== null, row.textChangedAt, row.frChangedAt),
  };
}

/** The stored columns of a checked question (the same for the editor, the API and imports). */
export function questionColumns(input: Question, hash: string) {
  return {
    question: input.question,
    optionsJson: JSON.stringify(input.options),
    correctAnswer: input.correctAnswer,
    explanation: input.explanation,
    category: input.category,
    difficulty: input.difficulty,
    tagsJson: JSON.stringify(input.tags),
    regulationReference: input.regulationReference || null,
    imageUrl: input.imageUrl ?? null,
    figureJson: input.figure ? JSON.stringify(input.figure) : null,
    optionExplanationsJson: input.optionExplanations
      ? JSON.stringify(input.optionExplanations)
      : null,
    learnMoreJson: input.learnMore
      ? JSON.stringify({
          learnMore: input.learnMore,
          ...(input.alsoTaughtIn?.length ? { alsoTaughtIn: input.alsoTaughtIn } : {}),
        } satisfies StoredLearnMore)
      : null,
    examsMask: examMaskOf(input.exams),
    isActive: input.isActive,
    stemHash: hash,
  };
}

/** Stem hashes of the questions, in order (the duplicate key: case, spacing, punctuation ignored). */
export function stemHashes(list: readonly Question[]): Promise<string[]> {
  return Promise.all(list.map((q) => stemHash(q.question)));
}

/** Queries finding which of the hashes the bank already holds, each within D1's parameter cap. */
export function existingStemQueries(db: Db, hashes: readonly string[]) {
  return chunk([...new Set(hashes)], D1_MAX_PARAMS).map((part) =>
    db
      .select({ stemHash: questions.stemHash })
      .from(questions)
      .where(inArray(questions.stemHash, part)),
  );
}

/**
 * Inserts for a whole import: ids ascend in file order (so the export lists the rows as they were
 * imported), as many rows per statement as D1's parameter cap allows, and the bank counters.
 */
export function importStatements(
  db: Db,
  list: readonly Question[],
  hashes: readonly string[],
  now: number,
): Statement[] {
  const ids = list.map(() => newId()).sort();
  const rows = list.map((input, i) => ({
    id: ids[i]!,
    ...questionColumns(input, hashes[i]!),
    version: 1,
    createdAt: now,
    updatedAt: now,
  }));
  const first = rows[0];
  if (!first) return [];
  const paramsPerRow = db.insert(questions).values(first).toSQL().params.length;
  const rowsPerInsert = Math.max(1, Math.floor(D1_MAX_PARAMS / paramsPerRow));
  const active = list.filter((q) => q.isActive).length;
  return [
    ...chunk(rows, rowsPerInsert).map((part) => db.insert(questions).values(part)),
    bumpCounter(db, 'questions.total', list.length),
    ...(active ? [bumpCounter(db, 'questions.active', active)] : []),
  ];
}
