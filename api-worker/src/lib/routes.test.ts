import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { SMOKE_CASES } from '../../../tests/smoke/cases.ts';
import { app } from '../app.ts';
import { listRoutes, routeCoverage } from './routes.ts';

const smoked = SMOKE_CASES.map((smokeCase) => smokeCase.route);

describe('the route enumerator behind the runtime smoke suite', () => {
  it('lists handler routes once each, never middleware', () => {
    const sample = new Hono()
      .use('/api/*', async (_c, next) => next())
      .get('/api/a', (c) => c.text('a'))
      .post('/api/a', (c) => c.text('posted'))
      .get(
        '/api/b/:id',
        async (_c, next) => next(),
        (c) => c.text('b'),
      );
    expect(listRoutes(sample)).toEqual(['GET /api/a', 'POST /api/a', 'GET /api/b/:id']);
  });

  it('finds a smoke case for every route of the app, and no case for a route it lacks', () => {
    expect(routeCoverage(listRoutes(app), smoked)).toEqual({ missing: [], unknown: [] });
  });

  it('fails the suite for a route added without a smoke case', () => {
    const grown = new Hono().route('/', app).get('/api/new-feature', (c) => c.text('new'));
    expect(routeCoverage(listRoutes(grown), smoked)).toEqual({
      missing: ['GET /api/new-feature'],
      unknown: [],
    });
  });
});
