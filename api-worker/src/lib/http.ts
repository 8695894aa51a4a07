import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { fieldErrors, firstError, type ApiFailure } from '@drone-exam/shared';
import type { AppEnv } from '../env.ts';

/** Thrown anywhere in a handler; the app's error handler turns it into the one error shape. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new ApiError(404, what, 'NOT_FOUND');
export const forbidden = (message = 'You do not have permission to do that') =>
  new ApiError(403, message, 'FORBIDDEN');
export const badRequest = (message: string, code = 'BAD_REQUEST') =>
  new ApiError(400, message, code);
export const conflict = (message: string, code = 'CONFLICT') => new ApiError(409, message, code);

export function ok<T>(c: Context<AppEnv>, data: T, status: ContentfulStatusCode = 200) {
  return c.json({ success: true as const, data }, status);
}

export function failure(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  code?: string,
  fields?: Record<string, string>,
) {
  const body: ApiFailure = { success: false, error };
  if (code) body.code = code;
  if (fields) body.fields = fields;
  return c.json(body, status);
}

type Target = 'json' | 'query' | 'param';

/**
 * Validates one part of the request with the shared zod schema; a failure answers 400 with the
 * first message as `error` and every field's message in `fields`.
 */
export function validate<T extends Target, S extends z.ZodType>(target: T, schema: S) {
  return validator(target, async (value, c) => {
    const result = await schema.safeParseAsync(value);
    if (!result.success) {
      return failure(
        c,
        400,
        firstError(result.error),
        'VALIDATION_ERROR',
        fieldErrors(result.error),
      );
    }
    return result.data as z.output<S>;
  });
}
