import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { failure } from '../lib/http.ts';
import { API_BODY_LIMIT_BYTES, IMPORT_BODY_LIMIT_BYTES } from './constants.ts';

/** Routes that take a whole file in one request. */
const FILE_ROUTES = new Set(['/api/admin/questions/bulk-import', '/api/admin/modules/import']);

const mebibytes = (bytes: number) => `${bytes / (1024 * 1024)} MiB`;

/**
 * Refuses an oversized body with a 413 before anything reads it: by its Content-Length when it
 * has one, else while it streams in, so a 10 MB body is never buffered whole.
 */
export const requestBodyLimit = createMiddleware<AppEnv>((c, next) => {
  const maxSize = FILE_ROUTES.has(c.req.path) ? IMPORT_BODY_LIMIT_BYTES : API_BODY_LIMIT_BYTES;
  return bodyLimit({
    maxSize,
    onError: (refused) =>
      failure(
        refused,
        413,
        `The request body is larger than this route accepts (${mebibytes(maxSize)}).`,
        'PAYLOAD_TOO_LARGE',
      ),
  })(c, next);
});
