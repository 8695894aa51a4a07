import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { fr as zodFrench } from 'zod/locales';
import { fieldErrors, firstError, type ApiFailure } from '@drone-exam/shared';
import type { Locale } from '@drone-exam/shared/i18n';
import { localizeMessage } from '@drone-exam/shared/messages';
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

/**
 * The one error shape, its messages in the request's language: every message is raised in
 * English (its id) and translated here, so no route or schema is written twice.
 */
export function failure(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  code?: string,
  fields?: Record<string, string>,
) {
  const locale: Locale = (c.var as Partial<AppEnv['Variables']>).locale ?? 'en';
  const body: ApiFailure = { success: false, error: localizeMessage(error, locale) };
  if (code) body.code = code;
  if (fields) {
    body.fields = Object.fromEntries(
      Object.entries(fields).map(([key, message]) => [key, localizeMessage(message, locale)]),
    );
  }
  return c.json(body, status);
}

/**
 * zod's own messages (for checks a schema gives no message of its own) in the request's
 * language; the schemas' messages are translated by `failure`.
 */
const ZOD_LOCALE_ERRORS: Partial<Record<Locale, z.core.$ZodErrorMap>> = {};
export function zodErrors(locale: Locale): z.core.$ZodErrorMap | undefined {
  if (locale === 'en') return undefined;
  ZOD_LOCALE_ERRORS.fr ??= zodFrench().localeError;
  return ZOD_LOCALE_ERRORS.fr;
}

type Target = 'json' | 'query' | 'param';

/**
 * Validates one part of the request with the shared zod schema; a failure answers 400 with the
 * first message as `error` and every field's message in `fields`.
 */
export function validate<T extends Target, S extends z.ZodType>(target: T, schema: S) {
  return validator(target, async (value, c) => {
    const error = zodErrors(c.var.locale);
    const result = await schema.safeParseAsync(value, error ? { error } : undefined);
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
