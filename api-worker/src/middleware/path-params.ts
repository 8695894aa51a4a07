import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { failure } from '../lib/http.ts';

/**
 * The longest path segment any route names: ids are at most 64 characters, slugs 120, link tokens
 * fewer. Counted as sent (percent-encoded), so a segment also stays under this many bytes once
 * decoded, and a parameter can never push a KV key past KV's 512-byte limit.
 */
export const PATH_SEGMENT_MAX = 200;

/**
 * One check for every route's path parameters, before any handler looks one up: a segment longer
 * than any id, slug or token names nothing, so it answers 404 whatever the route.
 */
export const boundedPathSegments = createMiddleware<AppEnv>(async (c, next) => {
  const path = new URL(c.req.url).pathname;
  if (path.split('/').some((segment) => segment.length > PATH_SEGMENT_MAX)) {
    return failure(c, 404, 'Not found', 'NOT_FOUND');
  }
  await next();
});
