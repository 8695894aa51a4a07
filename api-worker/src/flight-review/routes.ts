import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { fieldErrors, firstError } from '@drone-exam/shared/validation';
import {
  DOCUMENT_KIND_NOT_FOUND,
  DOCUMENT_NOT_SAVED,
  EXERCISE_NOT_FOUND,
  FLIGHT_REVIEW_DOCUMENT_KINDS,
  FLIGHT_REVIEW_EXERCISE_IDS,
  type FlightReviewDocumentKind,
  type FlightReviewExerciseId,
} from '@drone-exam/shared/schemas/flight-review-values';
import {
  ExerciseMarkSchema,
  FLIGHT_REVIEW_DOCUMENT_SCHEMAS,
  type FlightReviewDocumentFields,
} from '@drone-exam/shared/schemas/flight-review';
import type { AppEnv } from '../env.ts';
import { failure, notFound, ok, validate, zodErrors } from '../lib/http.ts';
import { requireAuth } from '../middleware/auth.ts';
import { markExercise, readDocument, readKit, saveDocument, toExercise } from './queries.ts';

const exerciseParam = validator('param', (value) => {
  const id = FLIGHT_REVIEW_EXERCISE_IDS.find((known) => known === value.id);
  if (!id) throw notFound(EXERCISE_NOT_FOUND);
  return { id: id as FlightReviewExerciseId };
});

const kindParam = validator('param', (value) => {
  const kind = FLIGHT_REVIEW_DOCUMENT_KINDS.find((known) => known === value.kind);
  if (!kind) throw notFound(DOCUMENT_KIND_NOT_FOUND);
  return { kind: kind as FlightReviewDocumentKind };
});

/** The body checked with the strict schema of the document kind in the path. */
const documentFields = validator('json', async (value, c) => {
  const kind = c.req.param('kind') as FlightReviewDocumentKind;
  const error = zodErrors(c.var.locale);
  const result = await FLIGHT_REVIEW_DOCUMENT_SCHEMAS[kind].safeParseAsync(
    value,
    error ? { error } : undefined,
  );
  if (result.success) return result.data as FlightReviewDocumentFields;
  return failure(c, 400, firstError(result.error), 'VALIDATION_ERROR', fieldErrors(result.error));
});

/**
 * The flight review kit (issue 28): free for every signed-in learner, and each learner's own.
 * Every read and write is keyed by the session's user, so nothing of another learner's is
 * reachable: their documents answer 404 like any document not saved.
 */
export const flightReviewRoutes = new Hono<AppEnv>()
  .use('*', requireAuth)
  .get('/', async (c) => ok(c, await readKit(c.var.db, c.var.auth!.userId, c.var.locale)))
  .put('/exercises/:id', exerciseParam, validate('json', ExerciseMarkSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { done } = c.req.valid('json');
    await markExercise(c.var.db, c.var.auth!.userId, id, done);
    return ok(c, { exercise: toExercise(id, done, c.var.locale) });
  })
  .get('/documents/:kind', kindParam, async (c) => {
    const document = await readDocument(c.var.db, c.var.auth!.userId, c.req.valid('param').kind);
    if (!document) throw notFound(DOCUMENT_NOT_SAVED);
    return ok(c, { document });
  })
  .put('/documents/:kind', kindParam, documentFields, async (c) => {
    const document = await saveDocument(
      c.var.db,
      c.var.auth!.userId,
      c.req.valid('param').kind,
      c.req.valid('json'),
    );
    return ok(c, { document });
  });
