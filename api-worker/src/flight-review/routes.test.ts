import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_KIND_NOT_FOUND,
  DOCUMENT_NOT_SAVED,
  EXERCISE_DONE_REQUIRED,
  EXERCISE_NOT_FOUND,
  FLIGHT_REVIEW_EXERCISE_IDS,
  SITE_NAME_REQUIRED,
} from '@drone-exam/shared/schemas/flight-review-values';
import type {
  FlightReviewDocument,
  FlightReviewKit,
} from '@drone-exam/shared/schemas/flight-review';
import { call, callOk, signedInUser, testDb } from '../../test/helpers.ts';
import { flightReviewDocuments } from '../db/schema.ts';

const survey = {
  siteName: 'Riverside field',
  surveyDate: '2026-11-29',
  operationalVolume:
    'Flight geography 200 m square; contingency volume 30 m; ground risk buffer 30 m',
  airspace: 'Class G; NOTAMs checked',
  obstacles: 'Power line along the north edge',
};

const put = (token: string, path: string, body: unknown) =>
  call(path, { token, method: 'PUT', body });

describe('flight review kit', () => {
  it('lists the nine exercises in the standard’s order, none done and no documents at first', async () => {
    const learner = await signedInUser();
    const kit = await callOk<FlightReviewKit>('/api/flight-review', { token: learner.token });
    expect(kit.exercises.map((exercise) => exercise.id)).toEqual(FLIGHT_REVIEW_EXERCISE_IDS);
    expect(kit.exercises).toHaveLength(9);
    expect(kit.exercises.every((exercise) => !exercise.done)).toBe(true);
    expect(kit.exercises[0]!.title).toBe('Describe the site survey process');
    expect(kit.documents).toEqual([]);

    const french = await callOk<FlightReviewKit>('/api/flight-review', {
      token: learner.token,
      headers: { 'accept-language': 'fr-CA' },
    });
    expect(french.exercises[0]!.title).toBe('Décrire le processus d’examen des lieux');
  });

  it('marks an exercise done and not done again, for that learner only', async () => {
    const learner = await signedInUser();
    const other = await signedInUser();
    const marked = await put(learner.token, '/api/flight-review/exercises/landing', { done: true });
    expect(marked.status).toBe(200);
    expect(marked.json).toMatchObject({
      success: true,
      data: { exercise: { id: 'landing', title: 'Landing', done: true } },
    });
    // Marking it twice keeps one mark.
    expect(
      (await put(learner.token, '/api/flight-review/exercises/landing', { done: true })).status,
    ).toBe(200);
    const kit = await callOk<FlightReviewKit>('/api/flight-review', { token: learner.token });
    expect(kit.exercises.filter((exercise) => exercise.done).map((e) => e.id)).toEqual(['landing']);
    const theirs = await callOk<FlightReviewKit>('/api/flight-review', { token: other.token });
    expect(theirs.exercises.some((exercise) => exercise.done)).toBe(false);

    await put(learner.token, '/api/flight-review/exercises/landing', { done: false });
    const after = await callOk<FlightReviewKit>('/api/flight-review', { token: learner.token });
    expect(after.exercises.some((exercise) => exercise.done)).toBe(false);
  });

  it('refuses an unknown exercise (404) and a mark that is not true or false (400)', async () => {
    const learner = await signedInUser();
    const unknown = await put(learner.token, '/api/flight-review/exercises/aerobatics', {
      done: true,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ success: false, error: EXERCISE_NOT_FOUND });
    const bad = await put(learner.token, '/api/flight-review/exercises/landing', { done: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ success: false, fields: { done: EXERCISE_DONE_REQUIRED } });
    const extra = await put(learner.token, '/api/flight-review/exercises/landing', {
      done: true,
      doneAt: 1,
    });
    expect(extra.status).toBe(400);
  });

  it('saves a site survey, reads it back and lists it; saving again replaces it', async () => {
    const learner = await signedInUser();
    const saved = await put(learner.token, '/api/flight-review/documents/site-survey', survey);
    expect(saved.status).toBe(200);
    const read = await callOk<{ document: FlightReviewDocument }>(
      '/api/flight-review/documents/site-survey',
      { token: learner.token },
    );
    expect(read.document.kind).toBe('site-survey');
    expect(read.document.fields).toMatchObject({ ...survey, weather: '', populatedAreas: '' });
    const kit = await callOk<FlightReviewKit>('/api/flight-review', { token: learner.token });
    expect(kit.documents).toEqual([{ kind: 'site-survey', updatedAt: read.document.updatedAt }]);

    await put(learner.token, '/api/flight-review/documents/site-survey', {
      ...survey,
      obstacles: '',
    });
    const again = await callOk<{ document: FlightReviewDocument }>(
      '/api/flight-review/documents/site-survey',
      { token: learner.token },
    );
    expect(again.document.fields).toMatchObject({ obstacles: '' });
    expect(await testDb().select().from(flightReviewDocuments)).toHaveLength(1);
  });

  it('saves the normal and emergency procedures with their own fields', async () => {
    const learner = await signedInUser();
    const normal = await put(learner.token, '/api/flight-review/documents/normal-procedures', {
      preFlight: 'Checklist A',
      landing: 'Into wind',
    });
    expect(normal.status).toBe(200);
    const emergency = await put(
      learner.token,
      '/api/flight-review/documents/emergency-procedures',
      { lostLink: 'Return to home at 60 m', contacts: 'ATS unit', reporting: 'TSB when required' },
    );
    expect(emergency.status).toBe(200);
    // A field of another kind is not one of this kind's.
    const mixed = await put(learner.token, '/api/flight-review/documents/normal-procedures', {
      lostLink: 'x',
    });
    expect(mixed.status).toBe(400);
    const kit = await callOk<FlightReviewKit>('/api/flight-review', { token: learner.token });
    expect(kit.documents.map((document) => document.kind)).toEqual([
      'normal-procedures',
      'emergency-procedures',
    ]);
  });

  it('refuses a bad survey (400, field by field) and writes nothing', async () => {
    const learner = await signedInUser();
    const noName = await put(learner.token, '/api/flight-review/documents/site-survey', {
      ...survey,
      siteName: ' ',
    });
    expect(noName.status).toBe(400);
    expect(noName.json).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      fields: { siteName: SITE_NAME_REQUIRED },
    });
    const long = await put(learner.token, '/api/flight-review/documents/site-survey', {
      ...survey,
      weather: 'x'.repeat(2001),
    });
    expect(long.status).toBe(400);
    expect(long.json.success === false && long.json.fields?.weather).toBeTruthy();
    const badDate = await put(learner.token, '/api/flight-review/documents/site-survey', {
      ...survey,
      surveyDate: '29/11/2026',
    });
    expect(badDate.status).toBe(400);
    const unknownField = await put(learner.token, '/api/flight-review/documents/site-survey', {
      ...survey,
      pilotLicence: 'x',
    });
    expect(unknownField.status).toBe(400);
    expect(await testDb().select().from(flightReviewDocuments)).toEqual([]);
  });

  it('answers 404 for an unknown kind and for a document not saved', async () => {
    const learner = await signedInUser();
    const unknownRead = await call('/api/flight-review/documents/flight-plan', {
      token: learner.token,
    });
    expect(unknownRead.status).toBe(404);
    expect(unknownRead.json).toMatchObject({ error: DOCUMENT_KIND_NOT_FOUND });
    const unknownWrite = await put(learner.token, '/api/flight-review/documents/flight-plan', {});
    expect(unknownWrite.status).toBe(404);
    const none = await call('/api/flight-review/documents/site-survey', { token: learner.token });
    expect(none.status).toBe(404);
    expect(none.json).toMatchObject({ error: DOCUMENT_NOT_SAVED });
  });

  it('keeps each learner’s documents their own: another learner reads 404', async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    await put(owner.token, '/api/flight-review/documents/site-survey', survey);
    const theirs = await call('/api/flight-review/documents/site-survey', { token: other.token });
    expect(theirs.status).toBe(404);
    const kit = await callOk<FlightReviewKit>('/api/flight-review', { token: other.token });
    expect(kit.documents).toEqual([]);
    // Their own save does not touch the owner's.
    await put(other.token, '/api/flight-review/documents/site-survey', {
      ...survey,
      siteName: 'Elsewhere',
    });
    const mine = await callOk<{ document: FlightReviewDocument }>(
      '/api/flight-review/documents/site-survey',
      { token: owner.token },
    );
    expect(mine.document.fields).toMatchObject({ siteName: 'Riverside field' });
  });

  it('refuses visitors (401) on every route', async () => {
    const paths: Array<[string, string, unknown?]> = [
      ['GET', '/api/flight-review'],
      ['PUT', '/api/flight-review/exercises/landing', { done: true }],
      ['GET', '/api/flight-review/documents/site-survey'],
      ['PUT', '/api/flight-review/documents/site-survey', survey],
    ];
    for (const [method, path, body] of paths) {
      const answer = await call(path, { method, body });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.json.success).toBe(false);
    }
    expect(await testDb().select().from(flightReviewDocuments)).toEqual([]);
  });
});
