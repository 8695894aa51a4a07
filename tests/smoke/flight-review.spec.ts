/**
 * Smoke test of the flight review kit (issue 28) in the stack `npm start` runs: a learner's
 * checklist marks and saved site survey come back to them through the learner's own origin, in
 * French too, and a second learner reads none of it (404). Its route cases (success and refusal)
 * are the "flight review kit" block of tests/smoke/cases.ts, run by routes.spec.ts.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newLearner, visitor } from './stack.ts';

test('a learner keeps their own flight review kit; another learner reads 404', async () => {
  const run = randomBytes(4).toString('hex');
  const owner = await newLearner(run, 'flight-owner');
  const other = await newLearner(run, 'flight-other');
  const survey = {
    siteName: `Smoke field ${run}`,
    surveyDate: '2026-11-29',
    airspace: 'Class G, NOTAMs checked',
  };

  expect((await visitor.call('GET', '/api/flight-review')).status).toBe(401);
  const marked = await owner.client.call('PUT', '/api/flight-review/exercises/site-survey', {
    done: true,
  });
  expect(marked.status).toBe(200);
  const saved = await owner.client.call('PUT', '/api/flight-review/documents/site-survey', survey);
  expect(saved.status).toBe(200);

  const read = await owner.client.call('GET', '/api/flight-review/documents/site-survey');
  expect(read.json?.data?.document?.fields).toMatchObject(survey);
  const kit = await owner.client.call('GET', '/api/flight-review', undefined, {
    'accept-language': 'fr-CA',
  });
  expect(kit.json?.data?.exercises?.[0]).toEqual({
    id: 'site-survey',
    title: 'Décrire le processus d’examen des lieux',
    done: true,
  });
  expect(kit.json?.data?.documents).toEqual([
    { kind: 'site-survey', updatedAt: read.json?.data?.document?.updatedAt },
  ]);

  const theirs = await other.client.call('GET', '/api/flight-review/documents/site-survey');
  expect(theirs.status).toBe(404);
  expect(theirs.json?.success).toBe(false);
  const theirKit = await other.client.call('GET', '/api/flight-review');
  expect(theirKit.json?.data?.documents).toEqual([]);
  expect(theirKit.json?.data?.exercises?.some((e: { done: boolean }) => e.done)).toBe(false);
});
