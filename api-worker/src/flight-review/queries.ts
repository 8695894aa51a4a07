import { and, eq } from 'drizzle-orm';
import {
  FLIGHT_REVIEW_DOCUMENT_KINDS,
  FLIGHT_REVIEW_EXERCISES,
  type FlightReviewDocumentKind,
  type FlightReviewExerciseId,
} from '@drone-exam/shared/schemas/flight-review-values';
import type {
  FlightReviewDocument,
  FlightReviewDocumentFields,
  FlightReviewKit,
} from '@drone-exam/shared/schemas/flight-review';
import type { Locale } from '@drone-exam/shared/i18n';
import type { Db } from '../db/client.ts';
import { namedBatch } from '../db/batch.ts';
import { flightReviewDocuments, flightReviewExercises } from '../db/schema.ts';
import { iso } from '../lib/time.ts';

type DocumentRow = typeof flightReviewDocuments.$inferSelect;

const exerciseTitle = (id: FlightReviewExerciseId, locale: Locale): string =>
  FLIGHT_REVIEW_EXERCISES.find((exercise) => exercise.id === id)!.title[locale];

export const toExercise = (id: FlightReviewExerciseId, done: boolean, locale: Locale) => ({
  id,
  title: exerciseTitle(id, locale),
  done,
});

export const toDocument = (row: DocumentRow): FlightReviewDocument => ({
  kind: row.kind,
  fields: JSON.parse(row.fieldsJson) as FlightReviewDocumentFields,
  updatedAt: iso(row.updatedAt)!,
});

/** The checklist in the standard's order and the saved documents: one round trip. */
export async function readKit(db: Db, userId: string, locale: Locale): Promise<FlightReviewKit> {
  const { done, documents } = await namedBatch(db, {
    done: db
      .select({ exerciseId: flightReviewExercises.exerciseId })
      .from(flightReviewExercises)
      .where(eq(flightReviewExercises.userId, userId)),
    documents: db
      .select({ kind: flightReviewDocuments.kind, updatedAt: flightReviewDocuments.updatedAt })
      .from(flightReviewDocuments)
      .where(eq(flightReviewDocuments.userId, userId)),
  });
  const doneIds = new Set(done.map((row) => row.exerciseId));
  const saved = new Map(documents.map((row) => [row.kind, row.updatedAt]));
  return {
    exercises: FLIGHT_REVIEW_EXERCISES.map((exercise) =>
      toExercise(exercise.id, doneIds.has(exercise.id), locale),
    ),
    documents: FLIGHT_REVIEW_DOCUMENT_KINDS.filter((kind) => saved.has(kind)).map((kind) => ({
      kind,
      updatedAt: iso(saved.get(kind))!,
    })),
  };
}

/** Marks an exercise done (keeping when it was first marked) or not done. */
export async function markExercise(
  db: Db,
  userId: string,
  exerciseId: FlightReviewExerciseId,
  done: boolean,
) {
  if (done) {
    await db
      .insert(flightReviewExercises)
      .values({ userId, exerciseId, doneAt: Date.now() })
      .onConflictDoNothing();
    return;
  }
  await db
    .delete(flightReviewExercises)
    .where(
      and(
        eq(flightReviewExercises.userId, userId),
        eq(flightReviewExercises.exerciseId, exerciseId),
      ),
    );
}

export async function readDocument(db: Db, userId: string, kind: FlightReviewDocumentKind) {
  const [row] = await db
    .select()
    .from(flightReviewDocuments)
    .where(and(eq(flightReviewDocuments.userId, userId), eq(flightReviewDocuments.kind, kind)));
  return row ? toDocument(row) : null;
}

/** Saves the whole document (the form sends every field), replacing what was there. */
export async function saveDocument(
  db: Db,
  userId: string,
  kind: FlightReviewDocumentKind,
  fields: FlightReviewDocumentFields,
) {
  const values = { fieldsJson: JSON.stringify(fields), updatedAt: Date.now() };
  const [row] = await db
    .insert(flightReviewDocuments)
    .values({ userId, kind, ...values })
    .onConflictDoUpdate({
      target: [flightReviewDocuments.userId, flightReviewDocuments.kind],
      set: values,
    })
    .returning();
  return toDocument(row!);
}
